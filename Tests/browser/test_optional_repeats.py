"""An optional repeating section (`repeat: {min: 0, max: 3}`) through `formgen serve`'s sink (#35 part A).

With JavaScript the list starts with no item and an "Add a visit" button, so nothing blocks Next or Submit; an item
added is checked in full. Without JavaScript the page draws one item marked "(optional)" whose fields are not natively
required, so the browser lets the form go: the sink drops the item when it is left empty and checks it in full once
any of its fields is answered."""

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, chrome
from helpers import click, error_of, set_value, summary_items, visible_text, wait_for
from test_accessibility import run_axe
from test_serve_preview import Served

OPTIONAL_FORM = """
id: trips
title: Your trips
lang: en
review: true
pages:
  - title: About you
    fields:
      - {id: owner, label: Your name, type: text, required: true}
  - title: Your visits
    sections:
      - id: visits
        title: Your visits
        repeat: {min: 0, max: 3, itemLabel: "Visit {n}", addLabel: Add a visit}
        fields:
          - {id: place, label: Place, type: text, required: true, validation: {required: {value: true, message: Enter a place}}}
          - {id: nights, label: Nights, type: number, validation: {minValue: 1, maxValue: 30}}
"""


@pytest.fixture(scope="module")
def trips_site(tmp_path_factory):
    server = Served.with_forms(tmp_path_factory.mktemp("trips"), {"trips.yaml": OPTIONAL_FORM})
    yield server
    assert server.stop() == 0




def items(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "[data-fg-item]"))


def test_with_javascript_an_optional_list_starts_empty_with_an_add_button(trips_site, axe_source):
    driver = chrome()
    try:
        driver.get(trips_site.url + "trips/")
        driver.execute_script("localStorage.clear()")
        driver.get(trips_site.url + "trips/")
        set_value(driver, "f-owner", "Ann")
        click(driver, "[data-fg-next]")
        assert items(driver) == 0, "no item until one is added"
        add = driver.find_element(By.CSS_SELECTOR, "[data-fg-add]")
        assert add.is_displayed() and add.text == "Add a visit"
        assert run_axe(driver, axe_source) == []
        click(driver, "[data-fg-next]")
        assert summary_items(driver) == []
        wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
        rows = driver.execute_script("return Array.from(document.querySelectorAll('#fg-review .fg-summary-row')).map(function (r) {"
                                     " return r.querySelector('.fg-summary-key').textContent + ': ' + r.querySelector('.fg-summary-value').textContent; });")
        assert rows == ["Your name: Ann", "Your visits: Not answered"]
        # An item added is checked in full, and sent.
        click(driver, "[data-fg-back]")
        click(driver, "[data-fg-add]")
        assert items(driver) == 1 and driver.find_element(By.CSS_SELECTOR, ".fg-repeat-legend").text == "Visit 1"
        assert driver.find_element(By.CSS_SELECTOR, "[data-fg-remove]").is_displayed(), "an optional list's only item can go"
        set_value(driver, "f-visits[0].nights", "2")
        click(driver, "[data-fg-next]")
        assert summary_items(driver) == ["Visit 1: Enter a place"] and error_of(driver, "visits[0].place") == "Enter a place"
        set_value(driver, "f-visits[0].place", "Oslo")
        click(driver, "[data-fg-next]")
        wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
        before = len(trips_site.records())
        click(driver, "[data-fg-submit]")
        wait_for(lambda: len(trips_site.records()) > before, timeout=10, message="the submission")
        assert trips_site.records()[-1]["data"] == {"owner": "Ann", "visits": [{"place": "Oslo", "nights": 2}]}
    finally:
        driver.quit()


def test_with_javascript_an_optional_list_left_empty_is_sent_without_it(trips_site):
    driver = chrome()
    try:
        driver.get(trips_site.url + "trips/")
        driver.execute_script("localStorage.clear()")
        driver.get(trips_site.url + "trips/")
        set_value(driver, "f-owner", "Bo")
        click(driver, "[data-fg-next]")
        click(driver, "[data-fg-next]")
        before = len(trips_site.records())
        click(driver, "[data-fg-submit]")
        wait_for(lambda: len(trips_site.records()) > before, timeout=10, message="the submission")
        assert trips_site.records()[-1]["data"] == {"owner": "Bo"}
    finally:
        driver.quit()


def test_without_javascript_the_empty_optional_item_does_not_block_sending_and_is_dropped(trips_site):
    driver = chrome(javascript=False)
    try:
        driver.get(trips_site.url + "trips/")
        assert items(driver) == 1
        assert driver.find_element(By.CSS_SELECTOR, ".fg-repeat-legend").text == "Visit 1 (optional)"
        place = driver.find_element(By.ID, "f-visits[0].place")
        assert place.get_attribute("required") is None, "the browser must not demand an optional item's field"
        driver.find_element(By.ID, "f-owner").send_keys("Cy")
        before = len(trips_site.records())
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: "Submission received" in visible_text(driver), timeout=10, message="the sink's page")
        assert len(trips_site.records()) == before + 1 and trips_site.records()[-1]["data"] == {"owner": "Cy"}
    finally:
        driver.quit()


def test_without_javascript_an_optional_item_with_any_answer_is_checked_in_full(trips_site):
    driver = chrome(javascript=False)
    try:
        driver.get(trips_site.url + "trips/")
        driver.find_element(By.ID, "f-owner").send_keys("Di")
        driver.find_element(By.ID, "f-visits[0].nights").send_keys("3")
        before = len(trips_site.records())
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: "Visit 1: Enter a place" in visible_text(driver), timeout=10, message="the sink's error page")
        assert len(trips_site.records()) == before
        driver.back()
        driver.find_element(By.ID, "f-visits[0].place").send_keys("Rome")
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: "Submission received" in visible_text(driver), timeout=10, message="the sink's page")
        assert trips_site.records()[-1]["data"] == {"owner": "Di", "visits": [{"place": "Rome", "nights": 3}]}
    finally:
        driver.quit()
