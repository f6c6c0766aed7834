"""Signed-in flows without tokens in storage (#38 item 2) under `formgen serve` and the example mocks: the login sets an
HttpOnly session cookie and goes on to `onSuccess.goTo`; a page with `requiresSession` sends a person without the
cookie to the login page; logout clears the cookie and goes back to login; a failing check shows Retry. At every step
nothing of the session or the person is in localStorage or sessionStorage, and axe finds nothing."""
import shutil
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY
from helpers import wait_for
from test_accessibility import run_axe
from test_serve_preview import Served, driver  # noqa: F401 (driver: the preview tests' browser, which records CSP violations)

# A signed-in page over the example mocks: the person's details from /api/me, which answers 401 without the cookie.
ACCOUNT = """
id: account
title: Your account
drafts: false
requiresSession: {check: me, else: /login/}
logout: {endpoint: /api/logout, goTo: /login/}
dataSources:
  - {id: me, endpoint: /api/me, fields: [name, email]}
fields:
  - {id: name, label: Name, dataSource: me}
  - {id: email, label: Email, type: email, dataSource: me}
"""

SECRETS = ("mock-session", "Rina", "rina@example.com", "secret")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    work = tmp_path_factory.mktemp("session")
    shutil.copytree(REPOSITORY / "configs", work / "configs")
    (work / "configs" / "forms" / "account.yaml").write_text(ACCOUNT)
    server = Served(work)
    yield server
    assert server.stop() == 0


@pytest.fixture(autouse=True)
def signed_out(served, driver):
    driver.get(served.url)
    driver.delete_all_cookies()


def storage(driver):
    """Everything the page keeps in localStorage and sessionStorage, as one text."""
    return driver.execute_script(
        "var all = [];"
        "[localStorage, sessionStorage].forEach(function (s) { for (var i = 0; i < s.length; i++) all.push(s.key(i) + '=' + s.getItem(s.key(i))); });"
        "return all.join('\\n');")


def assert_nothing_kept(driver):
    kept = storage(driver)
    assert kept == "", kept
    assert driver.execute_script("return document.cookie") == ""
    assert driver.execute_script("return window.__cspViolations || []") == []


def type_into(driver, field, text):
    element = driver.find_element(By.ID, "f-" + field)
    element.clear()
    element.send_keys(text)


def log_in(served, driver, password="secret"):
    driver.get(served.url + "login/")
    type_into(driver, "email", "rina@example.com")
    type_into(driver, "password", password)
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()


def session_cookie(driver):
    return next((c for c in driver.get_cookies() if c["name"] == "fg_session"), None)


def test_the_right_password_sets_an_httponly_cookie_and_goes_on(served, driver):
    log_in(served, driver)
    wait_for(lambda: driver.current_url == served.url + "home/", timeout=10, message="onSuccess.goTo")
    cookie = session_cookie(driver)
    assert cookie is not None and cookie["httpOnly"] is True and cookie["sameSite"] == "Strict" and cookie["path"] == "/"
    assert_nothing_kept(driver)


def test_the_wrong_password_stays_with_the_servers_message_and_sets_no_cookie(served, driver, axe_source):
    log_in(served, driver, password="wrong-password")
    wait_for(lambda: "invalid login credential" in driver.find_element(By.ID, "fg-error-summary").text, timeout=10, message="the message")
    assert driver.current_url == served.url + "login/"
    assert session_cookie(driver) is None
    assert_nothing_kept(driver)
    assert run_axe(driver, axe_source) == []


def test_without_a_session_the_page_sends_the_person_to_login(served, driver):
    driver.get(served.url + "account/")
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="the redirect to login")
    # location.replace: Back does not return to the page that sent the person away.
    assert any("GET /api/me 401" in line for line in served.output)
    assert_nothing_kept(driver)


def test_signed_in_the_page_shows_the_details_and_logout_ends_the_session(served, driver, axe_source):
    log_in(served, driver)
    wait_for(lambda: driver.current_url == served.url + "home/", timeout=10, message="onSuccess.goTo")
    driver.get(served.url + "account/")
    wait_for(lambda: driver.execute_script("return document.getElementById('f-name').value") == "Rina Wijaya", timeout=10, message="the details")
    assert driver.find_elements(By.ID, "fg-session-check") == []
    assert driver.find_element(By.CSS_SELECTOR, "h1").is_displayed()
    assert_nothing_kept(driver)
    assert run_axe(driver, axe_source) == []
    button = driver.find_element(By.CSS_SELECTOR, "form[data-fg-logout] button[type=submit]")
    assert button.text == "Log out"
    # Keyboard: the button takes focus and Enter presses it.
    driver.execute_script("arguments[0].focus()", button)
    assert driver.switch_to.active_element == button
    button.send_keys("\n")
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="logout back to login")
    assert session_cookie(driver) is None
    assert_nothing_kept(driver)
    driver.get(served.url + "account/")
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="the protected page redirects again")


