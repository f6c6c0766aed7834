"""A form inside another site (#40 part 1), as a host would embed it.

The form site is built with `--emit-headers netlify` and served on one loopback port by a small static server that
sends exactly the headers of the generated `_headers` recipe (the policy with `frame-ancestors`, X-Frame-Options,
CORS for embed.js), so what is tested is the recipe a host deploys. The host page, on a second loopback port named in
`embed.origins`, holds the snippet copied from the form's reference page (embed.js with its integrity digest); the
frame grows as errors appear and the form submits. The same host page on a third port, not in `origins`, cannot frame it.
"""
import fnmatch
import html
import json
import pathlib
import re
import socket
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY
from helpers import wait_for

FORM = """
id: contact
title: Contact us
lang: en
embed:
  origins: [{origin}]
submit:
  action: /api/submit
  successMessage: Thanks, we got your message.
fields:
  - {{id: name, label: Your name, type: text, required: true}}
  - {{id: email, label: Email address, type: email, required: true}}
  - {{id: message, label: Your message, type: textarea, required: true}}
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def netlify_rules(text):
    """The `_headers` file as (pattern, [(name, value)]) in order."""
    rules = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith(" "):
            name, value = line.strip().split(": ", 1)
            rules[-1][1].append((name, value))
        else:
            rules.append((line.strip(), []))
    return rules


class RecipeHandler(SimpleHTTPRequestHandler):
    """Serves the built site with every header of every `_headers` rule that matches the path, as Netlify does."""
    rules = []
    posts = []

    def log_message(self, *args):
        pass

    def end_headers(self):
        path = self.path.split("?")[0]
        for pattern, headers in self.rules:
            if fnmatch.fnmatchcase(path, pattern):
                for name, value in headers:
                    self.send_header(name, value)
        super().end_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.posts.append(json.loads(self.rfile.read(length) or b"{}"))
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class HostHandler(SimpleHTTPRequestHandler):
    page = b""

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.page)))
        self.end_headers()
        self.wfile.write(self.page)


def serve(handler, port, **kwargs):
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(handler, **kwargs) if kwargs else handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    form_port, host_port, stranger_port = free_port(), free_port(), free_port()
    work = tmp_path_factory.mktemp("embed")
    configs = work / "configs"
    (configs / "forms").mkdir(parents=True)
    (configs / "site.yaml").write_text("title: Embed check\n")
    (configs / "forms" / "contact.yaml").write_text(FORM.format(origin=f'"http://127.0.0.1:{host_port}"'))
    (configs / "forms" / "other.yaml").write_text("id: other\ntitle: Other\nfields:\n  - {id: a, label: A}\n")
    out = work / "public"
    subprocess.run([str(REPOSITORY / ".build/debug/formgen"), "build", "-c", str(configs), "-o", str(out),
                    "--base-url", f"http://127.0.0.1:{form_port}/", "--emit-headers", "netlify"],
                   cwd=REPOSITORY, check=True, capture_output=True)
    handler = type("Recipe", (RecipeHandler,), {"rules": netlify_rules((out / "_headers").read_text()), "posts": []})
    reference = (out / "contact" / "reference" / "index.html").read_text()
    snippet = html.unescape(re.search(r'<pre><code class="language-html">(.*?)</code></pre>', reference, re.S).group(1))
    page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title></head>
<body><h1>A host site</h1><p>Our contact form:</p>
{snippet}
<p>Footer of the host page.</p></body></html>""".encode()
    host = type("Host", (HostHandler,), {"page": page})
    servers = [serve(handler, form_port, directory=str(out)), serve(host, host_port), serve(host, stranger_port)]
    yield {"form": f"http://127.0.0.1:{form_port}", "host": f"http://127.0.0.1:{host_port}",
           "stranger": f"http://127.0.0.1:{stranger_port}", "handler": handler, "snippet": snippet, "out": out}
    for server in servers:
        server.shutdown()
        server.server_close()


def frame_height(browser):
    return browser.execute_script("return document.querySelector('iframe').getBoundingClientRect().height")


