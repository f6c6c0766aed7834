"""Messages that fit (#35, part B), under `formgen serve` and its mocks: a profile API that answers without a required
read-only field (the page says which, offers Retry and sends nothing), a failed option list that names its field, a
server's own words styled as an error, the Arabic login page in Arabic, and a read-only date in the page's words."""
import json
import time

from selenium.webdriver.common.by import By

from helpers import fill, submit, wait_for
from test_accessibility import run_axe
from test_serve_preview import driver, served, violations  # noqa: F401 (module-scoped fixtures: a server and a browser)

GOVUK_RED = "rgb(212, 53, 28)"


def value(driver, field):
    return driver.execute_script("return document.getElementById('f-' + arguments[0]).value", field)


def summary_texts(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li")]


class Mocks:
    """Rewrites configs/mocks/mocks.yaml for one test, and puts it back."""

    def __init__(self, served, extra):
        self.path = served.config("mocks/mocks.yaml")
        self.original = self.path.read_text()
        self.extra = extra

    def __enter__(self):
        # The example's own entry for the profile (a delay) gives way to the test's.
        kept = self.original.replace("  /api/nl-user-profile:\n    delay: 500\n", "")
        self.path.write_text(kept.replace("endpoints:\n", "endpoints:\n" + self.extra, 1))
        time.sleep(0.5)
        return self

    def __exit__(self, *exc):
        self.path.write_text(self.original)
        time.sleep(0.5)


def test_a_profile_without_a_required_read_only_field_says_so_and_blocks_sending(served, driver, axe_source):
    """The NL profile API answers 200 but leaves out birth_date and sends last_name as null: before, the page stayed
    silent and sent the form without them."""
    profile = "  /api/nl-user-profile:\n    body: {first_name: Jan, last_name: null}\n"
    with Mocks(served, profile):
        driver.get(served.url + "kyc/nl/")
        driver.execute_script("localStorage.clear()")
        driver.get(served.url + "kyc/nl/")
        alert = wait_for(lambda: driver.find_elements(By.ID, "fg-source-user_profile"), timeout=10, message="the missing-details alert")[0]
        assert alert.get_attribute("role") == "alert"
        assert [p.text for p in alert.find_elements(By.TAG_NAME, "p")] == [
            "Last Name is missing: we could not fill it in for you", "Birth Date is missing: we could not fill it in for you"]
        assert alert.find_element(By.TAG_NAME, "button").text == "Retry"
        assert value(driver, "first_name") == "Jan"
        fill(driver, {"bsn": "123456789", "email": "jan@example.nl", "consent": True})
        posts = sum("POST /__formgen/submit/kyc/nl" in line for line in served.output)
        submit(driver)
        wait_for(lambda: summary_texts(driver), message="the error summary")
        assert summary_texts(driver)[0] == "Last Name is missing: we could not fill it in for you"
        assert summary_texts(driver)[1].startswith("Birth Date is missing: we could not fill it in for you")
        assert driver.find_elements(By.CSS_SELECTOR, "#fg-error-summary li button")
        time.sleep(0.3)
        assert sum("POST /__formgen/submit/kyc/nl" in line for line in served.output) == posts
        assert run_axe(driver, axe_source) == []
        # Retry asks the API again; still without the fields, the page says so again.
        asked = sum("GET /api/nl-user-profile 200" in line for line in served.output)
        driver.find_element(By.CSS_SELECTOR, "#fg-error-summary li button").click()
        wait_for(lambda: sum("GET /api/nl-user-profile 200" in line for line in served.output) > asked, timeout=10, message="the retry")
        wait_for(lambda: driver.find_elements(By.ID, "fg-source-user_profile"), timeout=10, message="the alert again")
        assert violations(driver) == []


def test_a_failed_currency_list_names_the_list_it_could_not_load(served, driver):
    """Before: "We could not load some of your details." for a list of currencies."""
    with Mocks(served, "  /api/currencies:\n    status: 503\n"):
        driver.get(served.url + "currency-exchange/")
        alert = wait_for(lambda: driver.find_elements(By.ID, "fg-source-rates"), timeout=10, message="the failed-list alert")[0]
        assert alert.find_element(By.TAG_NAME, "p").text == "We could not load the choices for Currency."
        fill(driver, {"amount": "100"})
        submit(driver)
        wait_for(lambda: summary_texts(driver), message="the error summary")
        assert summary_texts(driver)[0].startswith("We could not load the choices for Currency.")


def test_the_servers_own_words_are_styled_as_an_error(served, driver):
    """Before: the server's "invalid login credential" in plain black under the summary's red field errors."""
    driver.get(served.url + "login/")
    fill(driver, {"email": "ann@example.org", "password": "wrong-password"})
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: "invalid login credential" in summary_texts(driver), timeout=10, message="the server's message")
    style = driver.execute_script("var s = getComputedStyle(document.querySelector('#fg-error-summary li'));"
                                  "return [s.color, s.fontWeight]")
    assert style == [GOVUK_RED, "700"]


