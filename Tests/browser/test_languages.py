"""Pages in several languages: the Arabic login page reads right to left (its screenshot kept in
Tests/browser/artifacts/), and the Belgian page's language switcher keeps the typed answers (drafts are per form)."""
import pathlib

from selenium.webdriver.common.by import By

from helpers import click, set_value, summary_items, wait_for

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"


def test_the_arabic_page_reads_right_to_left(page):
    driver = page("ar/login/")
    assert driver.execute_script("return [document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    click(driver, "[data-fg-submit]")
    wait_for(lambda: summary_items(driver), message="the error summary")
    assert summary_items(driver) == ["أدخل البريد الإلكتروني", "أدخل كلمة المرور"]
    assert driver.find_element(By.ID, "fg-error-summary-title").text == "توجد مشكلة"
    assert driver.title.startswith("خطأ: ")
    # The summary's heading starts on the right: its text hugs the box's right edge, far from its left one.
    edges = driver.execute_script(
        "var box = document.getElementById('fg-error-summary').getBoundingClientRect();"
        "var range = document.createRange(); range.selectNodeContents(document.getElementById('fg-error-summary-title'));"
        "var text = range.getBoundingClientRect(); return [box.left, box.right, text.left, text.right];")
    box_left, box_right, text_left, text_right = edges
    assert box_right - text_right < 40 < text_left - box_left
    # The red bar of an invalid field is on its start (right) side; the email address stays left to right.
    field = driver.execute_script(
        "var s = getComputedStyle(document.getElementById('fg-field-email'));"
        "return [s.borderRightWidth, s.borderLeftWidth, getComputedStyle(document.getElementById('f-email')).direction];")
    assert field == ["5px", "0px", "ltr"]
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "ar-login-errors.png"
    driver.save_screenshot(str(shot))
    print(f"screenshot: {shot}")


def test_the_language_switcher_keeps_the_typed_answers(page):
    driver = page("kyc/be/")
    nav = driver.find_element(By.CSS_SELECTOR, "nav.fg-languages")
    assert nav.get_attribute("aria-label") == "Taal"
    assert [a.text for a in nav.find_elements(By.TAG_NAME, "a")] == ["Nederlands", "Français", "Deutsch"]
    assert nav.find_element(By.CSS_SELECTOR, "[aria-current=page]").text == "Nederlands"
    set_value(driver, "f-first_name", "Marie")
    set_value(driver, "f-postal_code", "1000")
    wait_for(lambda: driver.execute_script("return localStorage.getItem('formgen:draft:kyc-be')"), message="the draft")
    for language, label in [("fr", "Prénom"), ("de", "Vorname"), ("nl", "Voornaam")]:
        driver.find_element(By.CSS_SELECTOR, f"nav.fg-languages a[hreflang^={language}]").click()
        wait_for(lambda: driver.execute_script("return document.documentElement.lang").startswith(language), message=language)
        assert driver.find_element(By.CSS_SELECTOR, "label[for=f-first_name]").text.startswith(label)
        wait_for(lambda: driver.find_element(By.ID, "f-first_name").get_attribute("value") == "Marie", message=f"the answer in {language}")
        assert driver.find_element(By.ID, "f-postal_code").get_attribute("value") == "1000"
