"""The example site's pages in the states a person sees them, for the screenshot sweep (scripts/screenshots) and the
layout assertions (test_layout.py): each state is a path, whether JavaScript runs, and the steps that bring the page
there (errors shown, a journey's step, "Check your answers", sent, a repeat with 1 and 3 items, a server's refusal).

`Served` runs `formgen serve` on a site (its mock APIs answer the data sources, its sink takes the submissions), so
both tools see the pages as the preview serves them.
"""
import pathlib
import re
import shutil
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

from selenium.webdriver.common.by import By

from helpers import set_value, summary_items, wait_for

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


class Served:
    """`formgen serve` on a copy of a config folder and a templates folder (so edits made meanwhile neither rebuild
    nor reload the pages being looked at), on a free loopback port; `stop()` ends it."""

    def __init__(self, binary, configs, templates, work):
        work = pathlib.Path(work)
        shutil.copytree(configs, work / "site" / "configs")
        shutil.copytree(templates, work / "site" / "templates")
        configs, templates = work / "site" / "configs", work / "site" / "templates"
        self.out = work / "preview"
        self.output = []
        self.process = subprocess.Popen(
            [str(binary), "serve", "--config", str(configs), "--templates", str(templates), "--port", "0", "--quiet",
             "--out", str(self.out), "--submissions", str(work / "submissions.jsonl")],
            cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = None
        ready = threading.Event()

        def drain():
            for line in self.process.stdout:
                self.output.append(line)
                match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
                if match and not ready.is_set():
                    self.url = match.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=drain, daemon=True).start()
        if not ready.wait(180) or self.url is None:
            self.process.kill()
            raise RuntimeError("formgen serve did not start: " + "".join(self.output))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        return self.process.returncode


@dataclass(frozen=True)
class State:
    """A page in one state: `page` groups states on the contact sheet, `state` names the state."""
    page: str
    state: str
    path: str
    steps: tuple = ()
    javascript: bool = True
    lang: str = "en"
    kind: str = "form"
    blocked: tuple = ()  # URL patterns whose requests fail (a data source that cannot be reached)

    @property
    def name(self):
        return f"{self.page} · {self.state}"

    @property
    def slug(self):
        return re.sub(r"[^a-z0-9]+", "-", f"{self.page}-{self.state}".lower()).strip("-")


# Steps: each takes the driver and brings the page one step further.

def shown_step(driver):
    """The id of the step on show (fg-page-N or fg-review), or '' when the form is hidden (sent)."""
    return driver.execute_script(
        "var form = document.getElementById('fg-form'); if (!form || form.hidden) return '';"
        "return Array.from(document.querySelectorAll('.fg-page, #fg-review')).filter(function (s) { return !s.hidden; })"
        ".map(function (s) { return s.id; }).join(',');")


def visible(driver, selector):
    return any(element.is_displayed() for element in driver.find_elements(By.CSS_SELECTOR, selector))


def next_step(driver):
    """Next, and waits for the step to change."""
    before = shown_step(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-fg-next]").click()
    wait_for(lambda: shown_step(driver) != before, message=f"the step after {before}")


def show_errors(driver):
    """Next (or Submit on the last step) on an empty page: the error summary shows."""
    if visible(driver, "[data-fg-next]"):
        driver.find_element(By.CSS_SELECTOR, "[data-fg-next]").click()
    else:
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: summary_items(driver), message="the error summary")


def send(driver):
    """Submit, and waits for the sent confirmation (the form hidden)."""
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: shown_step(driver) == "", timeout=10, message="the sent confirmation")


def refused(driver):
    """Submit, and waits for the server's refusal to show."""
    driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: driver.execute_script(
        "return Array.from(document.querySelectorAll('[role=alert], .fg-alert, #fg-error-summary')).some(function (e) {"
        " return !e.hidden && e.getClientRects().length && e.textContent.trim(); })"), timeout=10, message="the refusal")


