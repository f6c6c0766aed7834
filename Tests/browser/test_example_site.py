"""The example site as a person sees it, measured in Chromium: 40 px checkboxes and radios, the header's links,
header and footer on the content column, images that fail to load, GOV.UK's three-box date input (JavaScript on
and off) and a radio option that reveals its follow-up question. The `look-check` form is conftest's LOOK_FORM."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import chrome
from helpers import summary_items, wait_for
from test_accessibility import run_axe

LOOK = "look-check/"
GOVUK_YELLOW = "rgb(255, 221, 0)"


def rect(driver, element_id):
    return driver.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().toJSON()", element_id)


def visible_errors(driver):
    return driver.execute_script(
        "return Array.prototype.slice.call(document.querySelectorAll('.fg-error-message:not([hidden])'))"
        ".map(function (e) { return e.id; })")


def submit(driver):
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()


def type_date(driver, field, day, month, year):
    for part, value in (("day", day), ("month", month), ("year", year)):
        box = driver.find_element(By.ID, f"f-{field}-{part}")
        box.clear()
        box.send_keys(value)


# Checkboxes and radios

@pytest.mark.parametrize("path, box", [(LOOK, "f-agree"), (LOOK, "f-contact-0"), ("kyc/nl/", "f-consent"),
                                       ("registration/", "f-contact_method-0")])
def test_checkboxes_and_radios_are_40_px_like_govuk(page, path, box):
    driver = page(path)
    size = rect(driver, box)
    assert size["width"] >= 40 and size["height"] >= 40, size


def test_a_checkbox_is_ticked_by_its_label_and_shows_a_visible_focus_ring(page):
    driver = page(LOOK)
    box = driver.find_element(By.ID, "f-agree")
    driver.find_element(By.CSS_SELECTOR, "label[for=f-agree]").click()
    assert box.is_selected()
    driver.find_element(By.CSS_SELECTOR, "label[for=f-agree]").click()
    assert not box.is_selected()
    box.send_keys(Keys.SPACE)
    assert box.is_selected()
    style = driver.execute_script("var s = getComputedStyle(document.activeElement); return [document.activeElement.id, s.outlineStyle, s.outlineWidth, s.boxShadow]")
    assert style[0] == "f-agree"
    assert style[1] == "solid" and style[2] == "3px"
    assert GOVUK_YELLOW in style[3]


# Header and footer

@pytest.mark.parametrize("width", [1200, 420])
@pytest.mark.parametrize("path", ["", "kyc/nl/", LOOK, "docs/privacy/"])
def test_header_and_footer_sit_on_the_content_column(browser, base_url, path, width):
    browser.set_window_size(width, 1000)
    try:
        browser.get(f"{base_url}/{path}")
        content = browser.execute_script("return document.querySelector('main h1').getBoundingClientRect().left")
        footer = browser.execute_script("return document.querySelector('.fg-footer p').getBoundingClientRect().left")
        home = browser.execute_script("return document.querySelector('.fg-home').getBoundingClientRect().left")
        assert abs(footer - content) < 0.5, (footer, content)
        assert abs(home - content) < 0.5, (home, content)
    finally:
        browser.set_window_size(1200, 1000)


def test_the_header_links_home_the_forms_and_the_docs(page, base_url):
    driver = page("kyc/nl/")
    links = driver.execute_script(
        "return Array.prototype.slice.call(document.querySelectorAll('.fg-header a')).map(function (a) { return [a.textContent, a.href]; })")
    assert links == [["formgen example forms", base_url + "/"], ["Forms", base_url + "/#forms"], ["Documentation", base_url + "/docs/"]]
    driver.find_element(By.LINK_TEXT, "Forms").click()
    wait_for(lambda: driver.current_url == base_url + "/#forms", message="the forms index")
    assert "Site inspection" in driver.find_element(By.ID, "forms").text
    driver.find_element(By.LINK_TEXT, "Documentation").click()
    wait_for(lambda: driver.current_url == base_url + "/docs/", message="the docs")


# Images that fail to load

def test_an_image_that_fails_leaves_no_gap_and_a_labelled_one_shows_its_label(page):
    driver = page(LOOK)
    for image in ("broken", "captioned"):
        wait_for(lambda: driver.execute_script(
            "var i = document.querySelector('#fg-field-' + arguments[0] + ' img'); return i.complete && i.naturalWidth === 0", image),
            message=f"the {image} image to fail")
    broken, before, between = rect(driver, "fg-field-broken"), rect(driver, "fg-field-before"), rect(driver, "fg-field-between")
    assert broken["height"] == 0 and broken["width"] == 0
    # The space between two fields (1.75rem = 28 px), as if the image were not there: no empty box where it failed.
    assert abs(between["top"] - before["bottom"] - 28) < 0.5, (before, between)
    captioned, after = rect(driver, "fg-field-captioned"), rect(driver, "fg-field-after")
    assert captioned["height"] >= 16, "the alt text is drawn in the image's place"
    assert abs(after["top"] - captioned["bottom"] - 28) < 0.5, "and the usual space follows it"
    assert driver.execute_script("return document.querySelector('#fg-field-captioned img').alt") == "A photo of the office"


# The three-box date input

def date_group_errors(driver):
    return driver.execute_script(
        "return Array.prototype.slice.call(document.querySelectorAll('#fg-field-moved .fg-error-message:not([hidden])'))"
        ".map(function (e) { return e.textContent; })")


def test_date_boxes_show_one_error_for_the_group_and_the_summary_links_the_day_box(page):
    driver = page(LOOK)
    submit(driver)
    wait_for(lambda: summary_items(driver), message="the error summary")
    assert date_group_errors(driver) == ["Error: Enter the date you moved in"]
    links = driver.execute_script(
        "return Array.prototype.slice.call(document.querySelectorAll('.fg-error-list a')).map(function (a) { return [a.textContent, a.getAttribute('href')]; })")
    assert ["Enter the date you moved in", "#f-moved-day"] in links
    assert len([link for link in links if link[1].startswith("#f-moved")]) == 1
    driver.find_element(By.CSS_SELECTOR, "a[href='#f-moved-day']").click()
    assert driver.switch_to.active_element.get_attribute("id") == "f-moved-day"
    fieldset = driver.find_element(By.ID, "f-moved")
    assert "f-moved-error" in fieldset.get_attribute("aria-describedby").split()
    for part in ("day", "month", "year"):
        assert driver.find_element(By.ID, f"f-moved-{part}").get_attribute("aria-invalid") == "true"

    type_date(driver, "moved", "31", "2", "2020")
    driver.find_element(By.ID, "f-agree").click()  # leaving the group checks it
    wait_for(lambda: date_group_errors(driver) and "Enter the date you moved in" not in date_group_errors(driver)[0],
             message="the invalid-date error")
    assert len(date_group_errors(driver)) == 1

    type_date(driver, "moved", "27", "3", "2007")
    driver.find_element(By.ID, "f-agree").click()
    wait_for(lambda: date_group_errors(driver) == [], message="the error to go")
    for part in ("day", "month", "year"):
        assert driver.find_element(By.ID, f"f-moved-{part}").get_attribute("aria-invalid") is None


def test_date_boxes_submit_one_iso_date(page):
    driver = page(LOOK)
    type_date(driver, "moved", "7", "3", "2007")
    driver.find_element(By.ID, "f-contact-0").click()
    submit(driver)
    result = driver.find_element(By.CSS_SELECTOR, ".fg-result-json")
    wait_for(lambda: result.is_displayed(), message="the result")
    data = json.loads(result.text)
    assert data["moved"] == "2007-03-07"
    assert not any(key.startswith("moved-") for key in data)


def test_date_boxes_come_back_from_a_draft(page):
    driver = page(LOOK)
    type_date(driver, "moved", "5", "11", "2019")
    def drafted_date():
        draft = driver.execute_script("return localStorage.getItem('formgen:draft:look-check')")
        return draft and json.loads(draft)["values"].get("moved")

    # The draft is saved as the boxes are typed: wait for the one written after the last box.
    wait_for(lambda: drafted_date() == "2019-11-05", message="the draft with the whole date")
    driver.refresh()
    values = [driver.find_element(By.ID, f"f-moved-{part}").get_attribute("value") for part in ("day", "month", "year")]
    assert values == ["5", "11", "2019"]


def test_date_boxes_reject_a_future_date_with_the_existing_date_rules(page):
    driver = page(LOOK)
    type_date(driver, "moved", "1", "1", "2999")
    submit(driver)
    wait_for(lambda: date_group_errors(driver), message="the date error")
    assert date_group_errors(driver) == ["Error: The date you moved in must be in the past"]


def test_date_boxes_have_axe_zero_violations_with_the_group_error_showing(page, axe_source):
    driver = page(LOOK)
    driver.set_script_timeout(30)
    submit(driver)
    wait_for(lambda: date_group_errors(driver), message="the date error")
    assert run_axe(driver, axe_source) == []


def test_date_boxes_without_javascript_block_an_empty_or_invalid_submit(base_url, site_dir):
    driver = chrome(javascript=False)
    try:
        driver.get(base_url + "/" + LOOK)
        boxes = {part: driver.find_element(By.ID, f"f-moved-{part}") for part in ("day", "month", "year")}
        for part, box in boxes.items():
            assert box.get_attribute("inputmode") == "numeric"
            assert box.get_attribute("required") is not None
            assert box.get_attribute("pattern")
            assert box.get_attribute("name") == f"moved-{part}"
        assert driver.find_element(By.CSS_SELECTOR, "#f-moved legend").text == "When did you move in?"
        assert driver.find_element(By.ID, "f-moved-hint").text == "For example, 27 3 2007"
        driver.find_element(By.ID, "f-contact-0").click()
        submit(driver)
        assert driver.current_url == base_url + "/" + LOOK, "an empty date blocks the post"
        assert boxes["day"].get_attribute("validationMessage")
        for part, value in (("day", "32"), ("month", "3"), ("year", "2007")):
            boxes[part].send_keys(value)
        submit(driver)
        assert driver.current_url == base_url + "/" + LOOK, "day 32 blocks the post"
        assert boxes["day"].get_attribute("validationMessage")
        assert not boxes["month"].get_attribute("validationMessage")
    finally:
        driver.quit()


# Conditional reveal

def test_a_radio_option_reveals_its_follow_up_question_under_it(page):
    driver = page(LOOK)
    phone_option = driver.find_element(By.ID, "f-contact-1")
    field = driver.find_element(By.ID, "fg-field-phone")
    container = driver.find_element(By.ID, "fg-reveal-contact-1")
    assert phone_option.get_attribute("aria-controls") == "fg-reveal-contact-1"
    # No aria-expanded: GOV.UK sets it, but ARIA does not allow it on a radio (axe-core's aria-allowed-attr).
    assert phone_option.get_attribute("aria-expanded") is None
    assert driver.execute_script("return arguments[0].contains(arguments[1])", container, field)
    assert not field.is_displayed()
    phone_option.click()
    wait_for(lambda: field.is_displayed(), message="the reveal")
    option, revealed, email = rect(driver, "f-contact-1"), rect(driver, "f-phone"), rect(driver, "f-contact-0")
    assert option["bottom"] <= revealed["top"], "directly under the chosen option"
    assert revealed["left"] > option["left"], "indented under it"
    submit(driver)
    wait_for(lambda: summary_items(driver), message="the summary")
    assert "f-phone-error" in visible_errors(driver), "the revealed question is required while shown"
    driver.find_element(By.ID, "f-contact-0").click()
    wait_for(lambda: not field.is_displayed(), message="the question to hide")
    submit(driver)
    wait_for(lambda: "f-phone-error" not in visible_errors(driver), message="the hidden question's error to go")
    assert email["top"] < option["top"]
