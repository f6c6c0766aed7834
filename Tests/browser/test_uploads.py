"""File uploads and a repeating section through `formgen serve`'s sink in Chromium: a wrong type refused on the page
(axe with the error shown), pets added and removed and a photo chosen with send_keys, the sink keeping the file by its
SHA-256 and the list exactly as sent; and the same form without JavaScript posting multipart/form-data."""
import hashlib
import json
import shutil
import struct
import zlib

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, chrome
from helpers import click, error_of, set_value, visible_text, wait_for
from test_accessibility import run_axe
from test_serve_preview import Served

UPLOAD_FORM = """
id: upload-check
title: Upload check
lang: en
fields:
  - {id: owner, label: Your name, type: text, required: true}
  - id: photo
    label: A photo of your pets
    type: file
    required: true
    accept: [image/png, image/jpeg]
    maxSize: 1MB
sections:
  - id: pets
    title: Your pets
    repeat: {min: 1, max: 3, itemLabel: "Pet {n}", addLabel: Add another pet}
    fields:
      - {id: pet_name, label: Name, type: text, required: true}
"""


def png_bytes():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\xff\x80\x00" * 4 for _ in range(4))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


@pytest.fixture(scope="module")
def upload_site(tmp_path_factory):
    work = tmp_path_factory.mktemp("uploads")
    (work / "configs" / "forms").mkdir(parents=True)
    shutil.copy(REPOSITORY / "configs" / "site.yaml", work / "configs" / "site.yaml")
    (work / "configs" / "forms" / "upload-check.yaml").write_text(UPLOAD_FORM)
    server = Served(work)
    files = tmp_path_factory.mktemp("files")
    (files / "rex.png").write_bytes(png_bytes())
    (files / "notes.txt").write_text("not a picture")
    server.files = files
    yield server
    assert server.stop() == 0


def last_record(site):
    path = site.work / ".formgen" / "submissions.jsonl"
    wait_for(path.exists, message="the submissions file")
    return json.loads(path.read_text().splitlines()[-1])


def test_pets_and_a_photo_reach_the_sink_as_sent_and_a_wrong_type_is_refused_on_the_page(upload_site, axe_source):
    driver = chrome()
    try:
        driver.get(upload_site.url + "upload-check/")
        driver.execute_script("localStorage.clear()")
        set_value(driver, "f-owner", "Sam")
        driver.find_element(By.ID, "f-photo").send_keys(str(upload_site.files / "notes.txt"))
        set_value(driver, "f-pets[0].pet_name", "Rex")
        click(driver, "[data-fg-add]")
        set_value(driver, "f-pets[1].pet_name", "Tom")
        click(driver, "[data-fg-add]")
        set_value(driver, "f-pets[2].pet_name", "Bun")
        driver.find_elements(By.CSS_SELECTOR, "[data-fg-remove]")[0].click()
        click(driver, "[data-fg-submit]")
        assert error_of(driver, "photo") == "The selected file must be a PNG or JPEG"
        assert run_axe(driver, axe_source) == []
        assert not (upload_site.work / ".formgen" / "uploads").exists()
        driver.find_element(By.ID, "f-photo").send_keys(str(upload_site.files / "rex.png"))
        click(driver, "[data-fg-submit]")
        wait_for(lambda: driver.find_element(By.ID, "fg-form").get_attribute("hidden") is not None, timeout=10, message="the form sent")
        record = last_record(upload_site)
        data = png_bytes()
        digest = hashlib.sha256(data).hexdigest()
        assert record["data"] == {"owner": "Sam", "pets": [{"pet_name": "Tom"}, {"pet_name": "Bun"}],
                                  "photo": {"name": "rex.png", "size": len(data), "type": "image/png", "sha256": digest}}
        assert (upload_site.work / ".formgen" / "uploads" / digest).read_bytes() == data
    finally:
        driver.quit()


def test_without_javascript_the_form_posts_multipart_to_the_sink(upload_site):
    driver = chrome(javascript=False)
    try:
        driver.get(upload_site.url + "upload-check/")
        assert driver.find_element(By.ID, "fg-form").get_attribute("enctype") == "multipart/form-data"
        driver.find_element(By.ID, "f-owner").send_keys("Kim")
        driver.find_element(By.ID, "f-pets[0].pet_name").send_keys("Max")
        driver.find_element(By.ID, "f-photo").send_keys(str(upload_site.files / "rex.png"))
        driver.find_element(By.CSS_SELECTOR, "[data-fg-submit]").click()
        wait_for(lambda: "Submission received" in visible_text(driver), timeout=10, message="the sink's page")
        record = last_record(upload_site)
        assert record["data"]["owner"] == "Kim" and record["data"]["pets"] == [{"pet_name": "Max"}]
        assert record["data"]["photo"]["name"] == "rex.png" and record["data"]["photo"]["type"] == "image/png"
    finally:
        driver.quit()