def fill(values):
    """A step setting controls by field id: strings set the value, ('choose', n) clicks option n, True ticks."""
    def step(driver):
        for key, value in values.items():
            if isinstance(value, tuple):
                driver.find_element(By.ID, f"f-{key}-{value[1]}").click()
            elif value is True:
                box = driver.find_element(By.ID, f"f-{key}")
                if not box.is_selected():
                    box.click()
            else:
                set_value(driver, f"f-{key}", value)
    return step


def add_items(count):
    def step(driver):
        for _ in range(count):
            driver.find_element(By.CSS_SELECTOR, "[data-fg-add]").click()
    return step


def options_loaded(driver):
    """Waits until the live option list (currency-exchange) has its options."""
    wait_for(lambda: driver.execute_script("var s = document.getElementById('f-currency'); return s && s.options.length > 1"),
             timeout=10, message="the currencies")


def source_failed(driver):
    """Waits for a data source's failure message (with Retry) to show."""
    wait_for(lambda: driver.execute_script("return Array.from(document.querySelectorAll('[id^=fg-source-]')).some(function (e) {"
                                           " return e.getClientRects().length > 0; })"), timeout=10, message="the data source's failure")


def rates_loaded(driver):
    """Waits until the rates page's live table has its rows."""
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-data-0-body tbody tr"), timeout=10, message="the live rates")


def rates_failed(driver):
    """Waits for the rates page's live table to say it could not be loaded (with Retry)."""
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-data-0-body .fg-alert"), timeout=10, message="the rates' failure")


def signed_in_home(driver):
    """Sets the example mocks' session cookie (as /api/login does), opens the home page again and waits for its
    details and transactions (without the cookie, the page sent the browser to login)."""
    driver.add_cookie({"name": "fg_session", "value": "mock-session", "path": "/", "httpOnly": True, "sameSite": "Strict"})
    driver.get(driver.current_url.split("/login/")[0] + "/home/")
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#fg-data-1-body caption"), timeout=10, message="the transactions")


def prefilled(driver):
    """Waits until no field is waiting for its data source."""
    wait_for(lambda: not driver.find_elements(By.CSS_SELECTOR, "[aria-busy=true]"), timeout=10, message="the prefill")


ABOUT_YOU = {"full_name": "Ann Example", "email": "ann@example.org", "phone": "0612-345-6789", "birth_date": "1990-03-27"}
PET_ADOPTION_1 = {"text_1": "Ann Example", "text_2": "ann@example.org", "formattednumeric_1": "0612-345-6789",
                  "datetime_1": "1990-03-27"}
REGISTRATION_1 = {"full_name": "Ann Example", "birth_date": "1990-03-27", "email": "ann@example.org", "contact_method": ("choose", 0)}
REGISTRATION_2 = {"username": "ann_example", "password": "correct-horse-9", "password_confirm": "correct-horse-9"}
REGISTRATION_3 = {"has_pets": ("choose", 1), "terms": True}
KYC_NL = {"bsn": "111222333", "email": "jan@example.org", "consent": True}
KYC_BE = {"first_name": "Marie", "last_name": "Dupont", "national_number": "85.07.30-033.28", "birth_date-day": "30",
          "birth_date-month": "7", "birth_date-year": "1985", "postal_code": "1000", "email": "marie@example.org", "consent": True}
HOUSEHOLD_PETS = [("Rex", "Dog"), ("Tom", "Cat"), ("Bun", "Rabbit")]
SURVEY_1 = {"recommend": ("choose", 9), "satisfaction.speed": ("choose", 0), "satisfaction.staff": ("choose", 1),
            "satisfaction.value": ("choose", 2), "satisfaction.cleanliness": ("choose", 0)}
SURVEY_2 = {"visit_reason": ("choose", 0)}


def pets(count):
    def step(driver):
        add_items(count - 1)(driver)
        for index, (name, species) in enumerate(HOUSEHOLD_PETS[:count]):
            set_value(driver, f"f-pets[{index}].pet_name", name)
            set_value(driver, f"f-pets[{index}].species", species)
    return step


