"""A branded site (#40 part 2) in a real browser: the brand's colour, font and radius reach the page through the
theme's custom properties, the logo shows, and axe-core finds nothing on its pages, empty and with errors showing."""
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY
from helpers import wait_for
from test_accessibility import run_axe

SITE = """title: Branded forms
brand:
  colour: "#1d4f91"
  font: serif
  radius: 4
  logo: assets/logo.svg
accessibility:
  contact: "[a11y@example.org](mailto:a11y@example.org)"
  lastReviewed: 2026-11-20
"""
LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><circle cx="16" cy="16" r="14" fill="#fff"/></svg>'
FORM = """
id: apply
title: Apply
lang: en
fields:
  - {id: name, label: Your name, type: text, required: true}
  - {id: email, label: Email address, type: email, required: true}
  - {id: agree, label: I agree to the terms, type: checkbox, required: true}
"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def branded(tmp_path_factory):
    work = tmp_path_factory.mktemp("brand")
    configs = work / "configs"
    (configs / "forms").mkdir(parents=True)
    (configs / "assets").mkdir()
    (configs / "site.yaml").write_text(SITE)
    (configs / "assets" / "logo.svg").write_text(LOGO)
    (configs / "forms" / "apply.yaml").write_text(FORM)
    out = work / "public"
    subprocess.run([str(REPOSITORY / ".build/debug/formgen"), "build", "-c", str(configs), "-o", str(out)],
                   cwd=REPOSITORY, check=True, capture_output=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def style(browser, selector, prop):
    return browser.execute_script("return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]", selector, prop)


def test_the_brand_reaches_the_page(browser, branded):
    browser.get(branded + "/apply/")
    assert style(browser, ".fg-header", "backgroundColor") == "rgb(29, 79, 145)"
    assert style(browser, "[data-fg-submit]", "backgroundColor") == "rgb(29, 79, 145)"
    assert style(browser, "[data-fg-submit]", "color") == "rgb(255, 255, 255)"
    assert style(browser, "[data-fg-submit]", "borderTopLeftRadius") == "4px"
    assert style(browser, ".fg-input", "borderTopLeftRadius") == "4px"
    assert style(browser, "body", "fontFamily").startswith("Georgia")
    logo = browser.find_element(By.CSS_SELECTOR, ".fg-home img.fg-logo")
    wait_for(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", logo), message="logo")
    assert logo.get_attribute("alt") == ""


@pytest.mark.parametrize("path", ["", "apply/", "accessibility/", "apply/reference/"])
def test_branded_pages_have_no_axe_violations(browser, branded, axe_source, path):
    browser.get(branded + "/" + path)
    assert run_axe(browser, axe_source) == []


def test_branded_form_with_errors_has_no_axe_violations(browser, branded, axe_source):
    browser.get(branded + "/apply/")
    browser.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
    wait_for(lambda: browser.find_element(By.ID, "fg-error-summary").is_displayed(), message="the error summary")
    assert run_axe(browser, axe_source) == []
