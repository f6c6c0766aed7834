"""Field kinds in Chromium: a checkbox group whose options come from a data source is a group of boxes on the
page, in the runtime and in the submitted data (one FieldKind decides it for the renderer, spec and validator)."""
import json

from selenium.webdriver.common.by import By

from helpers import active_id, click, error_of, wait_for


def boxes(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#f-topics .fg-choice-list input[type=checkbox]")


def test_a_checkbox_group_from_a_data_source_renders_its_options_as_boxes(page):
    driver = page("topics-check/")
    group = driver.find_element(By.ID, "f-topics")
    assert group.tag_name == "fieldset"
    assert group.find_element(By.TAG_NAME, "legend").text.startswith("Topics you want to hear about")
    wait_for(lambda: len(boxes(driver)) == 3, message="the options from /api/topics")
    assert [box.get_attribute("value") for box in boxes(driver)] == ["news", "events", "jobs"]
    labels = driver.find_elements(By.CSS_SELECTOR, "#f-topics .fg-choice-label")
    assert [label.text for label in labels] == ["News", "Events", "Jobs"]
    assert not driver.find_elements(By.CSS_SELECTOR, "input[name=topics][value=true]")


def test_a_required_group_from_a_data_source_asks_for_a_choice_then_submits_a_list(page):
    driver = page("topics-check/")
    wait_for(lambda: len(boxes(driver)) == 3, message="the options from /api/topics")
    click(driver, "[data-fg-submit]")
    assert error_of(driver, "topics").startswith("Select")
    boxes(driver)[0].click()
    boxes(driver)[2].click()
    click(driver, "[data-fg-submit]")
    assert error_of(driver, "topics") is None
    wait_for(lambda: driver.find_element(By.ID, "fg-result").is_displayed(), message="the result")
    assert active_id(driver) == "fg-result-title"
    assert json.loads(driver.find_element(By.CSS_SELECTOR, ".fg-result-json").text) == {"topics": ["news", "jobs"]}