def to_household_pets(driver):
    fill({"owner_name": "Sam Smith"})(driver)
    next_step(driver)


def search_open(driver):
    """travel: "land" typed into the nationality search, its results open, the arrow keys on the second."""
    box = driver.find_element(By.ID, "f-nationality-search")
    box.click()
    box.send_keys("land")
    wait_for(lambda: driver.find_element(By.ID, "f-nationality-listbox").is_displayed(), message="the results")
    box.send_keys("\ue015\ue015")  # ArrowDown twice


def count_over(driver):
    """travel: the stay's answer 9 characters over its 200, and the purpose's 2 of its 50 words."""
    driver.find_element(By.ID, "f-plans").send_keys("A small guest house near the old harbour. " * 5)
    driver.find_element(By.ID, "f-purpose").send_keys("Visiting family")
    wait_for(lambda: "too many" in driver.find_element(By.CSS_SELECTOR, "#fg-field-plans .fg-count").text, message="the count")


def none_of_these(driver):
    """travel: "A visa" ticked, then "None of these", which clears it."""
    fill({"help_with": ("choose", 0)})(driver)
    fill({"help_with": ("choose", 4)})(driver)
    wait_for(lambda: not driver.find_element(By.ID, "f-help_with-0").is_selected(), message="the visa box cleared")


def journey_to(step_count):
    """pet-adoption-journey: the first `step_count` steps answered (Yes, about you, a home with other pets)."""
    steps = [fill({"adult": ("choose", 0)}), next_step, fill(ABOUT_YOU), next_step,
             fill({"yard": ("choose", 0), "fence": "Wooden fence", "has_pets": ("choose", 0)}), next_step,
             fill({"pet_kinds": ("choose", 0), "pet_count": "2"}), next_step, fill({"reference": "Bob Reference"}), next_step]
    return tuple(steps[:2 * step_count])


FORMS = [
    # path, page name, the page's language (its <html lang>)
    ("kyc/nl/", "kyc/nl", "en-NL"), ("kyc/be/", "kyc/be", "nl-BE"), ("kyc/de/", "kyc/de", "de-DE"), ("kyc/us/", "kyc/us", "en-US"),
    ("fr/kyc/be/", "fr/kyc/be", "fr"), ("de/kyc/be/", "de/kyc/be", "de"), ("login/", "login", "en"),
    ("ar/login/", "ar/login", "ar"), ("register/", "register", "en"), ("registration/", "registration", "en"),
    ("pet-adoption/", "pet-adoption", "en"), ("pet-adoption-journey/", "pet-adoption-journey", "en"),
    ("lumiform-nested/", "lumiform-nested", "en"), ("currency-exchange/", "currency-exchange", "en"),
    ("household/", "household", "en"), ("travel/", "travel", "en"), ("customer-survey/", "customer-survey", "en"),
]
# Forms with no required field: nothing to show as errors when sent empty.
NO_REQUIRED_FIELD = {"lumiform-nested/"}
# What a page must wait for before it shows its empty state.
SETTLE = {"kyc/nl/": (prefilled,), "currency-exchange/": (options_loaded,)}


def form_states():
    states = []
    for path, page, lang in FORMS:
        settle = SETTLE.get(path, ())
        states.append(State(page, "empty", path, settle, lang=lang))
        if path not in NO_REQUIRED_FIELD:
            states.append(State(page, "errors", path, settle + (show_errors,), lang=lang))
    return states


