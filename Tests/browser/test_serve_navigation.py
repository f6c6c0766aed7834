"""Live reload never stalls navigation: pages kept in the back/forward cache close their event stream on
`pagehide`, so visiting ten pages in a row under `formgen serve` never waits for one of HTTP/1.1's six
connections per host, and a page restored from the cache reconnects."""
import time

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By

from helpers import wait_for
from test_serve_preview import driver, served  # noqa: F401 (module-scoped fixtures: a server and a browser for this module)

PAGES = ["", "kyc/", "kyc/nl/", "kyc/de/", "kyc/us/", "kyc/be/", "pet-adoption/", "registration/", "login/", "register/",
         "docs/"]


def heading(driver):
    """The page's h1 text, or None while the page is being replaced by the reload."""
    try:
        return driver.find_element(By.TAG_NAME, "h1").text
    except (NoSuchElementException, StaleElementReferenceException):
        return None


def open_streams(driver):
    return driver.execute_script("return performance.getEntriesByType('resource').filter(function (e) {"
                                 " return e.name.indexOf('/__formgen/') >= 0; }).length")


def test_ten_pages_in_a_row_each_load_at_once(served, driver):
    for path in PAGES:
        started = time.monotonic()
        driver.get(served.url + path)
        wait_for(lambda: driver.execute_script("return document.readyState") == "complete", timeout=10, message=path)
        assert driver.find_elements(By.TAG_NAME, "h1"), path
        # A stalled navigation waits for a connection to free up (seconds to minutes); a page loads in well under 5 s.
        assert time.monotonic() - started < 5, f"{path} took {time.monotonic() - started:.1f} s"


def test_a_page_restored_from_the_back_forward_cache_reconnects(served, driver):
    for path in PAGES[:8]:
        driver.get(served.url + path)
    for _ in range(3):
        started = time.monotonic()
        driver.back()
        wait_for(lambda: driver.execute_script("return document.readyState") == "complete", timeout=10, message="back")
        assert time.monotonic() - started < 5
    config = served.config("forms/login.yaml")
    original = config.read_text()
    driver.get(served.url + "login/")
    driver.execute_script("window.__before = true")
    try:
        config.write_text(original.replace("title: Log in", "title: Sign in"))
        wait_for(lambda: heading(driver) == "Sign in", timeout=10, message="the reload")
    finally:
        config.write_text(original)
        time.sleep(1)
