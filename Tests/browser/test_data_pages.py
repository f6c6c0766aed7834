"""Data pages (#38, item 1) under `formgen serve` and its mocks: the rates page (seed 003) fetches /api/currencies
and shows the rates without the currencies whose valMid is 0, movements with their arrow and word; a failing API
shows the error state with Retry, and Retry loads the table; the build-time table works with JavaScript off; axe
finds nothing in any of these states."""
from selenium.webdriver.common.by import By

from conftest import chrome
from helpers import wait_for
from test_accessibility import run_axe
from test_messages import Mocks
from test_serve_preview import driver, served, violations  # noqa: F401 (module-scoped fixtures: a server and a browser)

LIVE = "#fg-data-0-body"
BUILT = "#fg-data-1-body"


def rows(driver, box):
    return [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, box + " tbody tr")]


def live_rows(driver):
    return wait_for(lambda: rows(driver, LIVE), timeout=10, message="the live rates table")


def test_the_rates_page_shows_the_live_rates_without_valmid_0(served, driver, axe_source):
    driver.get(served.url + "rates/")
    table = live_rows(driver)
    names = [row[0] for row in table]
    assert names == ["Czech koruna", "Euro", "Swiss franc", "US dollar"]
    assert "Hungarian forint" not in driver.page_source and "Croatian kuna" not in names
    assert table[0][:4] == ["Czech koruna", "Czech Republic", "1", "25.2100"]
    movements = {row[0]: driver.find_element(By.XPATH, f"//div[@id='fg-data-0-body']//tr[td[1]='{row[0]}']/td[5]") for row in table}
    assert movements["Swiss franc"].get_attribute("textContent") == "▲ up +0.40"
    assert movements["US dollar"].get_attribute("textContent") == "▼ down −0.12"
    assert movements["Euro"].get_attribute("textContent") == "– no change 0.00"
    caption = driver.find_element(By.CSS_SELECTOR, LIVE + " caption")
    region = driver.find_element(By.CSS_SELECTOR, LIVE + " .fg-table")
    assert caption.text == "Today's rates" and region.get_attribute("aria-labelledby") == caption.get_attribute("id")
    assert [th.get_attribute("scope") for th in driver.find_elements(By.CSS_SELECTOR, LIVE + " th")] == ["col"] * 5
    assert driver.find_element(By.CSS_SELECTOR, LIVE).get_attribute("aria-busy") is None
    assert any("GET /api/currencies 200" in line for line in served.output)
    assert run_axe(driver, axe_source) == []
    assert violations(driver) == []


def test_a_failing_api_shows_the_error_state_and_retry_loads_the_table(served, driver, axe_source):
    # The preview reloads the pages it has open when the mocks change: none may use up the one request that fails.
    driver.get("about:blank")
    with Mocks(served, "  /api/currencies:\n    failFirst: 1\n"):
        driver.get(served.url + "rates/")
        alert = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, LIVE + " .fg-alert"), timeout=10, message="the error state")[0]
        assert alert.get_attribute("role") == "alert"
        assert alert.find_element(By.TAG_NAME, "p").text == "We could not load this information."
        assert driver.find_element(By.CSS_SELECTOR, LIVE + " > p.fg-caption").text == "Today's rates"
        retry = alert.find_element(By.TAG_NAME, "button")
        assert retry.text == "Retry" and retry.get_attribute("type") == "button"
        assert rows(driver, BUILT), "the build-time table is there while the live one failed"
        assert run_axe(driver, axe_source) == []
        retry.click()
        names = [row[0] for row in live_rows(driver)]
        assert names == ["Czech koruna", "Euro", "Swiss franc", "US dollar"]
        assert driver.execute_script("return document.activeElement.id") == "fg-data-0-body"
        assert not driver.find_elements(By.CSS_SELECTOR, LIVE + " .fg-alert")
        assert run_axe(driver, axe_source) == []
        assert violations(driver) == []


def test_the_build_time_table_works_without_javascript(served, axe_source):
    browser = chrome(javascript=False)
    try:
        browser.get(served.url + "rates/")
        table = rows(browser, BUILT)
        assert [row[0] for row in table] == ["Czech koruna", "Euro", "Swiss franc", "US dollar"]
        assert "Hungarian forint" not in browser.page_source
        assert table[1][3] == "1.0000"
        assert browser.find_element(By.CSS_SELECTOR, BUILT + " caption").text == "Rates at the last publication"
        assert browser.find_element(By.CSS_SELECTOR, LIVE).text == "Today's rates\nThis part of the page needs JavaScript."
    finally:
        browser.quit()


def test_the_home_page_links_the_rates_page(served, driver):
    driver.get(served.url)
    link = driver.find_element(By.LINK_TEXT, "Exchange rates")
    assert link.get_attribute("href").endswith("/rates/")