def flow_states():
    household = ("household/",)
    return [
        State("pet-adoption", "step 2", "pet-adoption/", (fill(PET_ADOPTION_1), next_step)),
        State("pet-adoption", "step 3", "pet-adoption/", (fill(PET_ADOPTION_1), next_step, fill({"yesno_1": ("choose", 0)}), next_step)),
        State("pet-adoption", "review", "pet-adoption/", (fill(PET_ADOPTION_1), next_step, fill({"yesno_1": ("choose", 0)}), next_step,
                                                          fill({"text_5": "Bob Reference"}), next_step)),
        State("pet-adoption", "sent", "pet-adoption/", (fill(PET_ADOPTION_1), next_step, fill({"yesno_1": ("choose", 0)}), next_step,
                                                        fill({"text_5": "Bob Reference"}), next_step, send)),
        State("pet-adoption-journey", "exit page", "pet-adoption-journey/", (fill({"adult": ("choose", 1)}), next_step)),
        State("pet-adoption-journey", "step 2 about you", "pet-adoption-journey/", journey_to(1)),
        State("pet-adoption-journey", "step 3 home", "pet-adoption-journey/", journey_to(2)),
        State("pet-adoption-journey", "step 4 your pets", "pet-adoption-journey/", journey_to(3)),
        State("pet-adoption-journey", "step 5 references", "pet-adoption-journey/", journey_to(4)),
        State("pet-adoption-journey", "review", "pet-adoption-journey/", journey_to(5)),
        State("pet-adoption-journey", "sent", "pet-adoption-journey/", journey_to(5) + (send,)),
        State("lumiform-nested", "step 2", "lumiform-nested/", (next_step,)),
        State("lumiform-nested", "review", "lumiform-nested/", (next_step, next_step)),
        State("lumiform-nested", "sent", "lumiform-nested/", (next_step, next_step, send)),
        State("registration", "step 2", "registration/", (fill(REGISTRATION_1), next_step)),
        State("registration", "step 3", "registration/", (fill(REGISTRATION_1), next_step, fill(REGISTRATION_2), next_step)),
        State("registration", "review", "registration/", (fill(REGISTRATION_1), next_step, fill(REGISTRATION_2), next_step,
                                                          fill(REGISTRATION_3), next_step)),
        State("registration", "sent", "registration/", (fill(REGISTRATION_1), next_step, fill(REGISTRATION_2), next_step,
                                                        fill(REGISTRATION_3), next_step, send)),
        State("household", "repeat with 1 item", household[0], (to_household_pets, pets(1))),
        State("household", "repeat with 3 items", household[0], (to_household_pets, pets(3))),
        State("household", "repeat item errors", household[0], (to_household_pets, add_items(1), show_errors)),
        State("household", "review with 3 items", household[0], (to_household_pets, pets(3), next_step)),
        State("household", "sent", household[0], (to_household_pets, pets(3), next_step, send)),
        State("customer-survey", "step 2", "customer-survey/", (fill(SURVEY_1), next_step)),
        State("customer-survey", "grid row errors", "customer-survey/", (fill({"recommend": ("choose", 0), "satisfaction.staff": ("choose", 4)}),
                                                                         show_errors)),
        State("customer-survey", "review", "customer-survey/", (fill(SURVEY_1), next_step, fill(SURVEY_2), next_step)),
        State("customer-survey", "sent", "customer-survey/", (fill(SURVEY_1), next_step, fill(SURVEY_2), next_step, send)),
        State("currency-exchange", "sent", "currency-exchange/", (options_loaded, fill({"currency": "EUR", "amount": "100"}), send)),
        State("travel", "search open", "travel/", (search_open,)),
        State("travel", "count over", "travel/", (count_over,)),
        State("travel", "count over with errors", "travel/", (count_over, show_errors)),
        State("travel", "none of these", "travel/", (none_of_these,)),
        State("travel", "something else with errors", "travel/", (fill({"help_with": ("choose", 3)}), show_errors)),
        State("travel", "no-JS", "travel/", javascript=False),
        State("login", "wrong password", "login/", (fill({"email": "ann@example.org", "password": "wrong-password"}), refused)),
        State("ar/login", "wrong password", "ar/login/", (fill({"email": "ann@example.org", "password": "wrong-password"}), refused),
              lang="ar"),
        State("register", "email taken", "register/", (fill({"email": "taken@example.com", "password": "correct-horse-9",
                                                             "password_confirm": "correct-horse-9"}), refused)),
        State("kyc/nl", "review", "kyc/nl/", (prefilled, fill(KYC_NL), next_step), lang="en-NL"),
        State("kyc/nl", "sent", "kyc/nl/", (prefilled, fill(KYC_NL), next_step, send), lang="en-NL"),
        State("fr/kyc/be", "review", "fr/kyc/be/", (fill(KYC_BE), next_step), lang="fr"),
        State("fr/kyc/be", "sent", "fr/kyc/be/", (fill(KYC_BE), next_step, send), lang="fr"),
        State("ar/login", "filled", "ar/login/", (fill({"email": "ann@example.org", "password": "secret-word"}),), lang="ar"),
        State("kyc/nl", "profile failed", "kyc/nl/", (source_failed,), lang="en-NL", blocked=("*/api/nl-user-profile*",)),
        State("currency-exchange", "list failed", "currency-exchange/", (source_failed,), blocked=("*/api/currencies*",)),
        State("kyc/nl", "no-JS", "kyc/nl/", javascript=False, lang="en-NL"),
        State("household", "no-JS", "household/", javascript=False),
        State("customer-survey", "no-JS", "customer-survey/", javascript=False),
        State("registration", "no-JS", "registration/", javascript=False),
        State("pet-adoption-journey", "no-JS", "pet-adoption-journey/", javascript=False),
        State("ar/login", "no-JS", "ar/login/", javascript=False, lang="ar"),
        State("fr/kyc/be", "no-JS", "fr/kyc/be/", javascript=False, lang="fr"),
    ]


