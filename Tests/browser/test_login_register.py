"""Seed 001 end to end under `formgen serve` and its mocks: the login and register examples, server answers
in words (the server's message, the form's own text for a status, Retry after a failure), and the
`enableWhen: complete` button that is never disabled but says what is missing when pressed early."""
import time

from selenium.webdriver.common.by import By

from helpers import wait_for
from test_accessibility import run_axe
from test_serve_preview import driver, served  # noqa: F401 (module-scoped fixtures: a server and a browser for this module)


def summary_texts(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li")]


def type_into(driver, field, text):
    element = driver.find_element(By.ID, "f-" + field)
    element.clear()
    element.send_keys(text)


def posts(served, path):
    return sum(1 for line in served.output if f"POST {path} " in line)


def test_the_wrong_password_shows_the_servers_message_and_passes_axe(served, driver, axe_source):
    driver.get(served.url + "login/")
    type_into(driver, "email", "ann@example.org")
    type_into(driver, "password", "wrong-password")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: "invalid login credential" in summary_texts(driver), timeout=10, message="the server's message")
    assert driver.switch_to.active_element.get_attribute("id") == "fg-error-summary"
    assert driver.current_url.endswith("/login/")
    assert run_axe(driver, axe_source) == []


def test_the_early_pressed_button_says_what_is_missing_and_sends_nothing(served, driver):
    driver.get(served.url + "login/")
    button = driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]")
    assert button.get_attribute("aria-disabled") == "true"
    assert button.get_attribute("disabled") is None
    before = posts(served, "/api/login")
    button.click()
    wait_for(lambda: summary_texts(driver), message="the error summary")
    assert summary_texts(driver) == ["Enter an email", "Enter password"]
    type_into(driver, "email", "ann@example.org")
    assert button.get_attribute("aria-disabled") == "true"
    type_into(driver, "password", "secret")
    wait_for(lambda: button.get_attribute("aria-disabled") is None, message="the button to be ready")
    time.sleep(0.3)
    assert posts(served, "/api/login") == before


def test_the_right_password_logs_in_and_goes_home(served, driver):
    driver.get(served.url + "login/")
    type_into(driver, "email", "ann@example.org")
    type_into(driver, "password", "secret")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: driver.current_url == served.url + "home/", timeout=10, message="the redirect to the signed-in home page")


def test_register_then_back_to_login(served, driver):
    driver.get(served.url + "register/")
    assert driver.find_element(By.ID, "f-password").get_attribute("autocomplete") == "new-password"
    type_into(driver, "email", "new@example.org")
    type_into(driver, "password", "correct horse 42")
    type_into(driver, "password_confirm", "correct horse 42")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: driver.current_url == served.url + "login/", timeout=10, message="the redirect to login")


def test_a_status_the_form_words_itself_wins_over_the_servers_body(served, driver, axe_source):
    driver.get(served.url + "register/")
    type_into(driver, "email", "taken@example.com")
    type_into(driver, "password", "correct horse 42")
    type_into(driver, "password_confirm", "correct horse 42")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: summary_texts(driver), timeout=10, message="the refusal")
    assert summary_texts(driver) == ["An account with this email already exists. Log in instead."]
    assert not driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li button")
    assert run_axe(driver, axe_source) == []


def test_a_server_failure_offers_retry_which_resends_the_same_answers(served, driver):
    settings = served.config("mocks/mocks.yaml")
    original = settings.read_text()
    settings.write_text(original.replace("  /api/login:\n", "  /api/login:\n    failFirst: 1\n"))
    try:
        time.sleep(0.5)
        driver.get(served.url + "login/")
        type_into(driver, "email", "ann@example.org")
        type_into(driver, "password", "secret")
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        retry = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li button"), timeout=10, message="Retry")[0]
        assert retry.text == "Retry"
        assert any("503" in text for text in summary_texts(driver))
        retry.click()
        wait_for(lambda: driver.current_url == served.url + "home/", timeout=10, message="the redirect after the retry")
    finally:
        settings.write_text(original)
        time.sleep(0.5)