def test_the_recipe_lets_only_the_listed_origin_frame_the_form(sites):
    rules = dict(sites["handler"].rules)
    assert ("Content-Security-Policy", next(v for n, v in rules["/contact/"] if n == "Content-Security-Policy")) in rules["/contact/"]
    assert next(v for n, v in rules["/contact/"] if n == "Content-Security-Policy").endswith(
        f"; frame-ancestors {sites['host']}")
    assert all(name != "X-Frame-Options" for name, _ in rules["/contact/"] + rules["/*"])
    assert ("X-Frame-Options", "DENY") in rules["/other/"]
    assert ("Access-Control-Allow-Origin", "*") in rules["/embed.js"]
    assert 'integrity="sha256-' in sites["snippet"] and f'src="{sites["form"]}/embed.js"' in sites["snippet"]


def test_the_embedded_form_grows_with_its_errors_and_submits(browser, sites):
    browser.get(sites["host"] + "/")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "iframe"), message="embed.js inserts the frame")
    frame = browser.find_element(By.CSS_SELECTOR, "iframe")
    assert frame.get_attribute("title") == "Contact us"
    # The frame takes the form's height: not embed.js's 600 px start, and the form page's own height.
    wait_for(lambda: abs(frame_height(browser) - 600) > 1, message="the form posts its height")
    browser.switch_to.frame(frame)
    wait_for(lambda: browser.find_elements(By.ID, "fg-form"), message="the form page in the frame")
    # In the host's page the form stands alone: the form site's header and footer are hidden.
    assert not browser.find_element(By.CSS_SELECTOR, ".fg-header").is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, ".fg-footer").is_displayed()
    inner = browser.execute_script("return Math.ceil(document.documentElement.getBoundingClientRect().height)")
    browser.switch_to.default_content()
    assert abs(frame_height(browser) - inner) <= 1
    before = frame_height(browser)

    browser.switch_to.frame(frame)
    browser.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: browser.find_element(By.ID, "fg-error-summary").is_displayed(), message="the error summary")
    grown = browser.execute_script("return Math.ceil(document.documentElement.getBoundingClientRect().height)")
    browser.switch_to.default_content()
    wait_for(lambda: frame_height(browser) > before + 50, message="the frame grows with the errors")
    assert abs(frame_height(browser) - grown) <= 1

    browser.switch_to.frame(frame)
    browser.find_element(By.ID, "f-name").send_keys("Ada")
    browser.find_element(By.ID, "f-email").send_keys("ada@example.org")
    browser.find_element(By.ID, "f-message").send_keys("Hello from another site")
    browser.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: "Thanks, we got your message." in browser.find_element(By.TAG_NAME, "body").text, message="sent")
    browser.switch_to.default_content()
    assert sites["handler"].posts[-1]["name"] == "Ada"
    assert sites["handler"].posts[-1]["message"] == "Hello from another site"


def blocked_frame_document(browser, frame):
    """Switches into `frame` once it has left about:blank and returns its address and whether it holds the form."""
    browser.switch_to.frame(frame)
    wait_for(lambda: browser.execute_script("return location.href !== 'about:blank' && document.readyState === 'complete'"),
             message="the frame's document")
    state = browser.execute_script("return [location.href, !!document.getElementById('fg-form')]")
    browser.switch_to.default_content()
    return state


def test_a_page_not_in_origins_cannot_frame_the_form(browser, sites):
    browser.get(sites["stranger"] + "/")
    frame = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "iframe"), message="embed.js inserts the frame")[0]
    # Chromium replaces a frame the form's policy blocks with its error document: no form, and no height ever comes.
    address, has_form = blocked_frame_document(browser, frame)
    assert not has_form
    assert address.startswith("chrome-error://")
    assert abs(frame_height(browser) - 600) < 1


def test_the_other_page_denies_framing_even_to_the_listed_origin(browser, sites):
    browser.get(sites["host"] + "/")
    browser.execute_script("var f = document.createElement('iframe'); f.title = 'other'; f.src = arguments[0];"
                           "document.body.appendChild(f);", sites["form"] + "/other/")
    frame = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "iframe[title=other]"), message="frame")[0]
    address, has_form = blocked_frame_document(browser, frame)
    assert not has_form
    assert address.startswith("chrome-error://")
