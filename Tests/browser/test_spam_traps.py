"""Spam traps of the submission providers: a honeypot no person sees or reaches, and a time trap that refuses
a form sent quicker than a person could fill it in (Netlify form: urlencoded, with form-name)."""
import time
from urllib.parse import parse_qs

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import wait_for
from test_accessibility import run_axe


def test_the_honeypot_is_invisible_and_never_focused_by_keyboard(page, axe_source):
    driver = page("trap-check/")
    trap = driver.find_element(By.ID, "fg-hp")
    rect = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.right, r.bottom];", trap)
    assert rect[0] <= 0 or rect[1] <= 0, rect
    assert trap.get_attribute("tabindex") == "-1"
    assert trap.get_attribute("autocomplete") == "off"
    body = driver.find_element(By.TAG_NAME, "body")
    body.click()
    focused = []
    for _ in range(12):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        focused.append(driver.switch_to.active_element.get_attribute("id"))
    assert "fg-hp" not in focused
    assert "f-name" in focused
    assert run_axe(driver, axe_source) == []


def test_a_quick_submit_is_refused_and_a_later_one_posts_what_netlify_reads(page, mock):
    driver = page("trap-check/")
    before = len(mock.trap_posts)
    driver.find_element(By.ID, "f-name").send_keys("Ann")
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    items = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li"), message="the refusal")
    assert items[0].text.startswith("That was quicker than a person can fill in this form.")
    assert len(mock.trap_posts) == before
    time.sleep(3.1)
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: len(mock.trap_posts) > before, timeout=10, message="the post")
    sent = parse_qs(mock.trap_posts[-1], keep_blank_values=True)
    assert sent == {"name": ["Ann"], "form-name": ["trap-check"], "bot-field": [""]}
    wait_for(lambda: driver.find_element(By.ID, "fg-status").text == "Thank you. Your answers have been sent.", message="the thanks")