def site_states():
    states = [State("home", "page", "", kind="site"), State("not found", "page", "404.html", kind="site"),
              State("kyc", "country picker", "kyc/", kind="site"), State("kyc", "country picker no-JS", "kyc/", javascript=False, kind="site"),
              State("accessibility", "statement", "accessibility/", kind="site"),
              State("rates", "loaded", "rates/", (rates_loaded,), kind="site"),
              State("rates", "failed", "rates/", (rates_failed,), blocked=("*/api/currencies*",), kind="site"),
              State("rates", "no-JS", "rates/", javascript=False, kind="site"),
              State("account home", "signed in", "home/", (signed_in_home,), kind="site")]
    for path in ["docs/", "docs/countries/", "docs/filling-in-kyc/", "docs/privacy/"]:
        states.append(State(path.rstrip("/"), "page", path, kind="docs"))
    for path, page, _ in [("kyc/", "kyc", "en")] + FORMS:
        # A reference page is for the site's developers, in English whatever its form's language.
        states.append(State(page, "reference", path + "reference/", kind="reference"))
    return states


STATES = site_states() + form_states() + flow_states()


def set_viewport(driver, width, height=900):
    """The page's layout viewport exactly `width` × `height` CSS pixels, with overlay scrollbars (as a phone's), so a
    320 px page has all 320 px for its content."""
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def document_height(driver):
    return driver.execute_script("return Math.ceil(Math.max(document.documentElement.scrollHeight, document.body ? "
                                 "document.body.scrollHeight : 0))")


def open_state(driver, base_url, state, width=1200):
    """Loads the state's page with a clean slate (no drafts) at `width` px and takes its steps."""
    set_viewport(driver, width)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not state.javascript})
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": list(state.blocked)})
    url = f"{base_url}/{state.path}"
    driver.get(url)
    driver.execute_script("try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}")
    driver.get(url)
    for step in state.steps:
        step(driver)
    if not state.javascript:
        # The page loaded and rendered without its scripts; allowed again, scripts run only where a tool injects them
        # (axe needs its timers), the page's own having been skipped.
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    # Transitions and focus scrolling settle; the page's own scroll position back at the top.
    time.sleep(0.15)
    driver.execute_script("window.scrollTo(0, 0)")
    return driver
