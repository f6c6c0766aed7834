"""The site's own pages as a person sees them (#35, part B), measured in Chromium: the country picker (names in the
page's language, a filter box for a long list, plain links without JavaScript), the reference page's wide tables at
1200 px, docs' task lists and table of contents, and the home page (one H1, developer links set apart, a header that
fits at 320 px)."""
import shutil
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, chrome
from helpers import wait_for
from test_accessibility import run_axe

RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) { window.__cspViolations.push(e.violatedDirective); });
"""
# Eleven countries more than the example's four: a list long enough for the filter box.
MORE_COUNTRIES = {"AT": "Österreich", "CH": "Schweiz", "DK": "Danmark", "ES": "España", "FR": "France", "IT": "Italia",
                  "LU": "Lëtzebuerg", "PT": "Portugal"}


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def long_flow(tmp_path_factory):
    """The example site with twelve countries in its flow, built and served as static files."""
    work = tmp_path_factory.mktemp("flow")
    configs = work / "configs"
    shutil.copytree(REPOSITORY / "configs", configs)
    flow = configs / "forms" / "kyc.yaml"
    lines = "".join(f"  {code}: {{ name: {name} }}\n" for code, name in MORE_COUNTRIES.items())
    flow.write_text(flow.read_text().replace("countries:\n", "countries:\n" + lines, 1))
    for code in MORE_COUNTRIES:
        (configs / "countries" / f"{code.lower()}.yaml").write_text(f"country: {code}\nfields:\n  - {{id: name, label: Name, type: text}}\n")
    out = work / "public"
    subprocess.run([str(REPOSITORY / ".build/debug/formgen"), "build", "-c", str(configs), "-t", str(REPOSITORY / "templates"),
                    "-o", str(out)], check=True, capture_output=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def watched():
    driver = chrome()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_CSP_VIOLATIONS})
    yield driver
    driver.quit()


def shown_countries(driver):
    return driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('#fg-filter-list li'), function (li) {"
        "  return li.offsetParent !== null; }).map(function (li) { return li.querySelector('a').textContent; })")


# The country picker

def test_the_country_picker_lists_names_a_reader_looks_for_with_the_endonym_beside(page):
    """Before: "BE België", "DE Deutschland"… sorted by code, an underlined space in each link."""
    driver = page("kyc/")
    rows = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.fg-countries li'), function (li) {"
        "  return [li.querySelector('a').textContent, li.textContent]; })")
    assert rows == [["Belgium", "Belgium België"], ["Germany", "Germany Deutschland"],
                    ["Netherlands", "Netherlands Nederland"], ["United States", "United States"]]
    assert not driver.find_elements(By.ID, "fg-filter-input")


def test_a_long_country_list_filters_as_you_type_under_the_pages_csp(long_flow, watched, axe_source):
    watched.get(long_flow + "kyc/")
    box = watched.find_element(By.ID, "fg-filter-input")
    assert box.is_displayed()
    assert len(shown_countries(watched)) == 12
    box.send_keys("bel")
    assert shown_countries(watched) == ["Belgium"]
    assert watched.find_element(By.ID, "fg-filter-status").get_attribute("textContent") == "Countries shown: 1"
    box.clear()
    box.send_keys("osterr")  # the endonym, without its accent
    wait_for(lambda: shown_countries(watched) == ["Austria"], message="Austria by its own name")
    box.clear()
    box.send_keys("zz")
    wait_for(lambda: shown_countries(watched) == [], message="nothing")
    assert watched.find_element(By.ID, "fg-filter-status").get_attribute("textContent") == "Countries shown: 0"
    assert not watched.find_element(By.ID, "fg-filter-status").is_displayed() or \
        watched.find_element(By.ID, "fg-filter-status").size["width"] <= 1
    assert watched.execute_script("return window.__cspViolations") == []
    assert run_axe(watched, axe_source) == []


def test_without_javascript_the_long_list_is_plain_links(long_flow):
    driver = chrome(javascript=False)
    try:
        driver.get(long_flow + "kyc/")
        assert not driver.find_element(By.ID, "fg-filter").is_displayed()
        assert len(driver.find_elements(By.CSS_SELECTOR, "#fg-filter-list li a")) == 12
    finally:
        driver.quit()


# The reference page

TABLES = """
return Array.prototype.map.call(document.querySelectorAll('.fg-table'), function (t) {
  var r = t.getBoundingClientRect();
  return {label: t.getAttribute('aria-label'), role: t.getAttribute('role'), tabindex: t.getAttribute('tabindex'),
          scroll: t.scrollWidth, client: t.clientWidth, left: r.left, right: r.right};
});
"""


@pytest.mark.parametrize("path", ["kyc/reference/", "registration/reference/", "household/reference/"])
def test_reference_tables_use_the_page_width_at_1200_px_and_clip_nothing(page, path):
    """Before: every table in the 40rem column at 1200 px, the country comparison scrolling (948 vs 608 px)."""
    driver = page(path)
    width = driver.execute_script("return document.documentElement.clientWidth")
    tables = driver.execute_script(TABLES)
    assert tables
    for table in tables:
        assert table["scroll"] <= table["client"] + 1, table
        assert table["left"] >= 0 and table["right"] <= width, table
        assert table["role"] == "region" and table["tabindex"] == "0" and table["label"], table
    if path == "kyc/reference/":
        widest = max(table["client"] for table in tables)
        assert widest > 700, tables


def test_reference_tables_scroll_in_their_region_at_320_px(page):
    driver = page("kyc/reference/")
    try:
        driver.set_window_size(320, 900)
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        width = driver.execute_script("return document.documentElement.clientWidth")
        for table in driver.execute_script(TABLES):
            assert table["left"] >= 0 and table["right"] <= width, table
    finally:
        driver.set_window_size(1200, 1000)


# Docs

def test_a_task_list_shows_one_mark_per_item(page):
    """Before: each task item showed the list's bullet and its ☑/☐."""
    driver = page("docs/filling-in-kyc/")
    styles = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('li:has(> .fg-task)'), function (li) {"
        "  return getComputedStyle(li).listStyleType; })")
    assert styles == ["none", "none", "none"]


