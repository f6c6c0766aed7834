"""Small helpers the browser tests share."""
import time

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By

# What chromedriver says when the element it found belongs to a document a navigation has just replaced: as a stale
# element, or as an "unknown error" of its inspector.
SWAPPED_DOCUMENT = ("does not belong to the document", "No node with given id")


def visible_text(driver):
    """The page's rendered text: unlike `page_source`, it leaves out the inline spec, which carries every message.
    Empty while a navigation swaps the document (the body found may be gone before its text is read)."""
    try:
        return driver.find_element("tag name", "body").text
    except (NoSuchElementException, StaleElementReferenceException):
        return ""
    except WebDriverException as error:
        if any(words in (error.msg or "") for words in SWAPPED_DOCUMENT):
            return ""
        raise


def wait_for(condition, timeout=5.0, message="condition"):
    """Polls `condition` until it returns something truthy."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {message}")
        time.sleep(0.05)


def set_value(driver, element_id, value):
    """Sets a control's value as typing would, firing input and change."""
    driver.execute_script(
        "var el = document.getElementById(arguments[0]); el.value = arguments[1];"
        "el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true}));",
        element_id, value)


def choose(driver, element_id):
    driver.find_element(By.ID, element_id).click()


def fill(driver, values):
    """Fills controls by field id: strings set the value, True/False tick, ('choose', n) picks option n."""
    for field, value in values.items():
        if isinstance(value, tuple):
            choose(driver, f"f-{field}-{value[1]}")
        elif isinstance(value, bool):
            box = driver.find_element(By.ID, f"f-{field}")
            if box.is_selected() != value:
                box.click()
        else:
            set_value(driver, f"f-{field}", value)


def error_of(driver, field):
    """The inline error shown for a field (without the hidden 'Error:' prefix), or None."""
    return driver.execute_script(
        "var el = document.getElementById('f-' + arguments[0] + '-error');"
        "if (!el || el.hidden) return null; var prefix = el.querySelector('.fg-vh');"
        "return el.textContent.slice(prefix ? prefix.textContent.length : 0);", field)


def summary_items(driver):
    return driver.execute_script(
        "var s = document.getElementById('fg-error-summary'); if (s.hidden) return [];"
        "return Array.from(s.querySelectorAll('li')).map(function (li) { return li.textContent; });")


def active_id(driver):
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def steps_text(driver):
    return driver.find_element(By.ID, "fg-steps").text


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def submit(driver):
    """Sends the form as a person would: where it has a "Check your answers" step, Next to it first (a page with
    errors stays put, showing them), then the submit button on the review."""
    button = driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]")
    if not button.is_displayed():
        driver.find_element(By.CSS_SELECTOR, "[data-fg-next]").click()
        if not button.is_displayed():
            return
    button.click()
