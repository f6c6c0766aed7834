"""Search in long lists (the travel form's nationality, a live list) by keyboard only, and the character and word counts
under long answers: what they show, what they say to screen readers, and axe with both showing."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import chrome
from helpers import active_id, error_of, summary_items, wait_for
from test_accessibility import run_axe


def tab_to(driver, element_id, limit=20):
    """Presses Tab from the top of the page until `element_id` has the focus."""
    driver.find_element(By.TAG_NAME, "body").click()
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if active_id(driver) == element_id:
            return
    raise AssertionError(f"Tab never reached {element_id}")


def keys(driver, *typed):
    ActionChains(driver).send_keys(*typed).perform()


def results(driver, field="nationality"):
    return driver.execute_script(
        "var list = document.getElementById(arguments[0]); return list.hidden ? null :"
        " Array.from(list.querySelectorAll('[role=option]')).map(function (o) { return o.textContent; });", f"f-{field}-listbox")


def select_value(driver, field="nationality"):
    return driver.execute_script("return document.getElementById(arguments[0]).value", f"f-{field}")


def announced(driver):
    return driver.find_element(By.ID, "fg-announce").get_attribute("textContent")


def test_search_by_keyboard_only_type_arrows_enter(page):
    driver = page("travel/")
    tab_to(driver, "f-nationality-search")
    box = driver.find_element(By.ID, "f-nationality-search")
    assert box.get_attribute("role") == "combobox" and box.get_attribute("aria-expanded") == "false"
    assert driver.find_element(By.CSS_SELECTOR, "label[for=f-nationality-search]").text == "Nationality"
    keys(driver, "sl")
    assert wait_for(lambda: results(driver)) == ["Slovakia", "Slovenia"]
    assert box.get_attribute("aria-expanded") == "true"
    keys(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    picked = driver.find_element(By.ID, box.get_attribute("aria-activedescendant"))
    assert picked.text == "Slovenia" and picked.get_attribute("aria-selected") == "true"
    assert driver.find_elements(By.CSS_SELECTOR, "#f-nationality-listbox [aria-selected=true]") == [picked], "one option picked"
    assert active_id(driver) == "f-nationality-search", "the focus stays in the box"
    keys(driver, Keys.ENTER)
    assert select_value(driver) == "SI"
    assert box.get_attribute("value") == "Slovenia"
    assert results(driver) is None and box.get_attribute("aria-expanded") == "false"
    assert summary_items(driver) == [], "Enter chose an option; it did not send the form"
    keys(driver, Keys.ARROW_UP)
    assert results(driver)[-1] == "United States", "ArrowUp opens the whole list at its end"
    keys(driver, Keys.ESCAPE)
    assert results(driver) is None
    assert select_value(driver) == "SI", "Escape closes the list and keeps the choice"


def test_synonyms_and_endonyms_find_the_option_and_the_count_is_announced(page):
    driver = page("travel/")
    box = driver.find_element(By.ID, "f-nationality-search")
    box.send_keys("deutsch")
    assert wait_for(lambda: results(driver)) == ["Germany"]
    wait_for(lambda: announced(driver) == "1 result is available", message="the count announced")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("land")
    assert wait_for(lambda: results(driver) if results(driver) and len(results(driver)) == 6 else None) == [
        "Finland", "Germany", "Ireland", "Netherlands", "Poland", "Switzerland"], "Germany by Deutschland, the Netherlands by Nederland"
    wait_for(lambda: announced(driver) == "6 results are available", message="the new count announced")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("zzz")
    assert wait_for(lambda: driver.find_element(By.CSS_SELECTOR, ".fg-search-none").text) == "No results found"
    wait_for(lambda: announced(driver) == "No results found", message="no results announced")


def test_the_select_holds_the_value_errors_reach_the_box_and_a_draft_comes_back(page):
    driver = page("travel/")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: summary_items(driver), message="errors")
    assert summary_items(driver)[0] == "Select nationality"
    box = driver.find_element(By.ID, "f-nationality-search")
    wait_for(lambda: box.get_attribute("aria-invalid") == "true", message="the box marked invalid")
    assert "f-nationality-error" in box.get_attribute("aria-describedby").split()
    driver.find_element(By.CSS_SELECTOR, "#fg-error-summary a").click()
    assert active_id(driver) == "f-nationality-search", "the summary's link goes to the box"
    box.send_keys("nederland", Keys.ENTER)
    assert select_value(driver) == "NL"
    wait_for(lambda: error_of(driver, "nationality") is None, message="the error cleared")
    wait_for(lambda: box.get_attribute("aria-invalid") is None, message="the box valid again")
    box.send_keys(Keys.TAB)
    wait_for(lambda: '"NL"' in (driver.execute_script("return localStorage.getItem('formgen:draft:travel')") or ""), message="the draft")
    driver.refresh()
    assert wait_for(lambda: driver.find_element(By.ID, "f-nationality-search").get_attribute("value")) == "Netherlands"
    assert select_value(driver) == "NL"


def test_typed_text_that_names_no_option_is_no_answer(page):
    driver = page("travel/")
    box = driver.find_element(By.ID, "f-nationality-search")
    box.send_keys("france", Keys.TAB)
    assert select_value(driver) == "FR", "the whole label typed chooses it"
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Atlantis", Keys.TAB)
    assert select_value(driver) == ""
    assert error_of(driver, "nationality") == "Select nationality"


def test_a_live_list_is_searched_once_it_arrives(page):
    driver = page("search-live-check/")
    wait_for(lambda: driver.execute_script("return document.getElementById('f-currency').options.length > 1"), message="the list")
    tab_to(driver, "f-currency-search")
    keys(driver, "dol")
    names = wait_for(lambda: results(driver, "currency"))
    assert names and all("dollar" in name.lower() for name in names)
    keys(driver, Keys.ARROW_DOWN, Keys.ENTER)
    assert select_value(driver, "currency") == driver.execute_script(
        "var s = document.getElementById('f-currency'), name = arguments[0];"
        " return Array.from(s.options).filter(function (o) { return o.text === name; })[0].value", names[0])


def test_without_javascript_the_select_stays(base_url):
    driver = chrome(javascript=False)
    try:
        driver.get(base_url + "/travel/")
        select = driver.find_element(By.ID, "f-nationality")
        assert select.tag_name == "select" and select.is_displayed()
        assert len(select.find_elements(By.TAG_NAME, "option")) == 31
        assert driver.find_element(By.ID, "f-plans-count").text == "You can enter up to 200 characters"
        assert driver.find_element(By.ID, "f-purpose-count").text == "You can enter up to 50 words"
    finally:
        driver.quit()


def count_text(driver, field):
    return driver.find_element(By.CSS_SELECTOR, f"#fg-field-{field} .fg-count").text


def test_the_count_updates_and_is_announced_politely_once_typing_pauses(page):
    driver = page("travel/")
    assert count_text(driver, "plans") == "You have 200 characters remaining"
    assert count_text(driver, "purpose") == "You have 50 words remaining"
    hint = driver.find_element(By.ID, "f-plans-count")
    assert "fg-vh" in hint.get_attribute("class"), "the limit stays as the field's description, visually hidden"
    assert "f-plans-count" in driver.find_element(By.ID, "f-plans").get_attribute("aria-describedby").split()
    shown = driver.find_element(By.CSS_SELECTOR, "#fg-field-plans .fg-count")
    assert shown.get_attribute("aria-hidden") == "true", "screen readers hear the announcement, not every change"
    area = driver.find_element(By.ID, "f-plans")
    area.send_keys("x" * 188)
    assert count_text(driver, "plans") == "You have 12 characters remaining"
    area.send_keys("y" * 15)
    assert count_text(driver, "plans") == "You have 3 characters too many"
    assert "fg-count-over" in shown.get_attribute("class")
    assert len(area.get_attribute("value")) == 203, "nothing cut what was typed"
    wait_for(lambda: announced(driver) == "You have 3 characters too many", timeout=3, message="the polite announcement")
    driver.find_element(By.ID, "f-purpose").send_keys("one two three " * 17)
    assert count_text(driver, "purpose") == "You have 1 word too many"
    area.send_keys(Keys.BACKSPACE * 4)
    assert count_text(driver, "plans") == "You have 1 character remaining"
    assert "fg-count-over" not in shown.get_attribute("class")


def test_over_the_limit_the_error_is_the_ordinary_one_and_axe_finds_nothing(page, axe_source):
    driver = page("travel/")
    driver.find_element(By.ID, "f-plans").send_keys("a" * 205)
    driver.find_element(By.ID, "f-purpose").send_keys("word " * 52)
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: summary_items(driver), message="errors")
    assert summary_items(driver) == ["Select nationality", "Purpose of your trip must be 50 words or fewer",
                                     "Where you will stay must be 200 characters or fewer"]
    assert count_text(driver, "plans") == "You have 5 characters too many"
    driver.set_script_timeout(30)
    assert run_axe(driver, axe_source) == []
    box = driver.find_element(By.ID, "f-nationality-search")
    box.send_keys("s")
    wait_for(lambda: results(driver), message="results open")
    box.send_keys(Keys.ARROW_DOWN)
    assert run_axe(driver, axe_source) == [], "the open list with a result picked"
