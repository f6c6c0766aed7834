"""An XSS corpus: payloads in every place a config, a doc, a mock API or a server answer can put text,
built into a site, served by `formgen serve` and opened in Chromium with its Content-Security-Policy
bypassed, so that only escaping stands between a payload and its execution.

Every payload calls `__xss(n)` (n: its number in the corpus) when it runs; a hook installed before any
page script records the calls. The test counts the payloads (at least 50) and asserts that none ran.
"""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, chrome
from helpers import click, set_value, wait_for
from test_serve_preview import Served

HOOK = "window.__xssRuns = []; window.__xss = function (n) { window.__xssRuns.push(n); };"

# Ways to run script from text: element injection, attribute break-outs, closing the element a string sits
# in, URLs, Mustache and JSON tricks. {n} is the payload's number.
TEMPLATES = [
    "<script>__xss({n})</script>",
    "<img src=x onerror=__xss({n})>",
    "\"><img src=x onerror=__xss({n})>",
    "'><svg onload=__xss({n})>",
    "</textarea><script>__xss({n})</script>",
    "</title><script>__xss({n})</script>",
    "</script><script>__xss({n})</script>",
    "<iframe srcdoc=\"<script>parent.__xss({n})</script>\"></iframe>",
    "<details open ontoggle=__xss({n})>",
    "<input autofocus onfocus=__xss({n})>",
    "\" autofocus onfocus=\"__xss({n})",
    "' onmouseover='__xss({n})",
    "<math><mtext></p><img src=x onerror=__xss({n})>",
    "<a href=javascript:__xss({n})>x</a>",
    "{{{{x}}}}<body onload=__xss({n})>",
    "\u2028</script><svg/onload=__xss({n})>",
    "<object data=\"javascript:__xss({n})\"></object>",
    "<video><source onerror=__xss({n})></video>",
]
# The same break-outs with a combining mark (or an enclosing mark, a zero-width joiner) right after the character
# an escaper must see: `"` + U+0301 is one grapheme cluster, which a Character-wise escaper left unescaped.
MARKS = ["\u0301", "\u0308", "\u20dd", "\u200d"]
MARKED = [
    "v\"{mark} autofocus onfocus=__xss({n})//",
    "v'{mark} autofocus onfocus=__xss({n})//",
    "\"{mark}><img src=x onerror=__xss({n})>",
    "'{mark}><svg onload=__xss({n})>",
    "<{mark}<img src=x onerror=__xss({n})>",
    ">{mark}<script>__xss({n})</script>",
    "&{mark}\"{mark} onmouseover=__xss({n}) x=",
    "\"{mark} onmouseover=\"__xss({n})",
    "'{mark} onmouseover='__xss({n})",
    "</textarea>{mark}<script>__xss({n})</script>",
]
# Regular expressions and masks (valid ones) whose text breaks out of the `pattern` attribute after a mark.
MARKED_PATTERNS = ["^v\"{mark} autofocus onfocus=__xss\\({n}\\) x=$", "^'{mark} onmouseover='__xss\\({n}\\)$",
                   "^<{mark}img src=x onerror=__xss\\({n}\\)>$"]
MARKED_MASKS = ["##\"{mark} autofocus onfocus=__xss({n}) x=", "##'{mark} onmouseover='__xss({n})", "##>{mark}<img src=x onerror=__xss({n})>"]
# Image addresses must pass the URL allow-list (no whitespace); these try to break out of `src`.
IMAGE_SOURCES = ["x\"onerror=\"__xss({n})", "x'onerror='__xss({n})", "x\"><img/src=x/onerror=__xss({n})>"]
# Markdown texts (descriptions, help, paragraphs, docs): raw HTML and link tricks the renderer must neutralise.
MARKDOWN = [
    "Text <script>__xss({n})</script> more",
    "<img src=x onerror=__xss({n})>",
    "[click](x\"onclick=\"__xss({n}))",
    "![alt\" onerror=\"__xss({n})](x.png)",
    "<details open ontoggle=__xss({n})>",
    "**bold** <svg onload=__xss({n})>",
]


class Corpus:
    """Numbers payloads as they are placed."""

    def __init__(self):
        self.payloads = []

    def take(self, templates):
        n = len(self.payloads) + 1
        payload = templates[n % len(templates)].format(n=n)
        self.payloads.append(payload)
        return payload

    def text(self):
        return self.take(TEMPLATES)

    def markdown(self):
        return self.take(MARKDOWN)

    def image(self):
        return self.take(IMAGE_SOURCES)

    def marked(self, templates=MARKED):
        """A break-out with a mark after its dangerous characters (the marks taken in turn)."""
        n = len(self.payloads) + 1
        payload = templates[n % len(templates)].format(n=n, mark=MARKS[n % len(MARKS)])
        self.payloads.append(payload)
        return payload

    def marked_pattern(self):
        return self.marked(MARKED_PATTERNS)

    def marked_mask(self):
        return self.marked(MARKED_MASKS)


