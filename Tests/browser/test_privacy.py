"""Drafts are private by default: the seed KYC pages' identity numbers never reach localStorage, and old drafts expire."""
import json
import time

import pytest
from selenium.webdriver.common.by import By

from helpers import wait_for

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