@pytest.mark.parametrize("path, contents", [
    ("docs/filling-in-kyc/", ["Before you start", "Step by step", "If the form says there is a problem"]),
    ("docs/privacy/", ["What we collect", "What the form does in your browser", "How long we keep it"]),
    ("docs/countries/", None)])
def test_a_long_doc_page_has_a_table_of_contents(page, path, contents):
    driver = page(path)
    tocs = driver.find_elements(By.ID, "fg-toc")
    if contents is None:
        assert tocs == []
        return
    links = tocs[0].find_elements(By.TAG_NAME, "a")
    assert [link.text for link in links] == contents
    for link in links:
        target = link.get_attribute("href").split("#")[1]
        assert driver.find_element(By.ID, target).tag_name == "h2"
    assert driver.execute_script("var t = document.getElementById('fg-toc'), h = document.querySelector('h1');"
                                 "return h.compareDocumentPosition(t) === Node.DOCUMENT_POSITION_FOLLOWING")


# The home page

def test_the_home_page_says_its_title_once_as_its_heading(page):
    """Before: the site title in the header, the H1 and the footer alike."""
    driver = page("")
    title = driver.find_element(By.TAG_NAME, "h1").text
    assert title == "formgen example forms"
    assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1
    assert driver.find_element(By.CSS_SELECTOR, ".fg-footer").text != title
    assert title not in driver.find_element(By.CSS_SELECTOR, ".fg-footer").text


def test_developer_links_are_set_apart_from_the_form_links(page):
    """Before: "Field reference · JSON Schema" looked like the form links above them."""
    driver = page("")
    style = "var s = getComputedStyle(arguments[0]); return [parseFloat(s.fontSize), s.fontWeight]"
    form_link = driver.find_element(By.CSS_SELECTOR, "#forms li > a")
    developer = driver.find_element(By.CSS_SELECTOR, "#forms li .fg-developer")
    developer_link = developer.find_element(By.TAG_NAME, "a")
    assert developer.text.startswith("For developers: Field reference")
    form_size, form_weight = driver.execute_script(style, form_link)
    dev_size, dev_weight = driver.execute_script(style, developer_link)
    assert dev_size < form_size and form_weight == "700" and dev_weight == "400"


@pytest.mark.parametrize("width", [320, 360, 400])
def test_the_header_nav_wraps_as_a_whole_at_narrow_widths(page, width):
    """Before: at 400 px the nav wrapped to a second line pushed against the far edge."""
    driver = page("")
    try:
        driver.set_window_size(width, 900)
        layout = driver.execute_script(
            "var home = document.querySelector('.fg-home').getBoundingClientRect(), nav = document.querySelector('.fg-nav');"
            "var box = nav.getBoundingClientRect(), header = document.querySelector('.fg-header');"
            "return {homeLeft: home.left, homeBottom: home.bottom, navLeft: box.left, navTop: box.top,"
            "  lines: Array.prototype.map.call(nav.querySelectorAll('a'), function (a) { return a.getClientRects().length; }),"
            "  overflow: header.scrollWidth > header.clientWidth}")
        assert layout["lines"] == [1, 1]
        assert not layout["overflow"]
        if layout["navTop"] >= layout["homeBottom"]:
            assert abs(layout["navLeft"] - layout["homeLeft"]) <= 1, layout
    finally:
        driver.set_window_size(1200, 1000)


# Lumiform statements

def test_lumiform_statements_are_text_not_optional_inputs(page):
    """Before: "Welcome to the main page!" was the label of an optional text input."""
    driver = page("lumiform-nested/")
    statement = driver.find_element(By.ID, "fg-field-text_1")
    assert statement.text == "Welcome to the main page!"
    assert statement.find_elements(By.CSS_SELECTOR, "input, label") == []
    assert [el.get_attribute("name") for el in driver.find_elements(By.CSS_SELECTOR, "#fg-form input, #fg-form textarea")
            if el.get_attribute("type") != "hidden" and el.get_attribute("name")] == ["text_5"]
