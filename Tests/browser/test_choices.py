""""None of these" and "Other, please specify" (#37 items 3 and 4) through `formgen serve`'s sink.

With JavaScript, keyboard only: ticking "None of these" clears the other boxes and ticking another clears it, each
announced in the polite live region; choosing Other reveals its text field, which is then required (aria-expanded on
a checkbox's Other; a radio's has aria-controls alone, as ARIA allows); "Check your answers" reads "Another animal:
Ferret"; axe finds nothing with the errors showing.
Without JavaScript every Other text box shows (with its hint) and the sink refuses "None of these" with another box
and an empty Other text only when Other is chosen."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPOSITORY, chrome
from helpers import active_id, error_of, summary_items, visible_text, wait_for
from test_accessibility import run_axe
from test_serve_preview import Served

CHOICE_FORM = """
id: choices
title: Pets and contact
lang: en
review: true
drafts: true
pages:
  - title: About your pets
    fields:
      - id: pets
        type: checkbox
        label: Which pets do you have?
        required: true
        options:
          - {value: cat, label: Cat}
          - {value: dog, label: Dog}
          - {value: none, label: None of these, exclusive: true}
        other: {label: Another animal}
      - {id: contact, type: radio, label: How should we contact you?, required: true, options: [Email, Phone], other: true}
      - {id: colour, type: select, label: Favourite colour, options: [Red, Blue], other: true}
