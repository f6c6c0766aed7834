"""Every `formgen init` starter builds and its pages pass axe, empty and with errors showing."""
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY
from test_accessibility import page_paths, run_axe

STARTERS = sorted(path.name for path in (REPOSITORY / "templates" / "starters").iterdir() if path.is_dir())


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def starter_sites(tmp_path_factory):
    binary = REPOSITORY / ".build/debug/formgen"
    sites = {}
    for starter in STARTERS:
        work = tmp_path_factory.mktemp("starter-" + starter)
        subprocess.run([str(binary), "init", str(work / "site"), "--template", starter], check=True, capture_output=True)
        build = subprocess.run([str(binary), "build", "--strict", "--templates", str(REPOSITORY / "templates")],
                               cwd=work / "site", capture_output=True, text=True)
        assert build.returncode == 0, build.stdout + build.stderr
        sites[starter] = work / "site" / "public"
    return sites


def test_there_are_four_starters():
    assert STARTERS == ["blank", "contact", "kyc", "survey"]


@pytest.mark.parametrize("starter", STARTERS)
def test_every_page_of_the_starter_passes_axe(starter, starter_sites, browser, axe_source):
    site = starter_sites[starter]
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    browser.set_script_timeout(30)
    found = {}
    try:
        for path in page_paths(site):
            browser.get(f"{base}/{path}")
            violations = run_axe(browser, axe_source)
            submits = browser.find_elements(By.CSS_SELECTOR, "[data-fg-submit]")
            if submits and submits[0].is_displayed():
                submits[0].click()
                violations += run_axe(browser, axe_source)
            if violations:
                found[path or "/"] = violations
    finally:
        server.shutdown()
        server.server_close()
    assert found == {}
