"""`formgen serve` in a real browser: NL prefill from configs/mocks, a failing mock and the page's
retry, live reload, the failed-build overlay, and a submission through the preview's sink; all
under the served pages' own Content-Security-Policy, with no violation."""
import json
import pathlib
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, chrome
from helpers import fill, submit, wait_for

RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


class Served:
    """A running `formgen serve` on a copy of the example site."""

    def __init__(self, work):
        self.work = work
        self.output = []
        binary = REPOSITORY / ".build/debug/formgen"
        if not binary.exists():
            subprocess.run(["swift", "build", "--product", "formgen"], cwd=REPOSITORY, check=True)
        self.process = subprocess.Popen(
            [str(binary), "serve", "--config", "configs", "--templates", str(REPOSITORY / "templates"), "--port", "0"],
            cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = None
        ready = threading.Event()

        def drain():
            for line in self.process.stdout:
                self.output.append(line)
                match = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", line)
                if match:
                    self.url = match.group(1)
                    ready.set()

        threading.Thread(target=drain, daemon=True).start()
        if not ready.wait(120):
            self.process.kill()
            raise RuntimeError("formgen serve did not start: " + "".join(self.output))

    @classmethod
    def with_forms(cls, work, forms):
        """`formgen serve` in `work` over the example site's site.yaml and `forms` (file name → YAML text)."""
        (work / "configs" / "forms").mkdir(parents=True)
        shutil.copy(REPOSITORY / "configs" / "site.yaml", work / "configs" / "site.yaml")
        for name, text in forms.items():
            (work / "configs" / "forms" / name).write_text(text)
        return cls(work)

    def records(self):
        """The submissions its sink has stored, oldest first."""
        path = self.work / ".formgen" / "submissions.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []

    def config(self, relative):
        return self.work / "configs" / relative

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=20)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    work = tmp_path_factory.mktemp("serve")
    shutil.copytree(REPOSITORY / "configs", work / "configs")
    server = Served(work)
    yield server
    assert server.stop() == 0


@pytest.fixture(scope="module")
def driver():
    browser = chrome()
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_CSP_VIOLATIONS})
    yield browser
    browser.quit()


def value(driver, field):
    return driver.execute_script("return document.getElementById('f-' + arguments[0]).value", field)


def violations(driver):
    return driver.execute_script("return window.__cspViolations || []")


def test_the_dutch_form_is_prefilled_from_the_mock_api(served, driver):
    driver.get(served.url + "kyc/nl/")
    wait_for(lambda: value(driver, "first_name") == "Jan", timeout=10, message="prefill")
    assert value(driver, "last_name") == "van der Berg"
    assert value(driver, "birth_date") == "15 March 1985"
    for field in ("first_name", "last_name", "birth_date"):
        assert driver.find_element(By.ID, f"f-{field}").get_attribute("readonly") is not None
    assert any("GET /api/nl-user-profile 200" in line for line in served.output)
    assert violations(driver) == []


def test_a_previewed_page_sets_the_console_object(served, driver):
    driver.get(served.url + "kyc/be/")
    wait_for(lambda: driver.execute_script("return typeof window.Formgen") == "object", timeout=10, message="globalThis.Formgen")
    spec = driver.execute_script("return JSON.parse(document.getElementById('fg-spec').textContent)")
    result = driver.execute_script("return Formgen.validate(arguments[0], {postal_code: '12'}, '2026-01-01').errors", spec)
    assert result["postal_code"] == "Een Belgische postcode heeft 4 cijfers"
    assert driver.execute_script("return Formgen.applyMask('##.##', '1234').value + '|' + typeof Formgen.resolveBound") == "12.34|function"


def test_a_failing_mock_shows_the_retry_and_the_retry_prefills(served, driver):
    driver.get("about:blank")
    settings = served.config("mocks/mocks.yaml")
    original = settings.read_text()
    settings.write_text("endpoints:\n  /api/nl-user-profile:\n    delay: 100\n    failFirst: 1\n")
    try:
        time.sleep(0.5)
        driver.get(served.url + "kyc/nl/")
        alert = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".fg-alert[role=alert]"), timeout=10, message="the load-failed alert")[0]
        assert value(driver, "first_name") == ""
        alert.find_element(By.TAG_NAME, "button").click()
        wait_for(lambda: value(driver, "first_name") == "Jan", timeout=10, message="prefill after retry")
        assert driver.find_elements(By.CSS_SELECTOR, ".fg-alert[role=alert]") == []
        assert violations(driver) == []
    finally:
        driver.get("about:blank")
        settings.write_text(original)
        time.sleep(0.5)


