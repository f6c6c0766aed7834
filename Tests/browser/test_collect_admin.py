"""formgen collect's admin view (issue #39) in Chromium: without a session every page is the sign-in page; signed in,
the KYC submissions are listed with their BSNs (stored encrypted), a CSV is downloaded, one submission is deleted;
a delete without the CSRF token is refused; ten wrong passwords in a row slow sign-in down; axe finds nothing on
any admin page; a sensitive upload, kept sealed on disk, downloads from its submission's page as it was sent. collect
runs with --admin-plain-http (no TLS on loopback) and a key file."""
import json
import os
import pathlib
import re
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, chrome
from helpers import wait_for
from test_accessibility import run_axe

BINARY = REPOSITORY / ".build/debug/formgen"
KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
PASSWORD = "correct horse battery"
KYC = """
id: kyc
title: Know your customer
fields:
  - {id: name, label: Full name, required: true}
  - {id: bsn, label: BSN, required: true}
"""
CLAIM = """
id: claim
title: Claim
fields:
  - {id: name, label: Name, required: true}
  - {id: scan, label: Passport scan, type: file, required: true, accept: [application/pdf]}
"""
SCAN = b"%PDF-1.7\n% PASSPORT-SCAN-XR1234567\n%%EOF\n"


class Collect:
    """A `formgen collect --users` over a small built site in `work`, with a user `ann` (every form)."""

    def __init__(self, work, forms=None):
        self.work = pathlib.Path(work)
        (self.work / "configs/forms").mkdir(parents=True)
        (self.work / "configs/site.yaml").write_text("title: Admin test\nbaseURL: /\nlanguage: en\n")
        for name, text in (forms or {"kyc.yaml": KYC}).items():
            (self.work / "configs/forms" / name).write_text(text)
        subprocess.run([str(BINARY), "build", "--config", "configs", "--out", "public"], cwd=self.work, check=True, capture_output=True)
        (self.work / "key").write_text(KEY + "\n")
        added = subprocess.run([str(BINARY), "users", "add", "ann", "--users", "admins.yaml", "--cost", "4"], cwd=self.work,
                               input=PASSWORD + "\n", capture_output=True, text=True)
        assert added.returncode == 0, added.stderr
        self.log = open(self.work / "collect.log", "wb")
        self.process = subprocess.Popen(
            [str(BINARY), "collect", "--site", "public", "--db", "sqlite:data/submissions.db", "--port", "0", "--key-file", "key",
             "--users", "admins.yaml", "--admin-plain-http", "--audit-log", "audit.log"],
            cwd=self.work, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.url = None
        deadline = time.time() + 60
        while time.time() < deadline and self.url is None:
            match = re.search(r"Collecting \d+ form\(s\) at (http://127\.0\.0\.1:\d+/)", (self.work / "collect.log").read_text())
            if match:
                self.url = match.group(1).rstrip("/")
            elif self.process.poll() is not None:
                break
            else:
                time.sleep(0.05)
        assert self.url, (self.work / "collect.log").read_text()

    def post(self, data):
        request = urllib.request.Request(self.url + "/submit/kyc", data=json.dumps(data).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


@pytest.fixture(scope="module")
def collect(tmp_path_factory):
    server = Collect(tmp_path_factory.mktemp("admin"))
    server.post({"name": "Ann Smit", "bsn": "111222333"})
    server.post({"name": "Bob de Vries", "bsn": "999888777"})
    yield server
    server.stop()


@pytest.fixture()
def driver(tmp_path):
    browser = chrome()
    browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    browser.downloads = tmp_path
    yield browser
    browser.quit()


def sign_in(driver, url, password=PASSWORD, user="ann"):
    driver.get(url + "/admin/login")
    driver.find_element(By.ID, "admin-user").clear()
    driver.find_element(By.ID, "admin-user").send_keys(user)
    driver.find_element(By.ID, "admin-password").send_keys(password)
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "main button[type=submit]").click()
    wait_for(lambda: stale(page), message="the page after signing in")


def stale(element):
    """Whether the page holding `element` has been replaced."""
    try:
        element.tag_name
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException:
        return False  # asked mid-navigation ("Node with given id does not belong to the document"): ask again


def test_without_a_session_every_page_is_the_sign_in_page(collect, driver, axe_source):
    for path in ["/admin/", "/admin/form?form=kyc", "/admin/submission?form=kyc&id=1"]:
        driver.get(collect.url + path)
        assert driver.current_url == collect.url + "/admin/login"
        assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in"
    assert run_axe(driver, axe_source) == []
    assert "111222333" not in driver.page_source
    # The database file holds no clear BSN.
    assert b"111222333" not in (collect.work / "data/submissions.db").read_bytes()


def test_sign_in_see_the_kyc_submissions_download_csv_and_delete_one(collect, driver, axe_source):
    sign_in(driver, collect.url)
    wait_for(lambda: driver.current_url == collect.url + "/admin/", message="the forms page")
    assert run_axe(driver, axe_source) == []
    row = driver.find_element(By.XPATH, "//tr[th/a[text()='Know your customer']]")
    assert row.find_elements(By.TAG_NAME, "td")[0].text == "2"
    row.find_element(By.TAG_NAME, "a").click()
    wait_for(lambda: "/admin/form?form=kyc" in driver.current_url, message="the form's table")
    assert run_axe(driver, axe_source) == []
    cells = [[cell.text for cell in tr.find_elements(By.CSS_SELECTOR, "th, td")] for tr in driver.find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert [cells[0][0], cells[0][2:], cells[1][0], cells[1][2:]] == ["2", ["Bob de Vries", "999888777"], "1", ["Ann Smit", "111222333"]]

    driver.find_element(By.CSS_SELECTOR, "form[action='/admin/export'] button").click()
    wait_for(lambda: (driver.downloads / "kyc.csv").exists() and (driver.downloads / "kyc.csv").stat().st_size > 0,
             timeout=10, message="the CSV download")
    csv = (driver.downloads / "kyc.csv").read_bytes().decode()
    assert csv.startswith("id,received_at,name,bsn\r\n")
    assert ",Ann Smit,111222333\r\n" in csv and ",Bob de Vries,999888777\r\n" in csv

    driver.find_element(By.LINK_TEXT, "1").click()
    wait_for(lambda: "/admin/submission" in driver.current_url, message="the submission page")
    assert run_axe(driver, axe_source) == []
    assert "111222333" in driver.find_element(By.TAG_NAME, "dl").text
    driver.find_element(By.XPATH, "//button[text()='Delete submission 1']").click()
    wait_for(lambda: "deleted=1" in driver.current_url, message="back on the table")
    assert "Submission 1 was deleted." in driver.find_element(By.CSS_SELECTOR, "[role=status]").text
    assert [tr.find_element(By.TAG_NAME, "th").text for tr in driver.find_elements(By.CSS_SELECTOR, "tbody tr")] == ["2"]
    audit = (collect.work / "audit.log").read_text()
    assert '"action":"delete"' in audit and '"action":"export-csv"' in audit and '"user":"ann"' in audit


def test_a_delete_without_the_csrf_token_is_refused(collect, driver):
    sign_in(driver, collect.url)
    wait_for(lambda: driver.current_url == collect.url + "/admin/", message="the forms page")
    cookie = driver.get_cookie("fg_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    request = urllib.request.Request(collect.url + "/admin/delete", data=b"form=kyc&id=2", method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": "fg_session=" + cookie["value"]})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
    driver.get(collect.url + "/admin/submission?form=kyc&id=2")
    assert "999888777" in driver.find_element(By.TAG_NAME, "dl").text


def test_ten_wrong_passwords_in_a_row_slow_sign_in_down(tmp_path, driver):
    server = Collect(tmp_path / "throttle")
    try:
        for _ in range(10):
            sign_in(driver, server.url, password="wrong password!")
            assert "The user name or password is wrong." in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text
        # Even the right password waits now (5 s after the tenth wrong one; AdminTests checks the waits with a clock).
        sign_in(driver, server.url)
        assert "Too many wrong passwords. Wait 5 second(s)" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text \
            or "Too many wrong passwords. Wait 4 second(s)" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text
        assert driver.current_url == server.url + "/admin/login"
        assert driver.get_cookie("fg_session") is None
    finally:
        server.stop()


def test_a_sealed_upload_downloads_from_its_submission_page_as_it_was_sent(tmp_path, driver, axe_source):
    server = Collect(tmp_path / "files", forms={"claim.yaml": CLAIM})
    try:
        boundary = "formgenBrowserBoundary"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAnn\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"scan\"; filename=\"scan-ann.pdf\"\r\n"
                "Content-Type: application/pdf\r\n\r\n").encode() + SCAN + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(server.url + "/submit/claim", data=body, method="POST",
                                         headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert json.loads(response.read())["ok"] is True
        kept = [path for path in (server.work / "data/uploads").iterdir() if not path.name.startswith(".")]  # not .formgen-leases/
        assert [path.suffix for path in kept] == [".sealed"]
        assert b"PASSPORT-SCAN" not in kept[0].read_bytes()

        sign_in(driver, server.url)
        wait_for(lambda: driver.current_url == server.url + "/admin/", message="the forms page")
        driver.get(server.url + "/admin/submission?form=claim&id=1")
        assert run_axe(driver, axe_source) == []
        driver.find_element(By.LINK_TEXT, "scan-ann.pdf").click()
        download = driver.downloads / "scan-ann.pdf"
        wait_for(lambda: download.exists() and download.stat().st_size == len(SCAN), timeout=10, message="the file's download")
        assert download.read_bytes() == SCAN
        assert '"action":"download-file"' in (server.work / "audit.log").read_text()
    finally:
        server.stop()
