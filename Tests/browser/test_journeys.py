"""Form journeys in Chromium: branches, exit pages, pages skipped forward and back, "Check your answers" with Change
links, the step indicator counting the path, a keyboard-only run, axe on every step, and the page without JavaScript."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import active_id, choose, click, fill, steps_text, summary_items, wait_for
from test_accessibility import run_axe

JOURNEY = "pet-adoption-journey/"
ABOUT_YOU = {"full_name": "Ann Example", "email": "ann@example.org", "phone": "0612-345-6789", "birth_date": "1990-03-27"}


def shown_page(driver):
    """The id of the step on show: fg-page-N or fg-review."""
    return driver.execute_script(
        "var all = Array.from(document.querySelectorAll('.fg-page, #fg-review'));"
        "var on = all.filter(function (s) { return !s.hidden; }); return on.map(function (s) { return s.id; }).join(',');")


def review_rows(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#fg-review .fg-summary-row')).map(function (row) {"
        "  return [row.querySelector('dt').textContent, row.querySelector('dd').textContent]; });")


def to_home_page(driver):
    choose(driver, "f-adult-0")
    click(driver, "[data-fg-next]")
    fill(driver, ABOUT_YOU)
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-page-3"


def result(driver):
    wait_for(lambda: driver.find_element(By.ID, "fg-result").is_displayed(), message="the result")
    return json.loads(driver.find_element(By.CSS_SELECTOR, ".fg-result-json").text)


def test_no_goes_to_the_exit_page_with_neither_next_nor_submit(page, axe_source):
    driver = page(JOURNEY)
    assert shown_page(driver) == "fg-page-0"
    assert steps_text(driver) == "Step 1 of 6"
    assert not any(note.is_displayed() for note in driver.find_elements(By.CSS_SELECTOR, "[data-fg-note]"))
    choose(driver, "f-adult-1")
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-page-1"
    assert active_id(driver) == "fg-page-1-title"
    assert driver.find_element(By.ID, "fg-page-1-title").text == "You must be 18 or over to adopt a pet"
    assert "Ask a parent or guardian" in driver.find_element(By.CSS_SELECTOR, "#fg-page-1 .fg-exit-text").text
    assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-next]").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").is_displayed()
    assert not driver.find_element(By.ID, "fg-steps").is_displayed()
    assert run_axe(driver, axe_source) == []
    click(driver, "[data-fg-back]")
    assert shown_page(driver) == "fg-page-0"


def test_yes_with_no_pets_skips_the_pets_page_forward_and_back_and_sends_from_the_review(page, axe_source):
    driver = page(JOURNEY)
    assert run_axe(driver, axe_source) == []
    to_home_page(driver)
    assert steps_text(driver) == "Step 3 of 6"
    choose(driver, "f-yard-0")
    fill(driver, {"fence": "Wooden fence"})
    choose(driver, "f-has_pets-1")
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-page-5"
    assert steps_text(driver) == "Step 4 of 5"
    fill(driver, {"reference": "Bob Reference"})
    click(driver, "[data-fg-back]")
    assert shown_page(driver) == "fg-page-3"
    click(driver, "[data-fg-next]")
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-review"
    assert active_id(driver) == "fg-review-title"
    assert driver.find_element(By.ID, "fg-review-title").text == "Check your answers"
    assert steps_text(driver) == "Step 5 of 5"
    assert review_rows(driver) == [
        ["Are you 18 or over?", "Yes"], ["Your full name", "Ann Example"], ["Email address", "ann@example.org"],
        ["Phone number", "0612-345-6789"], ["Date of birth", "March 27, 1990"], ["Do you have a yard?", "Yes"],
        ["Is it fenced? Also indicate the type", "Wooden fence"], ["Do you have other pets?", "No"],
        ["Your veterinarian's name", "Not answered"], ["Name of a personal reference", "Bob Reference"]]
    assert run_axe(driver, axe_source) == []
    click(driver, "[data-fg-submit]")
    assert result(driver) == {"adult": "Yes", "full_name": "Ann Example", "email": "ann@example.org", "phone": "0612-345-6789",
                              "birth_date": "1990-03-27", "yard": "Yes", "fence": "Wooden fence", "has_pets": "No",
                              "reference": "Bob Reference"}


def test_change_from_the_review_returns_to_the_review_and_a_new_branch_asks_its_page(page, axe_source):
    driver = page(JOURNEY)
    to_home_page(driver)
    choose(driver, "f-yard-1")
    choose(driver, "f-has_pets-1")
    click(driver, "[data-fg-next]")
    fill(driver, {"reference": "Bob"})
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-review"
    change = driver.find_elements(By.CSS_SELECTOR, "#fg-review .fg-summary-row a")[1]
    assert change.get_attribute("textContent") == "Change Your full name"
    change.click()
    assert shown_page(driver) == "fg-page-2"
    assert active_id(driver) == "fg-page-2-title"
    fill(driver, {"full_name": "Ann Changed"})
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-review"
    assert ["Your full name", "Ann Changed"] in review_rows(driver)
    # Answering Yes to pets now puts the pets page on the path: Change goes through it, then back to the review.
    [link for link in driver.find_elements(By.CSS_SELECTOR, "#fg-review .fg-summary-row a") if "other pets" in link.get_attribute("textContent")][0].click()
    assert shown_page(driver) == "fg-page-3"
    choose(driver, "f-has_pets-0")
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-page-4"
    assert run_axe(driver, axe_source) == []
    driver.find_element(By.ID, "f-pet_kinds-0").click()
    driver.find_element(By.ID, "f-pet_kinds-1").click()
    fill(driver, {"pet_count": "2"})
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-review"
    assert ["Which pets do you have?", "Dogs, Cats"] in review_rows(driver)
    click(driver, "[data-fg-submit]")
    data = result(driver)
    assert data["pet_kinds"] == ["dog", "cat"] and data["pet_count"] == 2 and data["full_name"] == "Ann Changed"


def test_a_keyboard_only_run_through_the_branching_form(page):
    driver = page(JOURNEY)
    body = driver.find_element(By.TAG_NAME, "body")
    body.click()

    def tab_to(element_id, limit=60):
        for _ in range(limit):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            if active_id(driver) == element_id:
                return
        raise AssertionError(f"Tab never reached {element_id}")

    def press_next():
        for _ in range(60):
            active = driver.switch_to.active_element
            if active.get_attribute("data-fg-next") is not None:
                active.send_keys(Keys.ENTER)
                return
            active.send_keys(Keys.TAB)
        raise AssertionError("Tab never reached Next")

    tab_to("f-adult-0")
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    press_next()
    assert active_id(driver) == "fg-page-2-title"
    for field, text in [("full_name", "Kim Keys"), ("email", "kim@example.org"), ("phone", "06123456789")]:
        tab_to(f"f-{field}")
        driver.switch_to.active_element.send_keys(text)
    tab_to("f-birth_date")
    driver.execute_script("document.getElementById('f-birth_date').value = '1980-01-02';"
                          "document.getElementById('f-birth_date').dispatchEvent(new Event('change', {bubbles: true}))")
    press_next()
    assert active_id(driver) == "fg-page-3-title"
    tab_to("f-yard-0")
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    tab_to("f-has_pets-0")
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    press_next()
    assert active_id(driver) == "fg-page-5-title"
    tab_to("f-reference")
    driver.switch_to.active_element.send_keys("Ref Person")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert shown_page(driver) == "fg-review"
    assert active_id(driver) == "fg-review-title"
    for _ in range(60):
        active = driver.switch_to.active_element
        if active.get_attribute("data-fg-submit") is not None:
            active.send_keys(Keys.ENTER)
            break
        active.send_keys(Keys.TAB)
    data = result(driver)
    assert data["has_pets"] == "No" and data["yard"] == "No" and data["reference"] == "Ref Person"
    assert "pet_kinds" not in data and "pet_count" not in data


def test_the_kyc_flow_has_a_review_step(page, axe_source):
    driver = page("kyc/us/")
    assert steps_text(driver) == "Step 1 of 2"
    assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").is_displayed()
    click(driver, "[data-fg-next]")
    assert shown_page(driver) == "fg-page-0"
    assert summary_items(driver)


def test_without_javascript_every_page_shows_with_the_journey_in_words(site_dir, base_url):
    from conftest import chrome

    driver = chrome(javascript=False)
    try:
        driver.get(base_url + "/" + JOURNEY)
        for index in range(6):
            assert driver.find_element(By.ID, f"fg-page-{index}").is_displayed()
        notes = [note.text for note in driver.find_elements(By.CSS_SELECTOR, "[data-fg-note]")]
        assert notes == ["This applies if you answered “No” to “Are you 18 or over?”:",
                         "Skip this page if you answered “No” to “Do you have other pets?”."]
        assert not driver.find_element(By.ID, "fg-review").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, "#fg-page-1 .fg-exit-text").is_displayed()
    finally:
        driver.quit()


# Every step of every example form that has steps, each checked by axe: the pages, the review, and an exit page above.
STEPS = {
    "pet-adoption/": [{"text_1": "Ann", "text_2": "ann@example.org", "formattednumeric_1": "0612-345-6789", "datetime_1": "1990-01-31"},
                      {"yesno_1": ("choose", 1)}, {"text_5": "Bob"}],
    # lumiform-nested/ is not here: its first page only says things (#35), so one page asks and there is no review.
    "registration/": [{"full_name": "Ann Example", "birth_date": "1990-03-27", "email": "ann@example.org", "contact_method": ("choose", 0)},
                      {"username": "ann_1", "password": "correct horse", "password_confirm": "correct horse"},
                      {"has_pets": ("choose", 1), "terms": True}],
    "kyc/us/": [{"first_name": "Ann", "last_name": "Lee", "birth_date": "1985-03-15", "ssn": "123-45-6789", "phone": "+15551234567",
                 "zip_code": "94103", "email": "ann@example.com", "consent": True}],
}


def test_every_step_of_every_example_form_has_no_axe_violations(page, axe_source):
    for path, steps in STEPS.items():
        driver = page(path)
        for number, values in enumerate(steps):
            assert run_axe(driver, axe_source) == [], f"{path} step {number + 1}"
            fill(driver, values)
            click(driver, "[data-fg-next]")
            assert summary_items(driver) == [], f"{path} step {number + 1}"
        assert shown_page(driver) == "fg-review", path
        assert review_rows(driver), path
        assert run_axe(driver, axe_source) == [], f"{path} review"
        assert active_id(driver) == "fg-review-title"