def test_saving_a_config_reloads_the_page_and_a_failed_build_shows_over_it(served, driver):
    config = served.config("forms/registration.yaml")
    original = config.read_text()
    driver.get(served.url + "registration/")
    label = lambda: driver.execute_script("var l = document.querySelector('label[for=f-full_name]'); return l ? l.textContent : ''")
    wait_for(lambda: "Full name" in label(), message="the page")
    driver.execute_script("window.__before = true")
    try:
        config.write_text(original.replace("label: Full name", "label: Name in full"))
        wait_for(lambda: "Name in full" in label(), timeout=10, message="the reloaded page")
        assert driver.execute_script("return window.__before === undefined")

        config.write_text(original.replace("label: Full name", "label: Name in full") + "\n  - broken: [\n")
        overlay = wait_for(lambda: driver.find_elements(By.ID, "fg-serve-overlay"), timeout=10, message="the overlay")[0]
        assert overlay.get_attribute("role") == "alert"
        wait_for(lambda: "registration.yaml:" in overlay.text, message="the diagnostics")
        assert [child.tag_name for child in overlay.find_elements(By.XPATH, "./*")] == ["p", "pre"]
        assert "Name in full" in label()

        config.write_text(original)
        wait_for(lambda: not driver.find_elements(By.ID, "fg-serve-overlay") and "Full name" in label(), timeout=10,
                 message="the overlay cleared by the next good build")
        assert violations(driver) == []
    finally:
        # Only when the test stopped early: writing the same text again starts a rebuild whose reload
        # would land in the middle of the next test.
        if config.read_text() != original:
            config.write_text(original)


def test_a_save_reloads_only_the_pages_it_changed(served, driver):
    config = served.config("forms/registration.yaml")
    original = config.read_text()
    driver.get(served.url + "login/")
    wait_for(lambda: driver.find_elements(By.ID, "fg-form"), message="the login page")
    driver.execute_script("window.__before = true")
    rebuilt = lambda: sum("Rebuilt" in line for line in served.output)
    before = rebuilt()
    try:
        config.write_text(original.replace("label: Full name", "label: Name in full"))
        wait_for(lambda: rebuilt() > before, timeout=10, message="the rebuild")
        time.sleep(0.5)  # the reload event is on its way to every open page
        assert driver.execute_script("return window.__before === true"), "the login page did not change, so it kept its state"
    finally:
        if config.read_text() != original:
            count = rebuilt()
            config.write_text(original)
            wait_for(lambda: rebuilt() > count, timeout=10, message="the rebuild of the restored config")


def test_a_form_without_an_action_is_accepted_by_the_sink(served, driver):
    driver.get(served.url + "kyc/nl/")
    driver.execute_script("localStorage.clear()")
    driver.get(served.url + "kyc/nl/")
    wait_for(lambda: value(driver, "first_name") == "Jan", timeout=10, message="prefill")
    fill(driver, {"bsn": "123456789", "email": "jan@example.nl", "consent": True})
    submit(driver)
    wait_for(lambda: driver.find_element(By.ID, "fg-form").get_attribute("hidden") is not None, timeout=10, message="the form sent")
    # The confirmation, not a blank page: the page was built for the sink, with the texts its sending module shows.
    status = driver.find_element(By.ID, "fg-status")
    wait_for(lambda: status.text.strip() != "", message="the confirmation")
    assert status.is_displayed()
    assert driver.switch_to.active_element == status
    submissions = served.work / ".formgen" / "submissions.jsonl"
    wait_for(submissions.exists, message="the submissions file")
    record = json.loads(submissions.read_text().splitlines()[-1])
    assert record["form"] == "kyc-nl"
    assert record["data"]["bsn"] == "123456789"
    assert record["data"]["email"] == "jan@example.nl"
    assert violations(driver) == []
