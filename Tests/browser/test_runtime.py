"""The runtime in real Chromium: messages, error summary, rules, wizard, masks, results, drafts, keyboard, no-JS, prefill."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import active_id, choose, click, error_of, fill, set_value, steps_text, submit, summary_items, wait_for

REGISTRATION_PAGE_1 = {"full_name": "Ann Example", "birth_date": "1990-03-27", "email": "ann@example.org", "contact_method": ("choose", 0)}
REGISTRATION_PAGE_2 = {"username": "ann_1", "password": "correct horse", "password_confirm": "correct horse"}


def next_page(driver):
    click(driver, "[data-fg-next]")


@pytest.mark.parametrize("values, expected", [
    ({"full_name": "A"}, {"full_name": "Enter at least 2 characters"}),
    ({"full_name": "Ann 2"}, {"full_name": "Full name must not contain digits"}),
    ({"full_name": "A" * 81}, {"full_name": "Full name must be 80 characters or fewer"}),
    ({"birth_date": "1899-12-31"}, {"birth_date": "Date of birth must be after 1 January 1900"}),
    ({"birth_date": "2999-01-01"}, {"birth_date": "Date of birth must be in the past"}),
    ({"birth_date": "2020-01-01"}, {"birth_date": "You must be at least 18 years old to register"}),
    ({"birth_date": "1901-01-01"}, {"birth_date": "Enter a real date of birth"}),
    ({"email": "ann@example"}, {"email": "Enter an email address like name@example.com"}),
    ({"phone": "0612"}, {"phone": "Enter the phone number as 0612-345-6789"}),
    ({"full_name": "", "contact_method": None}, {"full_name": "Enter full name", "contact_method": "Answer the question “How should we contact you?”"}),
])
def test_page_one_rules_show_their_configured_messages(page, values, expected):
    driver = page("registration/")
    fill(driver, {**{k: v for k, v in REGISTRATION_PAGE_1.items() if k not in values}, **{k: v for k, v in values.items() if v is not None}})
    next_page(driver)
    assert steps_text(driver) == "Step 1 of 4"
    for field, message in expected.items():
        assert error_of(driver, field) == message
    assert sorted(summary_items(driver)) == sorted(expected.values())


@pytest.mark.parametrize("values, expected", [
    ({"username": "Ann"}, {"username": "Use lower-case letters, digits and _ only"}),
    ({"username": "an"}, {"username": "Username must be 3 characters or more"}),
    ({"password": "short", "password_confirm": "short"}, {"password": "Password must be at least 10 characters"}),
    ({"password_confirm": "correct horses"}, {"password_confirm": "The passwords do not match"}),
    ({"household_size": "0"}, {"household_size": "Enter at least 1"}),
    ({"household_size": "21"}, {"household_size": "Enter 20 or fewer"}),
    ({"customer_number": "A1"}, {"customer_number": "Customer number must be in the format AA-####"}),
])
def test_page_two_rules_show_their_configured_messages(page, values, expected):
    driver = page("registration/")
    fill(driver, REGISTRATION_PAGE_1)
    next_page(driver)
    assert steps_text(driver) == "Step 2 of 4"
    fill(driver, {**REGISTRATION_PAGE_2, **values})
    next_page(driver)
    assert steps_text(driver) == "Step 2 of 4"
    for field, message in expected.items():
        assert error_of(driver, field) == message


def test_a_number_that_is_not_a_number_says_so(page):
    driver = page("registration/")
    fill(driver, REGISTRATION_PAGE_1)
    next_page(driver)
    fill(driver, REGISTRATION_PAGE_2)
    driver.find_element(By.ID, "f-household_size").send_keys("e")
    next_page(driver)
    assert error_of(driver, "household_size") == "People in your household must be a number"


def test_last_page_required_checkbox_and_max_length(page):
    driver = page("registration/")
    fill(driver, REGISTRATION_PAGE_1)
    next_page(driver)
    fill(driver, REGISTRATION_PAGE_2)
    next_page(driver)
    choose(driver, "f-has_pets-0")
    set_value(driver, "f-pet_notes", "x" * 501)
    submit(driver)
    assert error_of(driver, "terms") == "You must accept the terms of service"
    assert error_of(driver, "pet_notes") == "Keep it to 500 characters or fewer"
    assert driver.find_element(By.ID, "fg-result").get_attribute("hidden") is not None


@pytest.mark.parametrize("path, values, field, message", [
    ("kyc/nl/", {"bsn": "1234"}, "bsn", "BSN must be 9 digits"),
    ("kyc/de/", {"postal_code": "1234"}, "postal_code", "Postleitzahl muss genau 5 Ziffern sein"),
    ("kyc/de/", {"first_name": "A"}, "first_name", "Vorname muss mindestens 2 Zeichen lang sein"),
    ("kyc/us/", {"ssn": "123456789"}, "ssn", "SSN must be in format XXX-XX-XXXX"),
    ("kyc/us/", {"zip_code": "12345678901"}, "zip_code", "ZIP code cannot exceed 10 characters"),
    ("kyc/be/", {"postal_code": "10000"}, "postal_code", "Een Belgische postcode heeft 4 cijfers"),
    ("kyc/de/", {"email": ""}, "email", "Geben Sie E-Mail-Adresse ein"),
])
def test_country_configs_show_the_seed_messages(page, path, values, field, message):
    driver = page(path)
    fill(driver, values)
    submit(driver)
    assert error_of(driver, field) == message


def test_error_summary_takes_focus_and_links_move_focus(page):
    driver = page("kyc/de/")
    submit(driver)
    assert active_id(driver) == "fg-error-summary"
    assert driver.title.startswith("Fehler: ")
    assert driver.find_element(By.ID, "fg-error-summary-title").text == "Es gibt ein Problem"
    links = driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary a")
    assert [link.get_attribute("href").split("#")[1] for link in links][:2] == ["f-first_name", "f-last_name"]
    links[1].click()
    assert active_id(driver) == "f-last_name"
    control = driver.find_element(By.ID, "f-last_name")
    assert control.get_attribute("aria-invalid") == "true"
    assert "f-last_name-error" in control.get_attribute("aria-describedby").split()
    fill(driver, {"last_name": "Muster"})
    driver.find_element(By.ID, "f-first_name").click()
    assert error_of(driver, "last_name") is None
    assert control.get_attribute("aria-invalid") is None
    consent_link = [link for link in driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary a") if "consent" in link.get_attribute("href")][0]
    consent_link.click()
    assert active_id(driver) == "f-consent"


def test_the_page_runs_without_native_validation_only_with_js(page):
    driver = page("kyc/de/")
    assert driver.execute_script("return document.getElementById('fg-form').noValidate") is True


def test_a_built_page_sets_no_global_object(page):
    """globalThis.Formgen is joined only on the pages `formgen serve` previews (test_serve_preview.py)."""
    driver = page("kyc/be/")
    assert driver.execute_script("return typeof window.Formgen") == "undefined"


def go_to_pet_page_two(driver):
    fill(driver, {"text_1": "Ann", "text_2": "ann@example.org", "datetime_1": "1990-01-31"})
    driver.find_element(By.ID, "f-formattednumeric_1").send_keys("06123456789")
    next_page(driver)
    assert steps_text(driver) == "Step 2 of 4"


def test_pet_adoption_yard_rule_shows_and_hides_the_fence_question(page):
    driver = page("pet-adoption/")
    go_to_pet_page_two(driver)
    fence = driver.find_element(By.ID, "fg-field-text_3")
    assert not fence.is_displayed()
    choose(driver, "f-yesno_1-0")
    assert fence.is_displayed()
    choose(driver, "f-yesno_1-1")
    assert not fence.is_displayed()


def test_a_hidden_required_field_does_not_block_submit(page, mock):
    driver = page("submit-check/")
    fill(driver, {"name": "Ann", "secret": "hunter22", "code": "not a code"})
    choose(driver, "f-mode-1")
    assert not driver.find_element(By.ID, "fg-field-code").is_displayed()
    before = len(mock.submissions)
    submit(driver)
    wait_for(lambda: len(mock.submissions) > before, message="the submission")
    assert mock.submissions[-1] == {"name": "Ann", "mode": "No", "secret": "hunter22"}
    wait_for(lambda: driver.find_element(By.ID, "fg-status").text == "Thanks, we got it.", message="the success message")


def test_a_shown_required_field_blocks_submit(page, mock):
    driver = page("submit-check/")
    fill(driver, {"name": "Ann", "secret": "hunter22", "code": "12"})
    choose(driver, "f-mode-0")
    before = len(mock.submissions)
    submit(driver)
    assert error_of(driver, "code") == "The code has 4 digits"
    assert len(mock.submissions) == before


def test_server_field_errors_are_mapped_onto_fields(page):
    driver = page("submit-check/")
    fill(driver, {"name": "taken", "secret": "hunter22"})
    choose(driver, "f-mode-1")
    submit(driver)
    wait_for(lambda: error_of(driver, "name"), message="the server's field error")
    assert error_of(driver, "name") == "That name is already taken"
    assert summary_items(driver) == ["That name is already taken"]
    assert active_id(driver) == "fg-error-summary"


def test_server_failures_show_in_the_summary_and_keep_what_was_typed(page):
    driver = page("submit-check/")
    fill(driver, {"name": "boom", "secret": "hunter22"})
    choose(driver, "f-mode-1")
    submit(driver)
    wait_for(lambda: summary_items(driver), message="the failure")
    # The server's own words, as text, with a Retry that resends (a 5xx may pass on a second try).
    assert summary_items(driver) == ["server error Retry"]
    assert driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li button")[0].text == "Retry"
    assert driver.find_element(By.ID, "f-name").get_attribute("value") == "boom"
    assert driver.find_element(By.ID, "f-secret").get_attribute("value") == "hunter22"


def test_the_wizard_blocks_next_on_an_invalid_page(page):
    driver = page("pet-adoption/")
    assert steps_text(driver) == "Step 1 of 4"
    assert not driver.find_element(By.ID, "fg-page-1").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").is_displayed()
    next_page(driver)
    assert steps_text(driver) == "Step 1 of 4"
    assert active_id(driver) == "fg-error-summary"
    assert "Enter your fullname" in summary_items(driver)
    go_to_pet_page_two(driver)
    assert active_id(driver) == "fg-page-1-title"
    assert driver.find_element(By.ID, "fg-page-1").is_displayed()
    assert not driver.find_element(By.ID, "fg-page-0").is_displayed()
    click(driver, "[data-fg-back]")
    assert steps_text(driver) == "Step 1 of 4"
    assert active_id(driver) == "fg-page-0-title"


def test_the_phone_mask_formats_as_the_user_types(page):
    driver = page("registration/")
    phone = driver.find_element(By.ID, "f-phone")
    phone.send_keys("0612")
    assert phone.get_attribute("value") == "0612"
    phone.send_keys("3456789xx0")
    assert phone.get_attribute("value") == "0612-345-6789"
    phone.send_keys(Keys.BACKSPACE * 4)
    assert phone.get_attribute("value") == "0612-345"
    phone.send_keys(Keys.BACKSPACE)
    assert phone.get_attribute("value") == "0612-34"
    phone.send_keys(Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, "9")
    assert phone.get_attribute("value") == "0691-234"
    assert driver.execute_script("return arguments[0].selectionStart", phone) == 3
    set_value(driver, "f-phone", "06 12 345 6789")
    assert phone.get_attribute("value") == "0612-345-6789"


def test_a_valid_kyc_submission_shows_the_data_as_json(page):
    driver = page("kyc/de/")
    fill(driver, {"first_name": "Erika", "last_name": "Mustermann", "steuer_id": "12345678901", "birth_date": "1964-08-12",
                  "postal_code": "10115", "email": " erika@example.de ", "consent": True})
    submit(driver)
    result = driver.find_element(By.ID, "fg-result")
    assert result.is_displayed()
    assert active_id(driver) == "fg-result-title"
    assert json.loads(driver.find_element(By.CSS_SELECTOR, ".fg-result-json").text) == {
        "first_name": "Erika", "last_name": "Mustermann", "steuer_id": "12345678901", "birth_date": "1964-08-12",
        "postal_code": "10115", "email": "erika@example.de", "consent": True}


def test_drafts_survive_a_reload_but_passwords_do_not(page):
    driver = page("registration/")
    fill(driver, REGISTRATION_PAGE_1)
    next_page(driver)
    driver.find_element(By.ID, "f-username").send_keys("ann_1")
    driver.find_element(By.ID, "f-password").send_keys("correct horse")
    wait_for(lambda: "ann_1" in (driver.execute_script("return localStorage.getItem('formgen:draft:registration')") or ""), message="the draft")
    stored = driver.execute_script("return localStorage.getItem('formgen:draft:registration')")
    assert "correct horse" not in stored
    driver.refresh()
    assert driver.find_element(By.ID, "f-full_name").get_attribute("value") == "Ann Example"
    assert driver.find_element(By.ID, "f-contact_method-0").is_selected()
    next_page(driver)
    assert driver.find_element(By.ID, "f-username").get_attribute("value") == "ann_1"
    assert driver.find_element(By.ID, "f-password").get_attribute("value") == ""


def test_a_form_completed_with_the_keyboard_alone(page):
    driver = page("kyc/us/")
    # Start at the top of the page: the skip link, then the header's links (a click on the body starts wherever it lands).
    driver.execute_script("document.querySelector('.fg-skip').focus()")
    for _ in range(16):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if active_id(driver) == "f-first_name":
            break
    assert active_id(driver) == "f-first_name"
    answers = ["Ann", "Lee", "03151985", "123-45-6789", "+15551234567", "94103", "ann@example.com"]
    for text in answers:
        field = active_id(driver)
        driver.switch_to.active_element.send_keys(text)
        for _ in range(3):  # a date input's day, month and year segments each take a Tab
            driver.switch_to.active_element.send_keys(Keys.TAB)
            if active_id(driver) != field:
                break
    assert active_id(driver) == "f-consent"
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-fg-next") is not None
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    # "Check your answers", then its submit button: a Tab past each Change link.
    assert active_id(driver) == "fg-review-title"
    for _ in range(20):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("data-fg-submit") is not None:
            break
    assert driver.switch_to.active_element.get_attribute("data-fg-submit") is not None
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    data = json.loads(wait_for(lambda: driver.find_element(By.CSS_SELECTOR, ".fg-result-json").text, message="the result"))
    assert data["birth_date"] == "1985-03-15"
    assert data["consent"] is True
    assert data["ssn"] == "123-45-6789"


def test_without_javascript_the_browser_refuses_an_empty_required_field(site_dir, base_url):
    from conftest import chrome

    driver = chrome(javascript=False)
    try:
        driver.get(base_url + "/registration/")
        assert driver.find_element(By.ID, "fg-page-2").is_displayed()
        assert not driver.find_element(By.ID, "fg-steps").is_displayed()
        submit(driver)
        assert driver.current_url == base_url + "/registration/"
        assert driver.find_element(By.ID, "fg-form").is_displayed()
        assert driver.title == "Create your account – formgen example forms"
        assert driver.find_element(By.ID, "f-full_name").get_attribute("validationMessage")
    finally:
        driver.quit()


def test_nl_prefill_fills_read_only_fields_after_the_delay(page, mock):
    before = mock.profile_requests
    driver = page("kyc/nl/")
    requests_for_page = mock.profile_requests - before
    first = driver.find_element(By.ID, "f-first_name")
    wait_for(lambda: first.get_attribute("value") == "Jan", message="the prefill")
    assert driver.find_element(By.ID, "f-last_name").get_attribute("value") == "van der Berg"
    assert driver.find_element(By.ID, "f-birth_date").get_attribute("value") == "15 March 1985"
    for field in ["first_name", "last_name", "birth_date"]:
        assert driver.find_element(By.ID, f"f-{field}").get_attribute("readonly") is not None
        assert driver.find_element(By.ID, f"fg-field-{field}").get_attribute("aria-busy") is None
    assert requests_for_page == 2, "one request per source for each of the two page loads"


def test_nl_prefill_shows_loading_while_waiting(browser, base_url, mock):
    mock.profile_fails = False
    browser.get(base_url + "/kyc/nl/")
    wrapper = browser.find_element(By.ID, "fg-field-first_name")
    assert wrapper.get_attribute("aria-busy") == "true"
    assert browser.find_element(By.ID, "f-first_name-loading").text == "Loading…"
    assert "f-first_name-loading" in browser.find_element(By.ID, "f-first_name").get_attribute("aria-describedby")
    wait_for(lambda: wrapper.get_attribute("aria-busy") is None, message="loading to end")


def test_nl_prefill_failure_offers_a_retry_that_fills_the_fields(page, mock):
    mock.profile_fails = True
    driver = page("kyc/nl/")
    driver.find_element(By.ID, "f-bsn").send_keys("123456789")
    alert = wait_for(lambda: driver.find_elements(By.ID, "fg-source-user_profile"), message="the failure message")[0]
    assert alert.get_attribute("role") == "alert"
    assert "We could not load some of your details." in alert.text
    retry = alert.find_element(By.TAG_NAME, "button")
    assert retry.get_attribute("type") == "button"
    assert retry.text == "Retry"
    assert driver.find_element(By.ID, "f-first_name").get_attribute("value") == ""
    mock.profile_fails = False
    retry.click()
    wait_for(lambda: driver.find_element(By.ID, "f-first_name").get_attribute("value") == "Jan", message="the retried prefill")
    assert driver.find_element(By.ID, "f-birth_date").get_attribute("value") == "15 March 1985"
    assert not driver.find_elements(By.ID, "fg-source-user_profile")
    assert driver.find_element(By.ID, "f-bsn").get_attribute("value") == "123456789"


def test_clicking_submit_straight_from_an_invalid_field_still_submits_the_check(page):
    driver = page("kyc/de/")
    driver.find_element(By.ID, "f-first_name").send_keys("A")
    submit(driver)
    assert active_id(driver) == "fg-error-summary"
    assert len(summary_items(driver)) == 7
    assert summary_items(driver)[0] == "Vorname muss mindestens 2 Zeichen lang sein"


def test_leaving_a_filled_invalid_field_shows_its_message(page):
    driver = page("kyc/de/")
    driver.find_element(By.ID, "f-postal_code").send_keys("12")
    driver.find_element(By.ID, "f-email").click()
    assert error_of(driver, "postal_code") == "Postleitzahl muss genau 5 Ziffern sein"
    assert error_of(driver, "email") is None
    assert summary_items(driver) == []
