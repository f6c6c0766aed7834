"""Every example form sent through `formgen serve`'s sink in Chromium, filled as a person would: the pet-adoption
journey stepped through to "Check your answers", the seed pet-adoption form page by page, household's pets with
"Add another pet", and registration with a photo chosen from disk. Each shows its "sent" confirmation (focused, in
words) and the sink stores the row as sent; all under the served pages' own Content-Security-Policy."""
import hashlib
import json

from selenium.webdriver.common.by import By

from helpers import choose, click, fill, set_value, summary_items, wait_for
# `served` (a running `formgen serve` on a copy of the example site) and `driver` (Chromium recording CSP violations)
# are test_serve_preview's fixtures.
from test_serve_preview import driver, served, violations  # noqa: F401
from test_uploads import png_bytes

SENT = "Thank you. Your answers have been sent."


def open_form(served, driver, path):
    """The form at `path` with no draft left from an earlier run."""
    driver.get(served.url + path)
    driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.get(served.url + path)
    wait_for(lambda: driver.find_elements(By.ID, "fg-form"), message=path)


def next_step(driver):
    """Next, as a person presses it; the page must take the answers (no error summary)."""
    click(driver, "[data-fg-next]")
    assert summary_items(driver) == []


def review_shown(driver):
    wait_for(lambda: driver.find_element(By.ID, "fg-review").is_displayed(), message="Check your answers")


def rows(served):
    path = served.work / ".formgen" / "submissions.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def send_and_confirm(served, driver, expected):
    """Presses Send; the form gives way to the confirmation `expected`, focused, and the sink stored one more row,
    which is returned."""
    before = len(rows(served))
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.find_element(By.ID, "fg-form").get_attribute("hidden") is not None, timeout=10, message="the form sent")
    status = driver.find_element(By.ID, "fg-status")
    wait_for(lambda: status.text.strip() == expected, message=f"the confirmation {expected!r}, not {status.text!r}")
    assert status.is_displayed()
    assert driver.switch_to.active_element == status
    wait_for(lambda: len(rows(served)) == before + 1, message="the stored row")
    assert violations(driver) == []
    return rows(served)[-1]


def test_the_pet_adoption_journey_is_stepped_through_and_sent(served, driver):
    open_form(served, driver, "pet-adoption-journey/")
    choose(driver, "f-adult-0")
    next_step(driver)
    fill(driver, {"full_name": "Ann Example", "email": "ann@example.org", "phone": "0612-345-6789", "birth_date": "1990-03-27"})
    next_step(driver)
    choose(driver, "f-yard-0")
    fill(driver, {"fence": "Wooden fence"})
    choose(driver, "f-has_pets-0")
    next_step(driver)
    choose(driver, "f-pet_kinds-1")
    fill(driver, {"pet_count": "2"})
    next_step(driver)
    fill(driver, {"reference": "Bob Reference"})
    next_step(driver)
    review_shown(driver)
    row = send_and_confirm(served, driver, SENT)
    assert row["form"] == "pet-adoption-journey"
    assert row["data"] == {"adult": "Yes", "full_name": "Ann Example", "email": "ann@example.org", "phone": "0612-345-6789",
                           "birth_date": "1990-03-27", "yard": "Yes", "fence": "Wooden fence", "has_pets": "Yes",
                           "pet_kinds": ["cat"], "pet_count": 2, "reference": "Bob Reference"}


def test_the_seed_pet_adoption_form_is_sent_page_by_page(served, driver):
    open_form(served, driver, "pet-adoption/")
    fill(driver, {"text_1": "Ann", "text_2": "ann@example.org", "formattednumeric_1": "0612-345-6789", "datetime_1": "1990-01-31"})
    next_step(driver)
    fill(driver, {"yesno_1": ("choose", 1)})
    next_step(driver)
    fill(driver, {"text_5": "Bob"})
    next_step(driver)
    review_shown(driver)
    row = send_and_confirm(served, driver, SENT)
    assert row["data"] == {"text_1": "Ann", "text_2": "ann@example.org", "formattednumeric_1": "0612-345-6789",
                           "datetime_1": "1990-01-31", "yesno_1": "No", "text_5": "Bob"}


def test_household_pets_are_added_and_sent(served, driver):
    open_form(served, driver, "household/")
    set_value(driver, "f-owner_name", "Sam Smith")
    next_step(driver)
    set_value(driver, "f-pets[0].pet_name", "Rex")
    set_value(driver, "f-pets[0].species", "Dog")
    click(driver, "[data-fg-add]")
    wait_for(lambda: driver.find_elements(By.ID, "f-pets[1].pet_name"), message="Pet 2")
    set_value(driver, "f-pets[1].pet_name", "Tom")
    set_value(driver, "f-pets[1].species", "Other")
    set_value(driver, "f-pets[1].species_other", "A tortoise")
    set_value(driver, "f-pets[1].age_years", "40")
    next_step(driver)
    review_shown(driver)
    row = send_and_confirm(served, driver, SENT)
    assert row["form"] == "household"
    assert row["data"] == {"owner_name": "Sam Smith", "pets": [
        {"pet_name": "Rex", "species": "Dog"},
        {"pet_name": "Tom", "species": "Other", "species_other": "A tortoise", "age_years": 40}]}


def test_registration_with_a_photo_is_sent_and_the_photo_kept(served, driver, tmp_path):
    (tmp_path / "me.png").write_bytes(png_bytes())
    open_form(served, driver, "registration/")
    fill(driver, {"full_name": "Ann Example", "birth_date": "1990-03-27", "email": "ann@example.org", "contact_method": ("choose", 0)})
    next_step(driver)
    fill(driver, {"username": "ann_1", "password": "correct horse battery", "password_confirm": "correct horse battery"})
    next_step(driver)
    choose(driver, "f-has_pets-1")
    driver.find_element(By.ID, "f-photo").send_keys(str(tmp_path / "me.png"))
    fill(driver, {"terms": True})
    next_step(driver)
    review_shown(driver)
    row = send_and_confirm(served, driver, "Thank you, your account has been created.")
    photo = png_bytes()
    digest = hashlib.sha256(photo).hexdigest()
    assert row["form"] == "registration"
    assert row["data"]["photo"] == {"name": "me.png", "size": len(photo), "type": "image/png", "sha256": digest}
    assert {key: row["data"][key] for key in ("full_name", "email", "contact_method", "username", "has_pets", "terms")} == {
        "full_name": "Ann Example", "email": "ann@example.org", "contact_method": "email", "username": "ann_1",
        "has_pets": "No", "terms": True}
    assert (served.work / ".formgen" / "uploads" / digest).read_bytes() == photo
