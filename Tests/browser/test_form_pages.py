"""What a person sees on the form pages (#35 part A), each fault the screenshots found as a named test: "Check your
answers" as GOV.UK's summary list (Change in a right-hand actions column with the question in its hidden text, none
for a prefilled read-only answer, "Not answered" for a skipped optional question, stacked at 320 px), a repeating
section's heading shown once and its item errors without the item's legend again, a 2-digit answer's input not full
width, live-region texts visually hidden (and never visible on the review), a file checked as soon as it is chosen
and drawn as GOV.UK's file upload, GOV.UK's "Enter an email address", and dates in error messages in the page's
date style."""
import pytest
from selenium.webdriver.common.by import By

from helpers import click, error_of, fill, set_value, summary_items, wait_for
from test_accessibility import run_axe

HOUSEHOLD = "household/"

ROWS = """
return Array.from(document.querySelectorAll('#fg-review .fg-summary-row')).map(function (row) {
  function box(el) { if (!el) return null; var r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }
  var link = row.querySelector('.fg-summary-actions a');
  return {key: row.querySelector('.fg-summary-key').textContent, value: row.querySelector('.fg-summary-value').textContent,
          link: link ? link.textContent : null, keyBox: box(row.querySelector('.fg-summary-key')),
          valueBox: box(row.querySelector('.fg-summary-value')), linkBox: box(link)};
});
"""


def household_review(driver):
    set_value(driver, "f-owner_name", "Sam Smith")
    click(driver, "[data-fg-next]")
    set_value(driver, "f-pets[0].pet_name", "Rex")
    set_value(driver, "f-pets[0].species", "Dog")
    click(driver, "[data-fg-add]")
    set_value(driver, "f-pets[1].pet_name", "Kit")
    set_value(driver, "f-pets[1].species", "Cat")
    set_value(driver, "f-pets[1].age_years", "3")
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")


def visible(driver, element_id):
    """Whether an element takes visible space (not clipped to 1 px by .fg-vh, not hidden)."""
    return driver.execute_script(
        "var el = document.getElementById(arguments[0]), r = el.getBoundingClientRect();"
        "return r.width > 2 && r.height > 2 && getComputedStyle(el).visibility !== 'hidden';", element_id)


def test_review_change_links_sit_in_a_right_hand_actions_column_naming_the_question(page, axe_source):
    driver = page(HOUSEHOLD)
    household_review(driver)
    rows = driver.execute_script(ROWS)
    owner = rows[0]
    assert (owner["key"], owner["value"], owner["link"]) == ("Your full name", "Sam Smith", "Change Your full name")
    for row in rows:
        assert row["linkBox"]["left"] > row["valueBox"]["right"] - 1, f"Change is right of the answer: {row}"
        assert row["valueBox"]["left"] > row["keyBox"]["right"] - 1, f"the answer is right of the question: {row}"
        assert row["keyBox"]["top"] <= row["linkBox"]["top"] and row["linkBox"]["bottom"] <= row["keyBox"]["bottom"] + 1, \
            f"question, answer and Change in one row: {row}"
    links = [row["link"] for row in rows]
    assert "Change Name (Pet 2)" in links, "an item's Change names the question and the item"
    assert run_axe(driver, axe_source) == []


def test_review_lists_each_repeated_item_as_a_card_and_a_skipped_optional_question_as_not_answered(page):
    driver = page(HOUSEHOLD)
    household_review(driver)
    cards = driver.execute_script(
        "return Array.from(document.querySelectorAll('#fg-review .fg-summary-card')).map(function (card) {"
        "  return [card.querySelector('h4').textContent, Array.from(card.querySelectorAll('.fg-summary-row')).map(function (r) {"
        "    return r.querySelector('.fg-summary-key').textContent + ': ' + r.querySelector('.fg-summary-value').textContent; })]; });")
    assert cards == [["Pet 1", ["Name: Rex", "Species: Dog", "Age in years: Not answered"]],
                     ["Pet 2", ["Name: Kit", "Species: Cat", "Age in years: 3"]]]
    assert driver.find_element(By.CSS_SELECTOR, "#fg-review h3").text == "Your pets"
    assert "Pet 1: Rex, Dog" not in driver.find_element(By.ID, "fg-review").text, "no comma runs"


def test_review_stacks_readably_at_320_px(browser, page):
    driver = page(HOUSEHOLD)
    household_review(driver)
    try:
        driver.set_window_size(320, 900)
        wait_for(lambda: driver.execute_script("return document.documentElement.clientWidth") <= 320, message="the narrow window")
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
            "no horizontal scrolling"
        for row in driver.execute_script(ROWS):
            assert row["valueBox"]["top"] >= row["keyBox"]["bottom"] - 1, f"the answer under the question: {row}"
            assert row["linkBox"]["top"] >= row["valueBox"]["bottom"] - 1, f"Change under the answer: {row}"
    finally:
        driver.set_window_size(1200, 1000)


def test_a_prefilled_read_only_answer_has_no_change_link(page):
    driver = page("kyc/nl/")
    wait_for(lambda: driver.find_element(By.ID, "f-first_name").get_attribute("value") == "Jan", message="the prefill")
    fill(driver, {"bsn": "123456789", "email": "jan@example.nl", "consent": True})
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
    links = {row["key"]: row["link"] for row in driver.execute_script(ROWS)}
    assert links["First Name"] is None and links["Last Name"] is None and links["Birth Date"] is None
    assert links["BSN"] == "Change BSN" and links["Email address"] == "Change Email address"
    # The rows without a link keep the table's columns: the answer starts where the others' do.
    lefts = {round(row["valueBox"]["left"]) for row in driver.execute_script(ROWS)}
    assert len(lefts) == 1