class ExternalAPI(BaseHTTPRequestHandler):
    """Another origin's submission endpoint (with CORS) whose answers carry payloads: 422 field errors, 500, 200."""
    answers = {}

    def log_message(self, *args):
        pass

    def cors(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Headers", "content-type, accept")
        self.send_header("Access-Control-Allow-Methods", "POST")

    def do_OPTIONS(self):
        self.send_response(204)
        self.cors()
        self.end_headers()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        status, body = self.answers.get(self.path, (404, {}))
        data = json.dumps(body).encode()
        self.send_response(status)
        self.cors()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def write_site(configs, corpus, api):
    """A site whose every text is a payload; the mocks and the external API answer with payloads too."""
    t, md = corpus.text, corpus.markdown
    configs.mkdir(parents=True)
    (configs / "site.yaml").write_text(json.dumps({"title": t(), "description": md(), "language": "en"}))
    options = [{"value": t(), "label": t()} for _ in range(3)]
    form = {
        "id": "xss", "title": t(), "description": md(), "lang": "en",
        "dataSources": [{"id": "profile", "type": "api", "endpoint": "/api/xss-profile", "fields": ["first", "last"]},
                        {"id": "choices", "type": "api", "endpoint": "/api/xss-choices"}],
        "sections": [{"title": t(), "description": md(), "fields": [
            {"id": "first", "label": t(), "type": "text", "dataSource": "profile", "readOnly": True},
            {"id": "last", "label": t(), "type": "text", "dataSource": "profile", "readOnly": True},
            {"id": "name", "label": t(), "help": md(), "placeholder": t(), "required": True,
             "validation": {"regex": {"value": "^[a-z]+$", "message": t()}}},
            {"id": "bio", "label": t(), "type": "textarea", "help": md(), "placeholder": t(),
             "validation": {"minLength": {"value": 50, "message": t()}}},
            {"id": "age", "label": t(), "type": "number", "validation": {"maxValue": {"value": 120, "message": t()}}},
            {"id": "pick", "label": t(), "type": "select", "required": True, "options": options},
            {"id": "way", "label": t(), "type": "radio", "options": [t(), t()]},
            {"id": "tags", "label": t(), "type": "checkbox", "options": [t(), t()]},
            {"id": "from_api", "label": t(), "type": "select", "optionsFrom": {"dataSource": "choices", "valueKey": "v", "labelKey": "l"}},
            {"id": "note", "type": "paragraph", "text": md()},
            {"id": "note2", "type": "paragraph", "text": md()},
            {"id": "photo", "label": t(), "type": "image", "src": corpus.image()},
            {"id": "photo2", "alt": t(), "type": "image", "src": corpus.image()},
            {"id": "photo3", "alt": t(), "type": "image", "src": corpus.image()},
        ]}],
    }
    forms = configs / "forms"
    forms.mkdir()
    (forms / "xss.yaml").write_text(json.dumps(form))
    ExternalAPI.answers.update({
        "/422": (422, {"errors": {"name": t(), "mail": t(), "nope": t()}}),
        "/500": (500, {"error": t(), "message": t()}),
        "/ok": (200, {"ok": t()}),
    })
    for path, title in [("422", t()), ("500", t())]:
        server_form = {"id": f"xss-{path}", "title": title, "lang": "en", "submit": {"action": f"{api}/{path}"},
                       "fields": [{"id": "name", "label": t()}, {"id": "mail", "label": t(), "type": "email"}]}
        (forms / f"xss-{path}.yaml").write_text(json.dumps(server_form))
    ok_form = {"id": "xss-ok", "title": t(), "lang": "en", "submit": {"action": f"{api}/ok", "successMessage": t()},
               "fields": [{"id": "name", "label": t()}]}
    (forms / "xss-ok.yaml").write_text(json.dumps(ok_form))
    sink_form = {"id": "xss-sink", "title": t(), "lang": "en",
                 "fields": [{"id": "name", "label": t(), "validation": {"required": {"message": t()}}},
                            {"id": "code", "label": t(), "validation": {"regex": {"value": "^[0-9]+$", "message": t()}}}]}
    (forms / "xss-sink.yaml").write_text(json.dumps(sink_form))
    docs = configs / "docs"
    docs.mkdir()
    (docs / "xss.md").write_text("---\n" + "title: " + json.dumps(t()) + "\ndescription: " + json.dumps(t()) + "\n---\n"
                                 + "# " + md() + "\n\n" + md() + "\n\n## " + md() + "\n\n- " + md() + "\n\n| a | b |\n|---|---|\n| "
                                 + md() + " | " + md() + " |\n")
    api = configs / "mocks" / "api"
    api.mkdir(parents=True)
    (api / "xss-profile.json").write_text(json.dumps({"first": t(), "last": t()}))
    (api / "xss-choices.json").write_text(json.dumps([{"v": t(), "l": t()} for _ in range(3)]))
    (configs / "mocks" / "mocks.yaml").write_text(json.dumps({"endpoints": {"/api/xss-inline": {"body": {"first": t()}}}}))
    write_marked(configs, corpus)


def write_marked(configs, corpus):
    """A form, a doc and a mock API whose every string has a combining mark after its `"`, `'`, `<`, `>` or `&`:
    option values, defaults, placeholders, patterns, masks, image alt texts, labels and titles (the `aria-label`s of
    the reference and home pages), help, doc headings, remote list values and the form's action."""
    m = corpus.marked
    options = [{"value": m(), "label": m()} for _ in range(3)]
    form = {
        "id": "xss-marks", "title": m(), "description": m(), "lang": "en",
        "submit": {"action": "https://forms.example.org/submit?x=" + m().replace(" ", "%20"), "successMessage": m()},
        "dataSources": [{"id": "marked", "type": "api", "endpoint": "/api/xss-marked"}],
        "sections": [{"title": m(), "description": m(), "fields": [
            {"id": "name", "label": m(), "help": m(), "placeholder": m(), "default": m(),
             "validation": {"regex": {"value": corpus.marked_pattern(), "message": m()}}},
            {"id": "code", "label": m(), "placeholder": m(), "validation": {"mask": {"value": corpus.marked_mask(), "message": m()}}},
            {"id": "bio", "label": m(), "type": "textarea", "placeholder": m(), "default": m()},
            {"id": "pick", "label": m(), "type": "select", "options": options, "default": options[1]["value"]},
            {"id": "way", "label": m(), "type": "radio", "options": [m(), m()]},
            {"id": "tags", "label": m(), "type": "checkbox", "options": [m(), m()]},
            {"id": "remote", "label": m(), "type": "select", "optionsFrom": {"dataSource": "marked", "valueKey": "v", "labelKey": "l"}},
            {"id": "photo", "alt": m(), "type": "image", "src": "https://images.example.org/a.png"},
            {"id": "upload", "label": m(), "type": "file", "accept": [".png", "image/jpeg"]},
        ]}],
    }
    (configs / "forms" / "xss-marks.yaml").write_text(json.dumps(form))
    (configs / "docs" / "marks.md").write_text("---\ntitle: " + json.dumps(m()) + "\ndescription: " + json.dumps(m()) + "\n---\n"
                                              + "# " + m() + "\n\n" + m() + "\n\n## " + m() + "\n\n### " + m() + "\n\n| " + m()
                                              + " | b |\n|---|---|\n| " + m() + " | " + m() + " |\n")
    (configs / "mocks" / "api" / "xss-marked.json").write_text(json.dumps([{"v": m(), "l": m()} for _ in range(3)]))


@pytest.fixture(scope="module")
def corpus_site(tmp_path_factory):
    work = tmp_path_factory.mktemp("xss")
    api = ThreadingHTTPServer(("127.0.0.1", 0), ExternalAPI)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    corpus = Corpus()
    write_site(work / "configs", corpus, f"http://127.0.0.1:{api.server_address[1]}")
    server = Served(work)
    yield server, corpus
    api.shutdown()
    assert server.stop() == 0


@pytest.fixture(scope="module")
def unprotected():
    """Chromium ignoring every page's CSP, with the execution hook in place before any script runs."""
    browser = chrome()
    browser.execute_cdp_cmd("Page.enable", {})
    browser.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    yield browser
    browser.quit()


def runs(driver):
    return driver.execute_script("return window.__xssRuns || null")


def open_page(driver, url):
    driver.get(url)
    wait_for(lambda: driver.execute_script("return document.readyState") == "complete", message="the page to load")
    assert runs(driver) is not None, "the hook is not installed"
    return driver


def test_no_payload_of_the_corpus_runs(corpus_site, unprotected):
    server, corpus = corpus_site
    assert len(corpus.payloads) >= 50
    assert "Built" in "".join(server.output), "".join(server.output)
    driver, executed = unprotected, {}

    def record(path):
        executed[path] = runs(driver)

    # The bypass works: a script the page adds runs, and would be counted.
    open_page(driver, server.url + "xss/")
    driver.execute_script("var s = document.createElement('script'); s.textContent = '__xss(0)'; document.body.appendChild(s);")
    assert runs(driver) == [0]

    open_page(driver, server.url + "xss/")
    wait_for(lambda: driver.execute_script("return document.getElementById('f-first').value") != "", timeout=10,
             message="the prefill from the mock")
    wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#f-from_api option")) > 2, timeout=10, message="options from the mock")
    set_value(driver, "f-name", "NOT LOWER")
    set_value(driver, "f-bio", "short")
    set_value(driver, "f-age", "500")
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.execute_script("return !document.getElementById('fg-error-summary').hidden"), message="the error summary")
    for element in driver.find_elements(By.CSS_SELECTOR, "input, select, textarea, a, summary, details"):
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); arguments[0].focus();", element)
    values = driver.execute_script("return [document.getElementById('f-first').value, document.getElementById('f-last').value]")
    assert all("__xss(" in value for value in values), "the mock's payloads arrived as text"
    record("xss/")

    open_page(driver, server.url + "xss-422/")
    set_value(driver, "f-name", "x")
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.execute_script("var e = document.getElementById('f-name-error'); return e && !e.hidden"),
             message="the server's field errors")
    assert "__xss(" in driver.find_element(By.ID, "f-name-error").text
    record("xss-422/")

    open_page(driver, server.url + "xss-500/")
    set_value(driver, "f-name", "x")
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.execute_script("return !document.getElementById('fg-error-summary').hidden"),
             message="the failure shown")
    record("xss-500/")

    # Posted without the runtime: the preview's sink answers with its own page of the config's messages.
    open_page(driver, server.url + "xss-sink/")
    driver.execute_script("document.getElementById('f-code').value = 'x'; document.querySelector('form').submit();")
    wait_for(lambda: "__xss(" in driver.find_element(By.TAG_NAME, "body").text, message="the sink's page of errors")
    record("sink page")

    open_page(driver, server.url + "xss-ok/")
    set_value(driver, "f-name", "x")
    click(driver, "[data-fg-submit]")
    wait_for(lambda: "__xss(" in driver.find_element(By.TAG_NAME, "body").text, message="the success message")
    record("xss-ok/")

    # Marks after the escaped characters: the values arrive whole, as text, and nothing runs (some would on load).
    open_page(driver, server.url + "xss-marks/")
    wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#f-remote option")) > 2, timeout=10, message="marked options from the mock")
    picked = driver.execute_script("return Array.from(document.getElementById('f-pick').options).map(function (o) { return o.value; })")
    assert any("__xss(" in value and any(mark in value for mark in MARKS) for value in picked), picked
    assert any(mark in driver.execute_script("return document.getElementById('f-name').value") for mark in MARKS)
    for element in driver.find_elements(By.CSS_SELECTOR, "input, select, textarea, a, summary, details, img"):
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); arguments[0].focus();", element)
    set_value(driver, "f-code", "x")
    click(driver, "[data-fg-submit]")
    wait_for(lambda: driver.execute_script("return !document.getElementById('fg-error-summary').hidden"), message="the marked errors")
    record("xss-marks/")

    for path in ["", "docs/", "docs/xss/", "docs/marks/", "xss/reference/", "xss-marks/reference/", "xss-sink/reference/", "no-such-page/<script>__xss(99)</script>",
                 "api/xss-profile", "api/xss-inline"]:
        open_page(driver, server.url + path)
        record(path)

    assert {path: ran for path, ran in executed.items() if ran} == {}
    assert len(executed) == 16
    links = driver.execute_script(
        "return Array.from(document.querySelectorAll('[href], [src], [action]')).map(function (e) {"
        " return e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action'); })")
    assert not [link for link in links if link.strip().lower().startswith(("javascript:", "data:", "vbscript:"))]


def test_a_broken_build_overlay_shows_its_errors_as_text(corpus_site, unprotected):
    server, _ = corpus_site
    driver = open_page(unprotected, server.url + "xss-ok/")
    bad = server.config("forms/xss-broken.yaml")
    bad.write_text(json.dumps({"title": "B", "fields": [{"id": "a", "label": "A", "type": "<img src=x onerror=__xss(98)>"}]}))
    try:
        wait_for(lambda: "__xss(98)" in (driver.execute_script(
            "var o = document.getElementById('fg-serve-overlay'); return o ? o.textContent : ''") or ""),
            timeout=30, message="the overlay with the error")
        assert runs(driver) == []
    finally:
        bad.unlink()