"""
NONE_ERROR = "Select “None of these” or other options for “Which pets do you have?”, not both"
PETS_OTHER_ERROR = "Enter your “Another animal” answer for “Which pets do you have?”"
CONTACT_OTHER_ERROR = "Enter your “Other” answer for “How should we contact you?”"


@pytest.fixture(scope="module")
def choices_site(tmp_path_factory):
    server = Served.with_forms(tmp_path_factory.mktemp("choices"), {"choices.yaml": CHOICE_FORM})
    yield server
    assert server.stop() == 0




def checked(driver, field):
    return [box.get_attribute("value") for box in driver.find_elements(By.CSS_SELECTOR, f"input[name='{field}']") if box.is_selected()]


def announced(driver):
    return driver.find_element(By.ID, "fg-announce").get_attribute("textContent")


def press_space_on(driver, element_id):
    """Moves the focus to a control by keyboard (Tab from the one before it) and presses Space on it."""
    element = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].focus()", element)
    assert active_id(driver) == element_id
    element.send_keys(Keys.SPACE)


def open_fresh(site, driver):
    driver.get(site.url + "choices/")
    driver.execute_script("localStorage.clear()")
    driver.get(site.url + "choices/")
    wait_for(lambda: driver.find_elements(By.ID, "fg-form"), message="the form")


def test_none_of_these_clears_the_others_and_another_clears_it_announced(choices_site):
    driver = chrome()
    try:
        open_fresh(choices_site, driver)
        press_space_on(driver, "f-pets-0")
        driver.find_element(By.ID, "f-pets-0").send_keys(Keys.TAB)
        assert active_id(driver) == "f-pets-1"
        driver.find_element(By.ID, "f-pets-1").send_keys(Keys.SPACE)
        assert checked(driver, "pets") == ["cat", "dog"]
        press_space_on(driver, "f-pets-3")
        assert checked(driver, "pets") == ["none"]
        wait_for(lambda: announced(driver) == "Unselected: Cat, Dog", message=f"the announcement, not {announced(driver)!r}")
        assert driver.find_element(By.ID, "fg-announce").get_attribute("role") == "status"
        press_space_on(driver, "f-pets-2")
        assert checked(driver, "pets") == ["other"]
        wait_for(lambda: announced(driver) == "Unselected: None of these", message=f"the announcement, not {announced(driver)!r}")
        assert driver.find_element(By.ID, "f-pets-2").get_attribute("aria-expanded") == "true"
        assert driver.find_element(By.ID, "f-pets_other").is_displayed()
        press_space_on(driver, "f-pets-3")
        assert checked(driver, "pets") == ["none"]
        assert driver.find_element(By.ID, "f-pets-2").get_attribute("aria-expanded") == "false"
        assert not driver.find_element(By.ID, "f-pets_other").is_displayed(), "Other cleared: its text field is hidden again"
        divider = driver.find_element(By.CSS_SELECTOR, "#f-pets .fg-choice-divider")
        assert divider.text == "or"
    finally:
        driver.quit()


def test_other_reveals_its_text_which_is_required_then_shown_in_check_your_answers(choices_site, axe_source):
    driver = chrome()
    try:
        open_fresh(choices_site, driver)
        other = driver.find_element(By.ID, "f-contact-2")
        assert other.get_attribute("aria-controls") == "fg-reveal-contact-2"
        assert other.get_attribute("aria-expanded") is None, "ARIA allows aria-expanded on a checkbox, not on a radio"
        assert driver.find_element(By.ID, "f-pets-2").get_attribute("aria-expanded") == "false"
        assert not driver.find_element(By.ID, "f-contact_other").is_displayed()
        assert not driver.find_element(By.ID, "f-colour_other").is_displayed()
        press_space_on(driver, "f-pets-2")
        press_space_on(driver, "f-contact-0")
        driver.find_element(By.ID, "f-contact-0").send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        assert active_id(driver) == "f-contact-2"
        assert other.is_selected()
        assert driver.find_element(By.ID, "f-contact_other").is_displayed()
        assert not driver.find_element(By.ID, "f-contact_other-hint").is_displayed(), "the no-JavaScript hint is hidden"
        assert driver.find_element(By.ID, "f-contact_other").get_attribute("aria-describedby") is None
        driver.find_element(By.CSS_SELECTOR, "[data-fg-next]").click()
        wait_for(lambda: summary_items(driver), message="the error summary")
        assert summary_items(driver) == [PETS_OTHER_ERROR, CONTACT_OTHER_ERROR]
        assert error_of(driver, "contact_other") == CONTACT_OTHER_ERROR
        assert driver.find_element(By.ID, "f-contact_other").get_attribute("aria-invalid") == "true"
        assert run_axe(driver, axe_source) == []
        driver.find_element(By.ID, "f-pets_other").send_keys("Ferret")
        driver.find_element(By.ID, "f-contact_other").send_keys("Carrier pigeon")
        driver.find_element(By.CSS_SELECTOR, "[data-fg-next]").click()
        wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="Check your answers")
        rows = [(row.find_element(By.CSS_SELECTOR, ".fg-summary-key").text, row.find_element(By.CSS_SELECTOR, ".fg-summary-value").text)
                for row in driver.find_elements(By.CSS_SELECTOR, "#fg-review .fg-summary-row")]
        assert rows == [("Which pets do you have?", "Another animal: Ferret"), ("How should we contact you?", "Other: Carrier pigeon"),
                        ("Favourite colour", "Not answered")]
        def drafted():
            return json.loads(driver.execute_script("return localStorage.getItem('formgen:draft:choices')") or "{}").get("values", {})
        wait_for(lambda: drafted().get("pets_other") == "Ferret", message=f"the Other text kept in the draft, not {drafted()}")
        before = len(choices_site.records())
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: len(choices_site.records()) == before + 1, timeout=10, message="the stored row")
        assert choices_site.records()[-1]["data"] == {"pets": ["other"], "pets_other": "Ferret", "contact": "other", "contact_other": "Carrier pigeon"}
    finally:
        driver.quit()


def test_without_javascript_the_sink_refuses_both_and_asks_for_other_only_when_chosen(choices_site):
    driver = chrome(javascript=False)
    try:
        driver.get(choices_site.url + "choices/")
        text = driver.find_element(By.ID, "f-pets_other")
        assert text.is_displayed() and text.get_attribute("required") is None
        assert driver.find_element(By.ID, "f-pets_other-hint").text == "Only if you chose “Another animal”"
        assert driver.find_element(By.ID, "f-colour_other").is_displayed()
        driver.find_element(By.ID, "f-pets-0").click()
        driver.find_element(By.ID, "f-pets-3").click()
        driver.find_element(By.ID, "f-contact-0").click()
        before = len(choices_site.records())
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: NONE_ERROR in visible_text(driver), timeout=10, message="the sink's error page")
        assert len(choices_site.records()) == before

        driver.get(choices_site.url + "choices/")
        driver.find_element(By.ID, "f-pets-2").click()
        driver.find_element(By.ID, "f-contact-0").click()
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: PETS_OTHER_ERROR in visible_text(driver), timeout=10, message="the sink's error page")
        assert len(choices_site.records()) == before

        driver.get(choices_site.url + "choices/")
        driver.find_element(By.ID, "f-pets-0").click()
        driver.find_element(By.ID, "f-contact-1").click()
        driver.find_element(By.ID, "f-colour_other").send_keys("Teal, but I chose nothing")
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: "Submission received" in visible_text(driver), timeout=10, message="the sink's page")
        assert choices_site.records()[-1]["data"] == {"pets": ["cat"], "contact": "Phone"}, "Other's text left out when Other is not chosen"
    finally:
        driver.quit()
