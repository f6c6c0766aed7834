"""Browser suite fixtures: the example site built with the debug binary, served on 127.0.0.1, and headless Chromium.

The server also answers the NL data source (`/api/nl-user-profile`, after a short delay, or failing on demand)
and `/api/submit` for the submission test form that the fixture adds to a copy of the example configs.
"""
import importlib.util
import json
import pathlib
import shutil
import subprocess
import tempfile
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
PROFILE = {"first_name": "Jan", "last_name": "van der Berg", "birth_date": "1985-03-15"}
PROFILE_DELAY = 0.6

# A form with a submit action, to test sending, 422 field errors and failures; and a required field that a rule hides.
SUBMIT_FORM = """
id: submit-check
title: Submission check
lang: en
submit:
  action: /api/submit
  successMessage: Thanks, we got it.
fields:
  - id: name
    label: Your name
    type: text
    required: true
  - id: mode
    label: Do you have a code?
    type: yesno
    required: true
  - id: code
    label: Your code
    type: text
    required: true
    validation:
      regex: { value: '^\\d{4}$', message: The code has 4 digits }
  - id: secret
    label: Secret word
    type: password
    required: true
rules:
  - when: mode
    condition: equals
    value: "Yes"
    action: show
    otherwise: hide
    targets: [code]
"""

# A checkbox group whose options come from a data source: a group of boxes everywhere (page, spec, validator).
TOPICS_FORM = """
id: topics-check
title: Topics check
lang: en
dataSources:
  - {id: topics, type: api, endpoint: /api/topics}
fields:
  - id: topics
    label: Topics you want to hear about
    type: checkbox
    required: true
    optionsFrom: {dataSource: topics, valueKey: code, labelKey: name}
"""
# The example site's looks (test_example_site.py): images whose address fails (a closed loopback port), a single
# checkbox, GOV.UK's three-box date and a radio option that reveals its follow-up question.
LOOK_FORM = """
id: look-check
title: Look check
lang: en
fields:
  - {id: before, label: Before the image, type: text}
  - {id: broken, type: image, src: "http://127.0.0.1:9/missing.jpg", label: ""}
  - {id: between, label: Between the images, type: text}
  - {id: captioned, type: image, src: "http://127.0.0.1:9/missing.jpg", label: A photo of the office}
  - {id: after, label: After the images, type: text}
  - {id: agree, label: I agree to the terms, type: checkbox}
  - id: moved
    label: When did you move in?
    type: date
    dateStyle: boxes
    validation:
      required: {value: true, message: Enter the date you moved in}
      maxDate: {value: today, message: The date you moved in must be in the past}
  - id: contact
    label: How should we contact you?
    type: radio
    options: [Email, Phone]
    validation:
      required: {value: true, message: Choose how we should contact you}
  - id: phone
    label: Phone number
    type: tel
    validation:
      required: {value: true, message: Enter your phone number}
rules:
  - {when: contact, condition: equals, value: Phone, action: show, otherwise: hide, targets: [phone]}
"""

# A searchable select whose options a data source fills in when the page opens (optionsFrom and search together).
SEARCH_LIVE_FORM = """
id: search-live-check
title: Search live check
lang: en
dataSources:
  - {id: rates, type: api, endpoint: /api/currencies}
fields:
  - id: currency
    label: Currency
    type: autocomplete
    required: true
    optionsFrom: {dataSource: rates, valueKey: shortName, labelKey: name, dropIf: {key: valMid, in: [0, null, ""]}}
"""

# A Netlify form with a time trap: a honeypot no person sees, and a refusal when sent within 3 seconds.
TRAP_FORM = """
id: trap-check
title: Trap check
lang: en
submit:
  provider: netlify
  minSeconds: 3
fields:
  - id: name
    label: Your name
    type: text
    required: true
"""

TOPICS = [{"code": "news", "name": "News"}, {"code": "events", "name": "Events"}, {"code": "", "name": "No value"},
          {"code": "jobs", "name": "Jobs"}]


class MockState:
    """What the test server does, switchable by tests."""

    def __init__(self):
        self.profile_fails = False
        self.profile_requests = 0
        self.submissions = []
        self.trap_posts = []
        self.currencies_fail = False


class Handler(SimpleHTTPRequestHandler):
    state: MockState = None

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.split("?")[0] == "/api/nl-user-profile":
            self.state.profile_requests += 1
            time.sleep(PROFILE_DELAY)
            if self.state.profile_fails:
                self.answer(503, {"error": "unavailable"})
            else:
                self.answer(200, PROFILE)
            return
        if self.path.split("?")[0] == "/api/currencies":
            if self.state.currencies_fail:
                self.answer(503, {"error": "unavailable"})
            else:
                self.answer(200, json.loads((REPOSITORY / "configs/mocks/api/currencies.json").read_text()))
            return
        if self.path.split("?")[0] == "/api/topics":
            self.answer(200, TOPICS)
            return
        super().do_GET()

    def do_POST(self):
        if self.path == "/trap-check/":
            length = int(self.headers.get("Content-Length", "0"))
            self.state.trap_posts.append(self.rfile.read(length).decode())
            self.answer(200, {"ok": True})
            return
        if self.path != "/api/submit":
            self.answer(405, {"error": "no"})
            return
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        self.state.submissions.append(body)
        if body.get("name") == "taken":
            self.answer(422, {"errors": {"name": "That name is already taken"}})
        elif body.get("name") == "boom":
            self.answer(500, {"error": "server error"})
        else:
            self.answer(200, {"ok": True})


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    binary = REPOSITORY / ".build/debug/formgen"
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", "formgen"], cwd=REPOSITORY, check=True)
    work = tmp_path_factory.mktemp("site")
    configs = work / "configs"
    shutil.copytree(REPOSITORY / "configs", configs)
    (configs / "forms" / "submit-check.yaml").write_text(SUBMIT_FORM)
    (configs / "forms" / "topics-check.yaml").write_text(TOPICS_FORM)
    (configs / "forms" / "look-check.yaml").write_text(LOOK_FORM)
    (configs / "forms" / "trap-check.yaml").write_text(TRAP_FORM)
    (configs / "forms" / "search-live-check.yaml").write_text(SEARCH_LIVE_FORM)
    out = work / "public"
    subprocess.run([str(binary), "build", "--config", str(configs), "--templates", str(REPOSITORY / "templates"), "--out", str(out)],
                   cwd=REPOSITORY, check=True, capture_output=True)
    return out


@pytest.fixture(scope="session")
def mock():
    return MockState()


@pytest.fixture(scope="session")
def base_url(site_dir, mock):
    handler = type("BoundHandler", (Handler,), {"state": mock})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def chrome(javascript=True):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1000",
                     "--lang=en-US", "--disable-background-networking", "--disable-component-update", "--no-first-run",
                     "--disable-sync", "--disable-default-apps", "--no-pings",
                     # Only loopback: every other host name fails to resolve, so pages' external images never load.
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.fixture(scope="session")
def browser():
    driver = chrome()
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


@pytest.fixture()
def page(browser, base_url, mock):
    """Opens a path with a clean slate: no drafts, the data sources working."""
    mock.profile_fails = False
    mock.currencies_fail = False

    def open_page(path):
        browser.get(base_url + "/" + path)
        browser.execute_script("localStorage.clear()")
        browser.get(base_url + "/" + path)
        return browser

    return open_page


@pytest.fixture(scope="session")
def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec is not None, "axe-playwright-python is not installed (scripts/setup installs it)"
    path = pathlib.Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"
    return path.read_text()
