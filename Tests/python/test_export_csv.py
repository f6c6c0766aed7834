"""`formgen export --format csv` is RFC 4180: values a browser posts with CR+LF line breaks (every multipart or no-JS
post), commas, quotes, and quotes followed by a combining mark come back unchanged through Python's `csv` module,
one row per submission. The submissions go through a real `formgen collect` on loopback into SQLite."""
import csv
import io
import pathlib
import re
import subprocess
import time
import urllib.parse
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "formgen"

FORM = """id: contact
title: Contact us
fields:
  - {id: name, label: Your name, type: text, required: true}
  - {id: address, label: Address, type: textarea}
"""

VALUES = [
    "a\r\nb",
    "x,y",
    'q"uote',
    "é\u0301\"",
    "\"\u0301, then\r\nmore",
    "line\nfeed and\rreturn",
    "plain",
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    work = tmp_path_factory.mktemp("export")
    (work / "configs" / "forms").mkdir(parents=True)
    (work / "configs" / "site.yaml").write_text("title: Test site\nbaseURL: /\nlanguage: en\n")
    (work / "configs" / "forms" / "contact.yaml").write_text(FORM)
    built = subprocess.run([str(BINARY), "build", "--config", "configs", "--templates", str(ROOT / "templates"),
                            "--out", "public"], cwd=work, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    collect = subprocess.Popen([str(BINARY), "collect", "--site", "public", "--port", "0", "--db", "sqlite:data/submissions.db"],
                               cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = None
        deadline = time.time() + 60
        while port is None and time.time() < deadline:
            line = collect.stdout.readline()
            found = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
            assert collect.poll() is None or found, "collect ended before it listened"
        assert port, "collect never said where it listens"
        for value in VALUES:
            body = urllib.parse.urlencode({"name": "Ann", "address": value}).encode()
            request = urllib.request.Request(f"http://127.0.0.1:{port}/submit/contact", data=body,
                                             headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert answer.status < 400
    finally:
        collect.terminate()
        collect.wait(timeout=10)
    export = subprocess.run([str(BINARY), "export", "--db", "sqlite:data/submissions.db", "--format", "csv", "--form", "contact",
                             "--site", "public"], cwd=work, capture_output=True)
    assert export.returncode == 0, export.stderr
    return export.stdout.decode("utf-8")


def test_every_row_ends_with_crlf(exported):
    assert exported.endswith("\r\n")
    assert exported.startswith("id,received_at,name,address\r\n")


def test_values_with_line_breaks_commas_and_quotes_round_trip(exported):
    rows = list(csv.reader(io.StringIO(exported, newline=""), strict=True))
    assert rows[0] == ["id", "received_at", "name", "address"]
    assert len(rows) == 1 + len(VALUES)
    assert [row[3] for row in rows[1:]] == VALUES
    assert all(len(row) == 4 for row in rows)