def test_the_repeat_page_shows_its_heading_once(page):
    driver = page(HOUSEHOLD)
    set_value(driver, "f-owner_name", "Sam Smith")
    click(driver, "[data-fg-next]")
    shown = driver.execute_script(
        "return Array.from(document.querySelectorAll('#fg-page-1 h2, #fg-page-1 legend')).filter(function (el) {"
        "  var r = el.getBoundingClientRect(); return el.textContent.trim() === 'Your pets' && r.width > 2 && r.height > 2; }).length")
    assert shown == 1
    assert driver.execute_script("return document.querySelector('#f-pets > legend').textContent") == "Your pets", \
        "the section's legend still names it for screen readers"


def test_an_item_error_does_not_say_the_items_legend_again(page):
    driver = page(HOUSEHOLD)
    set_value(driver, "f-owner_name", "Sam Smith")
    click(driver, "[data-fg-next]")
    set_value(driver, "f-pets[0].pet_name", "Rex")
    set_value(driver, "f-pets[0].species", "Dog")
    click(driver, "[data-fg-add]")
    set_value(driver, "f-pets[1].species", "Cat")
    click(driver, "[data-fg-next]")
    assert summary_items(driver) == ["Pet 2: Enter a name"], "the summary says which item"
    assert error_of(driver, "pets[1].pet_name") == "Enter a name", "inside Pet 2's fieldset, not 'Pet 2:' again"


def test_a_two_digit_age_input_is_not_full_width(page):
    driver = page(HOUSEHOLD)
    set_value(driver, "f-owner_name", "Sam Smith")
    click(driver, "[data-fg-next]")
    age = driver.find_element(By.ID, "f-pets[0].age_years")
    name = driver.find_element(By.ID, "f-pets[0].pet_name")
    assert "fg-width-3" in age.get_attribute("class")
    assert age.size["width"] < 110 < 300 < name.size["width"]
    set_value(driver, "f-pets[0].age_years", "60")
    assert driver.execute_script("var el = arguments[0]; return el.scrollWidth <= el.clientWidth", age), "60 fits"


def test_live_region_texts_are_visually_hidden_and_never_seen_on_the_review(page):
    driver = page(HOUSEHOLD)
    set_value(driver, "f-owner_name", "Sam Smith")
    click(driver, "[data-fg-next]")
    set_value(driver, "f-pets[0].pet_name", "Rex")
    set_value(driver, "f-pets[0].species", "Dog")
    click(driver, "[data-fg-add]")
    announce = driver.find_element(By.ID, "fg-announce")
    assert announce.get_attribute("textContent") == "Pet 2 added" and announce.get_attribute("role") == "status"
    assert not visible(driver, "fg-announce"), "announced, not shown"
    assert not driver.find_elements(By.ID, "fg-status"), "a form with nothing to send has no status line"
    driver.find_elements(By.CSS_SELECTOR, "[data-fg-remove]")[1].click()
    assert announce.get_attribute("textContent") == "Pet 2 removed" and not visible(driver, "fg-announce")
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
    seen = driver.execute_script(
        "var walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT), out = [];"
        "while (walker.nextNode()) { var el = walker.currentNode.parentElement, r = el.getBoundingClientRect();"
        "  if (r.width > 2 && r.height > 2 && el.closest(':not([hidden])') && el.offsetParent) out.push(walker.currentNode.textContent); }"
        "return out.join(' ');")
    assert "Pet 2 removed" not in seen and "added" not in seen and "Sam Smith" in seen


@pytest.fixture()
def text_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a picture")
    return path


def test_a_chosen_file_is_checked_at_once_and_drawn_as_govuk_file_upload(page, text_file, axe_source):
    driver = page("registration/")
    fill(driver, {"full_name": "Ann Example", "birth_date": "1990-03-27", "email": "ann@example.org", "contact_method": ("choose", 0)})
    click(driver, "[data-fg-next]")
    fill(driver, {"username": "ann_1", "password": "correct horse", "password_confirm": "correct horse"})
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-page-2").is_displayed(), message="the page with the photo")
    photo = driver.find_element(By.ID, "f-photo")
    column = driver.find_element(By.ID, "fg-field-photo").size["width"]
    assert "fg-file" in photo.get_attribute("class")
    assert photo.size["width"] < column * 0.75, "the control is as wide as its button and file name, not the column"
    assert driver.execute_script("return getComputedStyle(arguments[0], '::file-selector-button').backgroundColor", photo) \
        == "rgb(243, 242, 241)", "the button is styled as a secondary button"
    photo.send_keys(str(text_file))
    assert error_of(driver, "photo") == "The selected file must be a PNG or JPEG", "shown on change, before any Next"
    assert photo.get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "fg-page-2").is_displayed(), "no Next was needed"
    assert run_axe(driver, axe_source) == []


def test_an_empty_email_reads_enter_an_email_address(page):
    driver = page("kyc/us/")
    click(driver, "[data-fg-next]")
    assert error_of(driver, "email") == "Enter an email address"


def test_a_date_in_an_error_message_is_written_as_the_page_writes_dates(page):
    driver = page("kyc/be/")
    set_value(driver, "f-birth_date-day", "1")
    set_value(driver, "f-birth_date-month", "2")
    set_value(driver, "f-birth_date-year", "1850")
    click(driver, "[data-fg-next]")
    message = error_of(driver, "birth_date")
    assert message == "Geboortedatum moet op of na 1 januari 1900 liggen", message
    assert all("1900-01-01" not in item for item in summary_items(driver))
