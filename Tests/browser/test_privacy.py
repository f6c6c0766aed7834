"""Drafts are private by default: the seed KYC pages' identity numbers never reach localStorage, and old drafts expire."""
import json
import time

import pytest
from selenium.webdriver.common.by import By

from helpers import submit, wait_for

ID_FIELDS = [("kyc/nl/", "kyc-nl", "bsn", "123456782"), ("kyc/us/", "kyc-us", "ssn", "123-45-6789"),
             ("kyc/de/", "kyc-de", "steuer_id", "12345678901")]


def stored_drafts(driver):
    return driver.execute_script(
        "var out = {}; for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i); out[k] = localStorage.getItem(k); } return out;")


@pytest.mark.parametrize("path,form_id,field,value", ID_FIELDS)
def test_the_identity_number_is_never_in_local_storage(page, path, form_id, field, value):
    driver = page(path)
    # The email field (inherited from the flow) is drafted on every country page; NL's names are prefilled, read-only.
    driver.find_element(By.ID, "f-email").send_keys("ann@example.org")
    driver.find_element(By.ID, "f-" + field).send_keys(value)
    wait_for(lambda: "ann@example.org" in json.dumps(stored_drafts(driver)), message="the draft")
    digits = "".join(ch for ch in value if ch.isdigit())
    for text in stored_drafts(driver).values():
        assert digits not in "".join(ch for ch in text if ch.isdigit())


def test_a_draft_older_than_max_age_is_not_restored(page):
    driver = page("registration/")
    old = json.dumps({"savedAt": int(time.time() * 1000) - 25 * 3600 * 1000, "values": {"full_name": "Old Name"}})
    driver.execute_script("localStorage.setItem('formgen:draft:registration', arguments[0])", old)
    driver.refresh()
    assert driver.find_element(By.ID, "f-full_name").get_attribute("value") == ""
    assert driver.execute_script("return localStorage.getItem('formgen:draft:registration')") is None


def test_the_page_says_answers_are_kept_and_clear_empties_storage(page):
    driver = page("registration/")
    note = driver.find_element(By.ID, "fg-draft-note")
    assert note.is_displayed()
    assert "saved on this device for 24 hours" in note.text
    driver.find_element(By.ID, "f-full_name").send_keys("Ann Example")
    wait_for(lambda: driver.execute_script("return localStorage.getItem('formgen:draft:registration')"), message="the draft")
    driver.find_element(By.ID, "fg-clear-draft").click()
    assert driver.execute_script("return localStorage.getItem('formgen:draft:registration')") is None
    assert driver.find_element(By.ID, "f-full_name").get_attribute("value") == ""
    assert driver.find_element(By.ID, "fg-announce").get_attribute("textContent") == "Saved answers cleared."
    driver.refresh()
    assert driver.find_element(By.ID, "f-full_name").get_attribute("value") == ""


def test_a_form_without_drafts_has_no_note_and_stores_nothing(page):
    driver = page("login/")
    assert not driver.find_elements(By.ID, "fg-draft-note")
    driver.find_element(By.ID, "f-email").send_keys("ann@example.org")
    time.sleep(0.6)
    assert stored_drafts(driver) == {}


def test_a_failed_prefill_blocks_submit_until_retry_fills_it(page, mock):
    mock.profile_fails = True
    driver = page("kyc/nl/")
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".fg-alert[role=alert]"), timeout=10, message="the load-failed alert")
    submit(driver)
    items = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li"), message="the summary")
    assert "We could not load some of your details." in items[-1].text
    assert driver.find_element(By.ID, "fg-result").get_attribute("hidden") is not None
    mock.profile_fails = False
    items[-1].find_element(By.TAG_NAME, "button").click()
    wait_for(lambda: driver.find_element(By.ID, "f-first_name").get_attribute("value") == "Jan", timeout=10, message="prefill after retry")