def test_while_checking_nothing_of_the_page_shows_and_a_failed_check_offers_retry(served, driver, axe_source):
    settings = served.config("mocks/mocks.yaml")
    original = settings.read_text()
    # Signed in first: the home page onSuccess goes to asks /api/me too, which would use up the failures.
    log_in(served, driver)
    wait_for(lambda: driver.current_url == served.url + "home/", timeout=10, message="onSuccess.goTo")
    driver.get("about:blank")  # else live reload brings the home page back, and its requests use up the failures
    settings.write_text(original.replace("  /api/me:\n    status: 401\n", "  /api/me:\n    status: 401\n    delay: 600\n    failFirst: 2\n"))
    try:
        time.sleep(0.5)
        driver.get(served.url + "account/")
        note = wait_for(lambda: driver.find_elements(By.ID, "fg-session-check"), timeout=5, message="the checking note")[0]
        assert note.get_attribute("role") == "status"
        assert not driver.find_element(By.ID, "fg-form").is_displayed()
        assert run_axe(driver, axe_source) == []
        alert = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-session-failed[role=alert]"), timeout=10, message="the failed check")[0]
        assert "We could not check that you are signed in." in alert.text
        assert not driver.find_element(By.ID, "fg-form").is_displayed()
        assert run_axe(driver, axe_source) == []
        # The details' own request failed too (failFirst: 2): once the check passes, the page shows its Retry.
        alert.find_element(By.TAG_NAME, "button").click()
        wait_for(lambda: driver.find_element(By.ID, "fg-form").is_displayed(), timeout=10, message="the page shown")
        assert driver.find_elements(By.ID, "fg-session-failed") == []
        assert run_axe(driver, axe_source) == []
        driver.find_element(By.CSS_SELECTOR, "#fg-source-me button").click()
        wait_for(lambda: driver.execute_script("return document.getElementById('f-name').value") == "Rina Wijaya", timeout=10, message="the details after Retry")
        assert_nothing_kept(driver)
    finally:
        driver.get("about:blank")
        settings.write_text(original)
        time.sleep(0.5)


def test_the_home_page_shows_the_details_and_the_transactions_by_day_newest_first(served, driver, axe_source):
    """Seed 001 end to end: login → home (configs/pages/home.yaml) with the user's details and the transactions grouped
    by day → logout → login; home without a session sends the person to login."""
    driver.get(served.url + "home/")
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="home without a session → login")
    log_in(served, driver)
    wait_for(lambda: driver.current_url == served.url + "home/", timeout=10, message="onSuccess.goTo")
    details = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-data-0-body dl"), timeout=10, message="the details")[0]
    pairs = [(row.find_element(By.TAG_NAME, "dt").text, row.find_element(By.TAG_NAME, "dd").text) for row in details.find_elements(By.CSS_SELECTOR, "div")]
    assert pairs[:3] == [("Name", "Rina Wijaya"), ("Email", "rina@example.com"), ("Account number", "0123-4567-89")]
    assert pairs[3][0] == "Balance" and "1,520.75" in pairs[3][1]
    captions = wait_for(lambda: [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#fg-data-1-body caption")], timeout=10, message="the transactions")
    assert captions == ["March 14, 2025", "March 13, 2025", "March 12, 2025", "March 11, 2025", "March 10, 2025", "March 9, 2025"], captions
    first_day = driver.find_elements(By.CSS_SELECTOR, "#fg-data-1-body table")[0].text
    assert "Salary" in first_day and "Coffee shop" in first_day and "Rent" not in first_day
    assert driver.find_elements(By.ID, "fg-session-check") == []
    assert_nothing_kept(driver)
    assert run_axe(driver, axe_source) == []
    driver.find_element(By.CSS_SELECTOR, "form[data-fg-logout] button[type=submit]").click()
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="logout back to login")
    assert session_cookie(driver) is None
    driver.get(served.url + "home/")
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="home redirects again after logout")
    assert_nothing_kept(driver)
