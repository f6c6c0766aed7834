"""Remote sources (#11) in Chromium: a live option list that drops entries without a rate (seed 003), keeps a
draft's choice and offers Retry when it fails; and configs/remote under `formgen serve`, whose form, list and
image come from its mocks at build time, so the pages ask no other origin for anything, then from the cache."""
import os
import re
import shutil
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPOSITORY
from helpers import wait_for
from test_serve_preview import Served


def offered(driver):
    return [option.get_attribute("value") for option in driver.find_elements(By.CSS_SELECTOR, "#f-currency option")]


def test_a_live_list_offers_only_currencies_with_a_rate(page):
    driver = page("currency-exchange/")
    wait_for(lambda: len(offered(driver)) > 1, message="the currencies")
    assert offered(driver) == ["", "EUR", "USD", "CZK", "CHF"]
    labels = [option.text for option in driver.find_elements(By.CSS_SELECTOR, "#f-currency option")][1:]
    assert labels == ["Euro", "US dollar", "Czech koruna", "Swiss franc"]


def test_a_drafts_choice_comes_back_once_the_list_has_arrived(page):
    driver = page("currency-exchange/")
    wait_for(lambda: len(offered(driver)) > 1, message="the currencies")
    Select(driver.find_element(By.ID, "f-currency")).select_by_value("CHF")
    wait_for(lambda: '"currency":"CHF"' in (driver.execute_script("return localStorage.getItem('formgen:draft:currency-exchange')") or ""),
             message="the draft")
    driver.refresh()
    wait_for(lambda: driver.find_element(By.ID, "f-currency").get_attribute("value") == "CHF", message="the restored choice")
    draft = driver.execute_script("return localStorage.getItem('formgen:draft:currency-exchange')")
    assert '"currency":"CHF"' in draft


def test_a_failed_list_offers_retry_and_keeps_the_form_from_being_sent(page, mock):
    mock.currencies_fail = True
    driver = page("currency-exchange/")
    alert = wait_for(lambda: driver.find_elements(By.ID, "fg-source-rates"), message="the failure message")[0]
    assert alert.get_attribute("role") == "alert"
    assert alert.find_element(By.TAG_NAME, "button").text == "Retry"
    driver.find_element(By.ID, "f-amount").send_keys("100")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    summary = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li"), message="the summary")
    assert "could not load" in summary[0].text
    mock.currencies_fail = False
    alert.find_element(By.TAG_NAME, "button").click()
    wait_for(lambda: len(offered(driver)) == 5, message="the retried list")
    assert not driver.find_elements(By.ID, "fg-source-rates")


def test_the_remote_example_builds_from_its_mocks_then_from_the_cache(tmp_path, browser):
    shutil.copytree(REPOSITORY / "configs/remote", tmp_path / "configs")
    served = Served(tmp_path)
    try:
        browser.get(served.url + "inspection/")
        image = browser.find_element(By.CSS_SELECTOR, "figure.fg-image img")
        wait_for(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
                 message="the downloaded image")
        assert image.get_attribute("src").startswith(served.url + "assets/remote/")
        origin = served.url.rstrip("/")
        requested = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert requested and all(name.startswith(origin + "/") for name in requested), requested
        policy = browser.find_element(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy']").get_attribute("content")
        assert "img-src 'self';" in policy
        browser.get(served.url + "exchange/")
        assert offered(browser) == ["", "EUR", "USD", "CZK", "CHF"]
    finally:
        assert served.stop() == 0
    binary = str(REPOSITORY / ".build/debug/formgen")
    environment = dict(os.environ, FORMGEN_SERVE_ORIGIN="http://127.0.0.1:9")
    # The preview wrote its own folder; formgen build makes public/ from the copies the preview cached.
    previewed = (tmp_path / ".formgen/preview/inspection/index.html").read_text()
    assert not (tmp_path / "public").exists()
    cached = subprocess.run([binary, "build", "--config", "configs", "--out", "public", "--no-excerpt"], cwd=tmp_path,
                            env=environment, capture_output=True, text=True)
    assert cached.returncode == 0, cached.stderr
    assert cached.stderr.count(": connection refused; using the copy cached ") == 3, cached.stderr
    first = (tmp_path / "public/inspection/index.html").read_text()
    title = re.search(r"<h1[^>]*>(.*?)</h1>", previewed).group(1)
    assert title and title in first and "assets/remote/" in first
    assert "__formgen" in previewed and "__formgen" not in first
    shutil.rmtree(tmp_path / ".formgen/cache")
    offline = subprocess.run([binary, "build", "--config", "configs", "--out", "public", "--offline", "--no-excerpt"], cwd=tmp_path,
                             env=environment, capture_output=True, text=True)
    assert offline.returncode == 1
    assert ("configs/site.yaml:14:7: error: ${FORMGEN_SERVE_ORIGIN:-http://127.0.0.1:8080}/api/remote/inspection.json: "
            "no cached copy of this form, and --offline allows no download") in offline.stderr
    assert (tmp_path / "public/inspection/index.html").read_text() == first
