"""Repeating sections in Chromium (the household example): Add and Remove with focus and announcements, unique ids
per item, per-item errors in the summary linking into the item, "Check your answers", drafts keeping every item,
the cleaned list as sent, axe with one and with three items, and a rule on an item field acting in its own item
(shown, required, kept and reviewed per item; hidden in a new item; after Remove and a draft's restore)."""
import json

from selenium.webdriver.common.by import By

from helpers import active_id, click, error_of, set_value, summary_items, wait_for
from test_accessibility import run_axe

HOUSEHOLD = "household/"


def to_pets(driver):
    set_value(driver, "f-owner_name", "Sam Smith")
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-page-1").is_displayed(), message="the pets page")


def item_count(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "[data-fg-item]"))


def legends(driver):
    return [legend.text for legend in driver.find_elements(By.CSS_SELECTOR, ".fg-repeat-legend")]


def add(driver):
    click(driver, "[data-fg-add]")


def remove(driver, index):
    driver.find_elements(By.CSS_SELECTOR, "[data-fg-remove]")[index].click()


def pet(driver, index, name, species):
    set_value(driver, f"f-pets[{index}].pet_name", name)
    set_value(driver, f"f-pets[{index}].species", species)


def review_cards(driver):
    """"Check your answers"' cards of a repeating section: [title, [[question, answer], …]] per item."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#fg-review .fg-summary-card')).map(function (card) {"
        "  return [card.querySelector('.fg-summary-card-title').textContent, Array.from(card.querySelectorAll('.fg-summary-row')).map("
        "    function (r) { return [r.querySelector('.fg-summary-key').textContent, r.querySelector('.fg-summary-value').textContent]; })]; });")


def test_add_three_remove_the_middle_one_and_send_the_list(page, axe_source):
    driver = page(HOUSEHOLD)
    to_pets(driver)
    assert item_count(driver) == 1 and legends(driver) == ["Pet 1"]
    assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-remove]").is_displayed(), "Remove is hidden at min"
    assert run_axe(driver, axe_source) == []
    pet(driver, 0, "Rex", "Dog")
    add(driver)
    assert active_id(driver) == "f-pets[1].pet_name"
    assert driver.find_element(By.ID, "fg-announce").get_attribute("textContent") == "Pet 2 added"
    pet(driver, 1, "Tom", "Cat")
    add(driver)
    pet(driver, 2, "Bun", "Rabbit")
    set_value(driver, "f-pets[2].age_years", "2")
    assert legends(driver) == ["Pet 1", "Pet 2", "Pet 3"]
    ids = driver.execute_script("return Array.from(document.querySelectorAll('[id]')).map(function (e) { return e.id; });")
    assert len(ids) == len(set(ids)), "ids are unique"
    labels = driver.execute_script("return Array.from(document.querySelectorAll('label[for]')).filter(function (l) {"
                                   " return !document.getElementById(l.htmlFor); }).length;")
    assert labels == 0, "every label points at a control"
    assert run_axe(driver, axe_source) == []
    remove(driver, 1)
    assert legends(driver) == ["Pet 1", "Pet 2"]
    assert driver.find_element(By.ID, "f-pets[1].pet_name").get_attribute("value") == "Bun"
    assert driver.find_element(By.ID, "f-pets[1].age_years").get_attribute("value") == "2"
    assert active_id(driver) == "" and driver.execute_script("return document.activeElement.textContent") == "Pet 1"
    assert driver.find_element(By.ID, "fg-announce").get_attribute("textContent") == "Pet 2 removed"
    wait_for(lambda: driver.execute_script("return ((JSON.parse(localStorage.getItem('formgen:draft:household')) || {values: {}}).values.pets || []).length")
             == 2, message="the draft saved after Remove")
    driver.refresh()
    wait_for(lambda: item_count(driver) == 2, message="the draft's two items")
    assert driver.find_element(By.ID, "f-pets[1].pet_name").get_attribute("value") == "Bun"
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-page-1").is_displayed(), message="the pets page again")
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
    assert review_cards(driver) == [["Pet 1", [["Name", "Rex"], ["Species", "Dog"], ["Age in years", "Not answered"]]],
                                    ["Pet 2", [["Name", "Bun"], ["Species", "Rabbit"], ["Age in years", "2"]]]]
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.find_element(By.ID, "fg-result").is_displayed(), message="the result")
    data = json.loads(driver.find_element(By.CSS_SELECTOR, ".fg-result-json").text)
    assert data == {"owner_name": "Sam Smith", "pets": [{"pet_name": "Rex", "species": "Dog"},
                                                        {"pet_name": "Bun", "species": "Rabbit", "age_years": 2}]}


def test_errors_name_the_item_and_link_into_it_and_add_stops_at_max(page, axe_source):
    driver = page(HOUSEHOLD)
    to_pets(driver)
    pet(driver, 0, "Rex", "Dog")
    add(driver)
    set_value(driver, "f-pets[1].species", "Cat")
    click(driver, "[data-fg-next]")
    assert summary_items(driver) == ["Pet 2: Enter a name"]
    assert error_of(driver, "pets[1].pet_name") == "Enter a name", "inside Pet 2's fieldset the message does not say Pet 2 again"
    assert run_axe(driver, axe_source) == []
    driver.find_element(By.CSS_SELECTOR, "#fg-error-summary a").click()
    assert active_id(driver) == "f-pets[1].pet_name"
    remove(driver, 1)
    assert summary_items(driver) == []
    for _ in range(4):
        add(driver)
    assert item_count(driver) == 5
    assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-add]").is_displayed(), "Add is hidden at max"


def test_without_javascript_one_item_is_there_with_native_checks(base_url):
    from conftest import chrome
    driver = chrome(javascript=False)
    try:
        driver.get(base_url + "/" + HOUSEHOLD)
        assert item_count(driver) == 1
        name = driver.find_element(By.ID, "f-pets[0].pet_name")
        assert name.get_attribute("name") == "pets[0].pet_name" and name.get_attribute("required") == "true"
        other = driver.find_element(By.ID, "f-pets[0].species_other")
        assert other.is_displayed() and other.get_attribute("required") is None, "a field a rule may hide is not natively required"
        assert not driver.find_element(By.CSS_SELECTOR, "[data-fg-add]").is_displayed()
    finally:
        driver.quit()


def shown(driver, key):
    """Whether the rules show an item field (its wrapper not `hidden`), on the page shown or not."""
    return driver.execute_script("return !document.getElementById('fg-field-' + arguments[0]).hidden", key)


def test_a_rule_on_an_item_field_acts_in_its_own_item(page, axe_source):
    driver = page(HOUSEHOLD)
    to_pets(driver)
    assert not shown(driver, "pets[0].species_other"), "hidden until Other is chosen"
    pet(driver, 0, "Rex", "Other")
    assert shown(driver, "pets[0].species_other")
    set_value(driver, "f-pets[0].species_other", "Lizard")
    set_value(driver, "f-pets[0].species", "Dog")
    assert not shown(driver, "pets[0].species_other"), "hidden again in item 1"
    add(driver)
    assert not shown(driver, "pets[1].species_other"), "a new item starts with its rule's field hidden"
    assert active_id(driver) == "f-pets[1].pet_name"
    pet(driver, 1, "Kit", "Other")
    assert shown(driver, "pets[1].species_other") and not shown(driver, "pets[0].species_other")
    click(driver, "[data-fg-next]")
    assert summary_items(driver) == ["Pet 2: Describe the pet"]
    assert error_of(driver, "pets[1].species_other") == "Describe the pet"
    assert run_axe(driver, axe_source) == [], "axe with the revealed field and its error"
    set_value(driver, "f-pets[1].species_other", "Gecko")
    wait_for(lambda: driver.execute_script("return ((JSON.parse(localStorage.getItem('formgen:draft:household')) || {values: {}}).values.pets || [])"
                                           ".map(function (p) { return p.species + ':' + p.species_other; }).join()") == "Dog:Lizard,Other:Gecko", message="the draft")
    driver.refresh()
    wait_for(lambda: item_count(driver) == 2, message="the draft's two items")
    assert shown(driver, "pets[1].species_other") and not shown(driver, "pets[0].species_other"), "restored per item"
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-page-1").is_displayed(), message="the pets page again")
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
    assert review_cards(driver) == [["Pet 1", [["Name", "Rex"], ["Species", "Dog"], ["Age in years", "Not answered"]]],
                                    ["Pet 2", [["Name", "Kit"], ["Species", "Other"], ["Describe the pet", "Gecko"], ["Age in years", "Not answered"]]]], \
        "the hidden description of item 1 is not listed"
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.find_element(By.ID, "fg-result").is_displayed(), message="the result")
    data = json.loads(driver.find_element(By.CSS_SELECTOR, ".fg-result-json").text)
    assert data["pets"] == [{"pet_name": "Rex", "species": "Dog"}, {"pet_name": "Kit", "species": "Other", "species_other": "Gecko"}]


def test_remove_renumbers_the_items_and_keeps_each_items_rule(page):
    driver = page(HOUSEHOLD)
    to_pets(driver)
    pet(driver, 0, "Rex", "Dog")
    add(driver)
    pet(driver, 1, "Kit", "Other")
    add(driver)
    pet(driver, 2, "Bo", "Cat")
    remove(driver, 0)
    assert legends(driver) == ["Pet 1", "Pet 2"]
    assert shown(driver, "pets[0].species_other") and not shown(driver, "pets[1].species_other")
    click(driver, "[data-fg-next]")
    assert summary_items(driver) == ["Pet 1: Describe the pet"]
    assert driver.find_element(By.ID, "f-pets[0].species_other").get_attribute("aria-invalid") == "true"