def test_the_arabic_login_page_says_everything_in_arabic(served, driver):
    """Before: the site title, the footer and the server's "invalid login credential" stayed English on ar/login/."""
    driver.get(served.url + "ar/login/")
    assert driver.find_element(By.CSS_SELECTOR, ".fg-home").text == "نماذج formgen التجريبية"
    assert driver.find_element(By.CSS_SELECTOR, ".fg-footer p").text == "نماذج تجريبية أنشأها formgen من الإعدادات في هذا المستودع."
    assert driver.find_element(By.CSS_SELECTOR, ".fg-footer a[href$='accessibility/']").text == "إمكانية الوصول"
    assert driver.title.endswith("نماذج formgen التجريبية")
    fill(driver, {"email": "ann@example.org", "password": "wrong-password"})
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: summary_texts(driver), timeout=10, message="the refusal")
    assert summary_texts(driver) == ["البريد الإلكتروني أو كلمة المرور غير صحيحة"]
    assert driver.find_element(By.CSS_SELECTOR, "#fg-error-summary h2").text == "توجد مشكلة"



def test_a_read_only_date_shows_in_the_pages_words_and_is_sent_as_a_date(served, driver):
    """Before: the browser's date box wrote 03/15/1985 (its own locale) on an en-NL page whose review says
    "15 March 1985"."""
    driver.get(served.url + "kyc/nl/")
    driver.execute_script("localStorage.clear()")
    driver.get(served.url + "kyc/nl/")
    wait_for(lambda: value(driver, "birth_date") == "15 March 1985", timeout=10, message="the prefilled date in words")
    box = driver.find_element(By.ID, "f-birth_date")
    assert box.get_attribute("type") == "text" and box.get_attribute("readonly") is not None
    fill(driver, {"bsn": "123456789", "email": "jan@example.nl", "consent": True})
    submit(driver)
    wait_for(lambda: driver.find_element(By.ID, "fg-form").get_attribute("hidden") is not None, timeout=10, message="the form sent")
    submissions = served.work / ".formgen" / "submissions.jsonl"
    record = json.loads(submissions.read_text().splitlines()[-1])
    assert record["data"]["birth_date"] == "1985-03-15"

def contrast(foreground, background):
    def luminance(rgb):
        channels = [c / 255 for c in rgb]
        channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    light, dark = sorted([luminance(foreground), luminance(background)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The colour of an element's text and of the first opaque background behind it, as [r, g, b] each.
TEXT_AND_BACKGROUND = """
var el = arguments[0], rgb = function (c) { return c.match(/[\\d.]+/g).slice(0, 4).map(Number); };
var text = rgb(getComputedStyle(el).color), node = el;
while (node && node.nodeType === 1) {
  var back = rgb(getComputedStyle(node).backgroundColor);
  if (back.length < 4 || back[3] > 0) return [text.slice(0, 3), back.slice(0, 3)];
  node = node.parentNode;
}
return [text.slice(0, 3), [255, 255, 255]];
"""


def test_the_failed_build_overlay_is_readable(served, driver):
    """Before: the diagnostics were white on the page's light grey `pre` box (about 1.1:1)."""
    config = served.config("forms/registration.yaml")
    original = config.read_text()
    driver.get(served.url + "registration/")
    wait_for(lambda: driver.find_elements(By.ID, "fg-form"), message="the page")
    try:
        config.write_text(original + "\n  - broken: [\n")
        overlay = wait_for(lambda: driver.find_elements(By.ID, "fg-serve-overlay"), timeout=10, message="the overlay")[0]
        wait_for(lambda: "registration.yaml:" in overlay.text, message="the diagnostics")
        for element in overlay.find_elements(By.XPATH, "./*"):
            foreground, background = driver.execute_script(TEXT_AND_BACKGROUND, element)
            assert contrast(foreground, background) >= 4.5, (element.tag_name, foreground, background)
    finally:
        config.write_text(original)
        driver.get("about:blank")
        time.sleep(1)  # the rebuild of the restored config, before the next test opens a page
