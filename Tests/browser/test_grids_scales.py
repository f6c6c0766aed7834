"""Grids and scales (#37) in Chromium, on the example's customer survey: a grid answered with the keyboard alone
(Tab between rows, arrow keys and Space within one), a required grid's per-row errors with summary links to each
row's first radio, a scale's large targets and its end labels tied to the group, axe with the errors showing, the
answers in "Check your answers" and in a draft, and the form sent through `formgen serve`'s sink with and without
JavaScript (`satisfaction.speed=…` posted natively)."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPOSITORY, chrome
from helpers import active_id, click, error_of, summary_items, visible_text, wait_for
from test_accessibility import run_axe
from test_serve_preview import Served

ROWS = ["speed", "staff", "value", "cleanliness"]
ROW_LABELS = ["Speed of service", "Friendliness of staff", "Value for money", "Cleanliness of the shop"]


def checked(driver, name):
    return driver.execute_script("var c = document.querySelector('input[name=\"' + arguments[0] + '\"]:checked'); return c && c.value", name)


def press(driver, *keys):
    actions = ActionChains(driver)
    for key in keys:
        actions.send_keys(key)
    actions.perform()


def tab_to(driver, element_id, limit=40):
    """Tabs from where the focus is until `element_id` has it."""
    for _ in range(limit):
        if active_id(driver) == element_id:
            return
        press(driver, Keys.TAB)
    raise AssertionError(f"Tab never reached {element_id} (at {active_id(driver)})")


def test_a_grid_and_a_scale_are_answered_with_the_keyboard_alone(page):
    driver = page("customer-survey/")
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    tab_to(driver, "f-recommend-0")
    press(driver, *([Keys.ARROW_RIGHT] * 9))
    assert checked(driver, "recommend") == "9" and active_id(driver) == "f-recommend-9"
    # Tab leaves the scale's group for the grid's first row; each row is a group of its own.
    press(driver, Keys.TAB)
    assert active_id(driver) == "f-satisfaction.speed-0"
    press(driver, Keys.SPACE)
    press(driver, Keys.ARROW_RIGHT)
    assert checked(driver, "satisfaction.speed") == "satisfied"
    press(driver, Keys.TAB)
    assert active_id(driver) == "f-satisfaction.staff-0"
    press(driver, Keys.SPACE, Keys.TAB, Keys.SPACE, Keys.TAB, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert [checked(driver, f"satisfaction.{row}") for row in ROWS] == ["satisfied", "very-satisfied", "very-satisfied", "neutral"]
    next_button = driver.find_element(By.CSS_SELECTOR, "[data-fg-next]")
    for _ in range(12):
        if driver.switch_to.active_element == next_button:
            break
        press(driver, Keys.TAB)
    assert driver.switch_to.active_element == next_button
    press(driver, Keys.ENTER)
    assert summary_items(driver) == []
    wait_for(lambda: driver.find_element(By.ID, "f-visit_reason-0").is_displayed(), message="page 2")


def test_a_required_grid_names_each_unanswered_row_and_links_to_it(page, axe_source):
    driver = page("customer-survey/")
    driver.find_element(By.ID, "f-recommend-3").click()
    driver.find_element(By.ID, "f-satisfaction.staff-4").click()
    click(driver, "[data-fg-next]")
    expected = [f"Select an answer for {label}" for label in ROW_LABELS if label != "Friendliness of staff"]
    assert summary_items(driver) == expected
    assert [error_of(driver, f"satisfaction.{row}") for row in ROWS] == [expected[0], None, expected[1], expected[2]]
    links = driver.execute_script("return Array.from(document.querySelectorAll('#fg-error-summary a')).map(function (a) { return a.getAttribute('href'); })")
    assert links == ["#f-satisfaction.speed-0", "#f-satisfaction.value-0", "#f-satisfaction.cleanliness-0"]
    row = driver.find_element(By.ID, "f-satisfaction.value")
    assert "f-satisfaction.value-error" in row.get_attribute("aria-describedby").split()
    assert driver.find_element(By.ID, "f-satisfaction.value-2").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "f-satisfaction.staff-0").get_attribute("aria-invalid") is None
    assert run_axe(driver, axe_source) == []
    driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary a")[1].click()
    assert active_id(driver) == "f-satisfaction.value-0"
    # Answering a row takes its message away, from under it and from the summary.
    driver.find_element(By.ID, "f-satisfaction.value-1").click()
    wait_for(lambda: error_of(driver, "satisfaction.value") is None, message="the row's message gone")
    assert summary_items(driver) == [expected[0], expected[2]]


def test_a_scale_is_a_row_of_large_targets_with_its_ends_describing_it(page, axe_source):
    driver = page("customer-survey/")
    click(driver, "[data-fg-next]")
    message = "Answer the question “How likely are you to recommend us to a friend?”"
    assert summary_items(driver)[0] == message and error_of(driver, "recommend") == message
    group = driver.find_element(By.ID, "f-recommend")
    assert group.get_attribute("aria-describedby").split() == ["f-recommend-ends", "f-recommend-error"]
    assert driver.find_element(By.ID, "f-recommend-ends").text == "0 – Not at all likely\n10 – Extremely likely"
    assert run_axe(driver, axe_source) == []
    sizes = driver.execute_script("return Array.from(document.querySelectorAll('#f-recommend .fg-scale-label')).map(function (l) {"
                                  " var r = l.getBoundingClientRect(); return [r.width, r.height]; })")
    assert len(sizes) == 11 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
    # The radio lies over its numbered box: the whole box is its target.
    driver.find_element(By.ID, "f-recommend-7").click()
    assert checked(driver, "recommend") == "7"
    wait_for(lambda: error_of(driver, "recommend") is None, message="the scale's message gone")
    driver.find_element(By.ID, "f-recommend-0").click()
    assert checked(driver, "recommend") == "0", "0 is an answer"


def test_at_320_px_the_scale_wraps_and_the_grid_stacks_its_rows(page):
    driver = page("customer-survey/")
    driver.set_window_size(320, 900)
    try:
        layout = driver.execute_script(
            "var s = Array.from(document.querySelectorAll('#f-recommend .fg-scale-label')).map(function (l) { return l.getBoundingClientRect().top; });"
            "var head = document.querySelector('.fg-grid-head');"
            "var label = document.querySelector('label[for=\"f-satisfaction.speed-0\"]').getBoundingClientRect();"
            "return {rows: new Set(s).size, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,"
            " head: getComputedStyle(head).display, labelWidth: label.width};")
        assert layout["rows"] >= 2 and layout["overflow"] <= 0 and layout["head"] == "none" and layout["labelWidth"] > 40, layout
    finally:
        driver.set_window_size(1200, 1000)
    wide = driver.execute_script(
        "var head = document.querySelector('.fg-grid-head');"
        "var label = document.querySelector('label[for=\"f-satisfaction.speed-0\"]').getBoundingClientRect();"
        "var cells = Array.from(document.querySelectorAll('#f-satisfaction\\\\.speed input')).map(function (i) { return Math.round(i.getBoundingClientRect().top); });"
        "return {head: getComputedStyle(head).display, labelWidth: label.width, sameLine: new Set(cells).size};")
    assert wide == {"head": "flex", "labelWidth": 1, "sameLine": 1}, wide


def test_check_your_answers_lists_each_row_and_a_draft_keeps_the_grid(page):
    driver = page("customer-survey/")
    driver.find_element(By.ID, "f-recommend-10").click()
    for index, row in enumerate(ROWS):
        driver.find_element(By.ID, f"f-satisfaction.{row}-{index}").click()
    wait_for(lambda: driver.execute_script("return (localStorage.getItem('formgen:draft:customer-survey') || '').indexOf('cleanliness') >= 0"),
             message="the draft")
    driver.refresh()
    assert [checked(driver, f"satisfaction.{row}") for row in ROWS] == ["very-satisfied", "satisfied", "neutral", "dissatisfied"]
    assert checked(driver, "recommend") == "10"
    click(driver, "[data-fg-next]")
    driver.find_element(By.ID, "f-visit_reason-1").click()
    click(driver, "[data-fg-next]")
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
    rows = driver.execute_script("return Array.from(document.querySelectorAll('#fg-review .fg-summary-row')).map(function (r) {"
                                 " return r.querySelector('.fg-summary-key').textContent + ': ' + r.querySelector('.fg-summary-value').textContent; });")
    assert rows[:5] == ["How likely are you to recommend us to a friend?: 10", "Speed of service: Very satisfied",
                        "Friendliness of staff: Satisfied", "Value for money: Neither", "Cleanliness of the shop: Dissatisfied"]
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "#fg-review .fg-summary-heading")]
    assert "How satisfied were you with each of these?" in headings


@pytest.fixture(scope="module")
def survey_site(tmp_path_factory):
    server = Served.with_forms(tmp_path_factory.mktemp("survey"), {"customer-survey.yaml": (REPOSITORY / "configs" / "forms" / "customer-survey.yaml").read_text()})
    yield server
    assert server.stop() == 0




ANSWERED = {"recommend": 0, "satisfaction": {"speed": "very-satisfied", "staff": "satisfied", "value": "neutral",
                                             "cleanliness": "dissatisfied"},
            "visit_reason": "To return something"}


def answer(driver):
    driver.find_element(By.ID, "f-recommend-0").click()
    for index, row in enumerate(ROWS):
        driver.find_element(By.ID, f"f-satisfaction.{row}-{index}").click()


def test_the_sink_takes_the_grid_as_an_object_and_the_scale_as_a_number(survey_site):
    driver = chrome()
    try:
        driver.get(survey_site.url + "customer-survey/")
        driver.execute_script("localStorage.clear()")
        driver.get(survey_site.url + "customer-survey/")
        answer(driver)
        click(driver, "[data-fg-next]")
        driver.find_element(By.ID, "f-visit_reason-1").click()
        click(driver, "[data-fg-next]")
        wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="the review")
        before = len(survey_site.records())
        click(driver, "[data-fg-submit]")
        wait_for(lambda: len(survey_site.records()) > before, timeout=10, message="the submission")
        assert survey_site.records()[-1]["data"] == ANSWERED
    finally:
        driver.quit()


def test_without_javascript_the_grid_is_posted_row_by_row_and_checked(survey_site):
    driver = chrome(javascript=False)
    try:
        driver.get(survey_site.url + "customer-survey/")
        assert driver.find_element(By.ID, "f-satisfaction.speed-0").get_attribute("name") == "satisfaction.speed"
        assert driver.find_element(By.ID, "f-satisfaction.speed-0").get_attribute("required") is not None
        answer(driver)
        driver.find_element(By.ID, "f-visit_reason-1").click()
        before = len(survey_site.records())
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: "Submission received" in visible_text(driver), timeout=10, message="the sink's page")
        assert len(survey_site.records()) == before + 1 and survey_site.records()[-1]["data"] == ANSWERED
    finally:
        driver.quit()
