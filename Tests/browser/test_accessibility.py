"""axe-core 4.12 on every generated page (index, country picker, forms, docs, reference pages, 404), empty and,
for forms, with errors showing."""

import pytest
from selenium.webdriver.common.by import By

from helpers import summary_items, wait_for



def form_paths(site_dir):
    return sorted(str(path.parent.relative_to(site_dir)) for path in site_dir.rglob("index.html")
                  if 'id="fg-spec"' in path.read_text())


def run_axe(driver, axe_source):
    driver.execute_script(axe_source)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations.map(function (v) {"
        "  return v.id + ' (' + v.impact + '): ' + v.nodes.map(function (n) { return n.target.join(' '); }).join(', '); })); },"
        "  function (e) { done(['axe failed: ' + e]); });")
    return result


def page_paths(site_dir):
    """Every HTML page of the build, as the URL path a browser asks for."""
    paths = []
    for path in sorted(site_dir.rglob("*.html")):
        relative = path.relative_to(site_dir)
        paths.append(str(relative.parent) + "/" if relative.name == "index.html" and str(relative.parent) != "." else
                     "" if relative.name == "index.html" else str(relative))
    return paths


@pytest.fixture(scope="module")
def pages(site_dir):
    return page_paths(site_dir)


def test_every_form_page_is_checked(site_dir):
    paths = form_paths(site_dir)
    assert {"kyc/nl", "kyc/de", "kyc/us", "kyc/be", "fr/kyc/be", "de/kyc/be", "ar/login", "pet-adoption", "registration",
            "lumiform-nested"} <= set(paths)


def test_every_kind_of_page_is_checked(pages):
    for path in ["", "kyc/", "kyc/nl/", "docs/", "docs/privacy/", "kyc/reference/", "registration/reference/", "404.html", "rates/"]:
        assert path in pages


def test_no_violations_in_the_empty_state(browser, base_url, pages, axe_source):
    browser.set_script_timeout(30)
    found = {}
    for path in pages:
        browser.get(f"{base_url}/{path}")
        violations = run_axe(browser, axe_source)
        if violations:
            found[path or "/"] = violations
    assert found == {}


def test_no_violations_with_errors_showing(browser, base_url, site_dir, axe_source, mock):
    mock.profile_fails = False
    browser.set_script_timeout(30)
    found = {}
    for path in form_paths(site_dir):
        browser.get(f"{base_url}/{path}/")
        browser.execute_script("localStorage.clear()")
        browser.get(f"{base_url}/{path}/")
        nexts = browser.find_elements(By.CSS_SELECTOR, "[data-fg-next]")
        while nexts and nexts[0].is_displayed() and not summary_items(browser):
            nexts[0].click()
        if not summary_items(browser):
            browser.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        # A form without required fields has no errors to show; its result panel is checked instead.
        wait_for(lambda: summary_items(browser) or browser.find_element(By.ID, "fg-result").is_displayed(), message=f"errors on {path}")
        violations = run_axe(browser, axe_source)
        if violations:
            found[path] = violations
    assert found == {}


def test_no_violations_while_a_data_source_failed(browser, base_url, axe_source, mock):
    mock.profile_fails = True
    try:
        browser.get(f"{base_url}/kyc/nl/")
        wait_for(lambda: browser.find_elements(By.ID, "fg-source-user_profile"), message="the failure message")
        assert run_axe(browser, axe_source) == []
    finally:
        mock.profile_fails = False


def test_the_check_does_report_a_violation_when_there_is_one(browser, base_url, axe_source):
    browser.get(f"{base_url}/kyc/de/")
    browser.execute_script("document.querySelector('label[for=f-first_name]').remove()")
    assert any(v.startswith("label ") for v in run_axe(browser, axe_source))
