#!/usr/bin/env python3
"""Issue #34's reproducers against the formgen binary: the wall time and the outcome of each, and the collect scenarios.

Each reproducer runs the binary as a child (an address-space cap of 4 GiB, killed after 30 s) or posts to a
`formgen collect` / `formgen serve` started on 127.0.0.1, and prints its wall time and its outcome (exit code and
first diagnostic, or the HTTP status). A reproducer fails when it takes over 1 s, when a child dies on a signal,
or when its outcome is wrong (an attribute left by a combining mark, forged file metadata stored, a symlink not
refused with a located error, `formgen validate` disagreeing with the page, …). The reproducers:

  the combining-mark option value (build, and the page's attribute stays closed); a 489-byte YAML alias bomb
  (check); the trap-inducing durations and ports (check: remote.timeout 1e400s, connectTimeout
  99999999999999999999s, source URLs on ports 99999 / -1 / 65536, a redirect to port 99999); a urlencoded and a
  multipart body of 1 MiB repeating one checkbox-group name, posted to collect and to serve's sink; the polynomial
  regexes with 100 characters (validate; a refusal at check with a located error also passes); a 12 KB doc with a
  2,000-column table (build); forged file metadata posted as JSON to collect (must be refused, and not stored);
  field ids constructor/toString (validate must require them, or check must refuse them); a configs/assets/p.txt
  -> /etc/passwd symlink and a doc symlink (build: a located error); a form of 8,000 fields (check); a repeat list
  of 2.7 M items (validate).

Then the collect scenarios, on the example site (`formgen build` of a copy of configs/) and a SQLite db in a temp
folder: the latency of 20 GETs of /healthz while 4 threads post 1 MiB repeated-name bodies (target: max < 100 ms),
and the time from SIGTERM to exit while 3 slow uploads are open (target < 3 s).

usage: bench/hostile.py [--only SUBSTRING]     environment: FORMGEN=path (default .build/debug/formgen)
Exit status 1 when any reproducer failed. Everything listens on and talks to 127.0.0.1 only; temp folders and
children are removed on exit (also on Ctrl-C).
"""

import argparse
import atexit
import http.client
import json
import os
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.abspath(os.environ.get("FORMGEN") or os.path.join(ROOT, ".build/debug/formgen"))
LIMIT = 1.0
CHILD_TIMEOUT = 30.0
AS_BYTES = 4 << 30
LOCATED = re.compile(r"^(?:\S+?):\d+:\d+: (?:error|warning): \S")
DIAGNOSTIC = re.compile(r": (?:error|warning): |^(?:error|warning): |Fatal error|fatal error")

WORK = tempfile.mkdtemp(prefix="formgen-hostile-")
CHILDREN = []
RESULTS = []


def cleanup():
    for proc in CHILDREN:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
    shutil.rmtree(WORK, ignore_errors=True)


atexit.register(cleanup)
signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background

# ---------------------------------------------------------------------------------------------------------------
# Helpers


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": ""})) as f:
        f.write(text)


def site(name, files):
    """A config folder under WORK/name/configs with a site.yaml and the given files."""
    configs = os.path.join(WORK, name, "configs")
    write(os.path.join(configs, "site.yaml"), files.pop("site.yaml", "title: Hostile\nbaseURL: /\nlanguage: en\n"))
    for rel, text in files.items():
        write(os.path.join(configs, rel), text)
    return configs


def run(argv, cwd=None, timeout=CHILD_TIMEOUT, stdin_path=None):
    """Runs the binary; returns dict(code, seconds, out, err, timed_out, rss_mib)."""
    cwd = cwd or WORK
    out_path, err_path = tempfile.mktemp(dir=WORK), tempfile.mktemp(dir=WORK)

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (AS_BYTES, AS_BYTES))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", LANG="C.UTF-8")
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        started = time.monotonic()
        proc = subprocess.Popen([BINARY] + argv, cwd=cwd, env=env, stdin=stdin, stdout=out, stderr=err,
                                preexec_fn=limits, start_new_session=True)
    CHILDREN.append(proc)
    timed_out = False
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - started > timeout:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)
            _, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.005)
    seconds = time.monotonic() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if stdin_path:
        stdin.close()
    with open(out_path, "rb") as f:
        out_text = f.read(4 << 20).decode("utf-8", "replace")
    with open(err_path, "rb") as f:
        err_text = f.read(4 << 20).decode("utf-8", "replace")
    os.remove(out_path)
    os.remove(err_path)
    return {"code": proc.returncode, "seconds": seconds, "out": out_text, "err": err_text, "timed_out": timed_out,
            "rss_mib": usage.ru_maxrss / 1024}


def first_diagnostic(result):
    for line in (result["err"] + "\n" + result["out"]).split("\n"):
        if DIAGNOSTIC.search(line):
            return line.strip()[:160]
    for line in (result["err"] + "\n" + result["out"]).split("\n"):
        if line.strip():
            return line.strip()[:160]
    return ""


def exit_text(result):
    if result["timed_out"]:
        return f"killed after {CHILD_TIMEOUT:g} s"
    if result["code"] < 0:
        return f"signal {signal.Signals(-result['code']).name}"
    return f"exit {result['code']}"


def located_errors(result):
    lines = [l for l in (result["err"] + "\n" + result["out"]).split("\n") if DIAGNOSTIC.search(l)]
    return [l for l in lines if ": error: " in l and LOCATED.match(l)], [l for l in lines if not LOCATED.match(l)]


def record(name, seconds, outcome, ok, why=""):
    """One row; ok=False fails it whatever its time."""
    passed = ok and seconds is not None and seconds <= LIMIT
    if ok and seconds is not None and seconds > LIMIT:
        why = (why + "; " if why else "") + f"over {LIMIT:g} s"
    RESULTS.append((name, seconds, outcome, passed, why))
    shown = "—" if seconds is None else f"{seconds:.2f} s"
    print(f"  {'PASS' if passed else 'FAIL'}  {name}: {shown}, {outcome}{' — ' + why if why else ''}", flush=True)


def cli_row(name, result, extra_ok=True, why=""):
    """A CLI reproducer: no signal, no timeout, diagnostics located, exit 0/1."""
    errors, unlocated = located_errors(result)
    ok = extra_ok and not result["timed_out"] and result["code"] in (0, 1)
    reasons = [why] if why else []
    if result["code"] < 0 or result["timed_out"]:
        reasons.append("crashed or hung")
    elif result["code"] not in (0, 1):
        reasons.append("unexpected exit code")
    if unlocated and result["code"] >= 0:
        ok = False
        reasons.append(f"unlocated: {unlocated[0][:100]}")
    outcome = f"{exit_text(result)}, peak RSS {result['rss_mib']:.0f} MiB" + (
        f", {first_diagnostic(result)}" if first_diagnostic(result) else "")
    record(name, result["seconds"], outcome, ok, "; ".join(r for r in reasons if r))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(port, path, body, content_type, timeout=60.0, headers=None):
    """Returns (status or error text, seconds, response body)."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": content_type, **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        return response.status, time.monotonic() - started, data
    except (OSError, http.client.HTTPException) as error:
        return f"{type(error).__name__}: {error}", time.monotonic() - started, b""
    finally:
        conn.close()


def get(port, path, timeout=5.0):
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    except (OSError, http.client.HTTPException) as error:
        return f"{type(error).__name__}", time.monotonic() - started
    finally:
        conn.close()


# A fixed key for collect's sensitive fields (the example site's KYC forms have a BSN): a bench, not a secret.
BENCH_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="


def start(argv, log_name, cwd=None):
    log = open(os.path.join(WORK, log_name), "wb")
    proc = subprocess.Popen([BINARY] + argv, cwd=cwd or WORK, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True,
                            env=dict(os.environ, SWIFT_BACKTRACE="enable=no", FORMGEN_KEY=BENCH_KEY))
    CHILDREN.append(proc)
    return proc


def stop(proc, sig=signal.SIGINT, wait=10.0):
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=wait)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def wait_healthy(port, proc, seconds=60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        status, _ = get(port, "/healthz", timeout=1.0)
        if status == 200:
            return True
        time.sleep(0.1)
    return False


def log_tail(name, lines=5):
    path = os.path.join(WORK, name)
    if not os.path.exists(path):
        return ""
    with open(path, "rb") as f:
        return " | ".join(f.read().decode("utf-8", "replace").strip().split("\n")[-lines:])[:300]


# ---------------------------------------------------------------------------------------------------------------
# A loopback server for the remote-source reproducers: a valid form, and a redirect to port 99999

FORM_JSON = json.dumps({"title": "Remote", "fields": [{"id": "a", "label": "A", "type": "text"}]})


class Remote(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/redirect"):
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:99999/form.json")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = FORM_JSON.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


# ---------------------------------------------------------------------------------------------------------------
# Bodies

CHECKBOX = "pet_kinds"  # registration.yaml's checkbox group


def urlencoded_body(size=(1 << 20) - 1024):
    item = f"{CHECKBOX}=Dog&".encode()
    return item * (size // len(item))


def multipart_body(size=(1 << 20) - 1024):
    boundary = "fgHostileBoundary"
    part = f'--{boundary}\r\nContent-Disposition: form-data; name="{CHECKBOX}"\r\n\r\nDog\r\n'.encode()
    end = f"--{boundary}--\r\n".encode()
    return part * ((size - len(end)) // len(part)) + end, f"multipart/form-data; boundary={boundary}"


VALID_REGISTRATION = {
    "full_name": "Ann Example", "birth_date": "1990-03-27", "email": "ann@example.org", "contact_method": "email",
    "username": "ann_example", "password": "correct-horse-battery", "password_confirm": "correct-horse-battery",
    "has_pets": "No", "terms": True,
}

# ---------------------------------------------------------------------------------------------------------------
# Reproducers


def r_combining():
    configs = site("combining", {"forms/combining.yaml": (
        'title: Combining\nfields:\n  - id: choice\n    label: Choice\n    type: radio\n    options:\n'
        '      - {value: "v\\"\\u0301 autofocus onfocus=alert(1)//", label: L}\n      - {value: ok, label: OK}\n')})
    out = os.path.join(WORK, "combining", "public")
    result = run(["build", "-c", configs, "-o", out, "-t", os.path.join(WORK, "no-templates"), "--no-excerpt"])
    page = os.path.join(out, "combining", "index.html")
    broken = None
    if os.path.exists(page):
        with open(page, encoding="utf-8", errors="replace") as f:
            html = f.read()
        html = re.sub(r"<script[^>]*>.*?</script>", "", html, flags=re.S)
        broken = bool(re.search('"\u0301 autofocus', html))
    refused = result["code"] == 1 and located_errors(result)[0]
    ok = (broken is False) or bool(refused)
    why = "the option value leaves its attribute (\"+U+0301 unescaped)" if broken else (
        "" if ok else "no page and no located error")
    cli_row("combining-mark option value (build)", result, ok, why)


def r_alias_bomb():
    levels, fan = 9, 9
    parts = ["&a0 [" + ",".join(["lol"] * fan) + "]"] + [
        f"&a{i} [" + ",".join([f"*a{i - 1}"] * fan) + "]" for i in range(1, levels)]
    text = "title: Bomb\nfields:\n  - id: a\n    type: select\n    label: A\n    options: [" + ",".join(parts) + "]\n"
    configs = site("bomb", {"forms/bomb.yaml": text})
    result = run(["check", "-c", configs, "--no-excerpt"])
    cli_row(f"alias bomb, {len(text.encode())} bytes, {fan}^{levels} leaves (check)", result)


def r_traps(port):
    cases = [
        ("remote.timeout: 1e400s", f"  timeout: 1e400s\n  forms:\n    - url: http://127.0.0.1:{port}/form.json\n      id: r\n"),
        ("remote.connectTimeout: 99999999999999999999s",
         f"  connectTimeout: 99999999999999999999s\n  forms:\n    - url: http://127.0.0.1:{port}/form.json\n      id: r\n"),
        ("source URL on port 99999", "  forms:\n    - url: http://127.0.0.1:99999/form.json\n      id: r\n"),
        ("source URL on port -1", "  forms:\n    - url: http://127.0.0.1:-1/form.json\n      id: r\n"),
        ("source URL on port 65536", "  forms:\n    - url: http://127.0.0.1:65536/form.json\n      id: r\n"),
        ("redirect to port 99999", f"  forms:\n    - url: http://127.0.0.1:{port}/redirect/form.json\n      id: r\n"),
    ]
    for i, (name, remote) in enumerate(cases):
        configs = site(f"trap{i}", {"site.yaml": "title: Traps\nbaseURL: /\nremote:\n  images: false\n" + remote})
        result = run(["check", "-c", configs, "--no-excerpt", "--cache-dir", os.path.join(WORK, f"trap{i}", "cache")])
        cli_row(f"{name} (check)", result)


def r_regexes():
    cases = [
        (r"^\d*\d*\d*\d*\d*\d*x$", "1" * 100, None),
        (r"^.*.*.*.*.*.*=$", "a" * 100, None),
        (r"^(\w+)(\w+)(\w+)(\w+)!$", "a" * 100, None),
        (r"^(?:a?){25}a{25}$", "a" * 25, True),  # V8 matches: the server must agree
    ]
    for i, (pattern, value, must_match) in enumerate(cases):
        form = ("title: Regex\nfields:\n  - id: a\n    label: A\n    type: text\n    validation:\n"
                f"      regex: {{value: '{pattern}', message: no match}}\n")
        configs = site(f"regex{i}", {"forms/regex.yaml": form})
        data = os.path.join(WORK, f"regex{i}", "data.json")
        write(data, json.dumps({"a": value}))
        check = run(["check", "-c", configs, "--no-excerpt"])
        if check["code"] == 1 and located_errors(check)[0]:
            cli_row(f"regex {pattern} (refused at check)", check)
            continue
        result = run(["validate", "regex", data, "-c", configs, "--json"])
        verdict = ""
        try:
            verdict = "valid" if json.loads(result["out"]).get("valid") else "invalid"
        except ValueError:
            pass
        ok, why = True, ""
        if must_match and verdict != "valid":
            ok, why = False, f"validate says {verdict or 'nothing'}; V8 matches {len(value)} a's"
        result["out"] = f"validate: {verdict}\n" if verdict else result["out"]
        cli_row(f"regex {pattern} on {len(value)} characters (validate)", result, ok, why)


def r_markdown_table():
    cols = 2000
    header, delim = "|" + "a|" * cols + "\n", "|" + "-|" * cols + "\n"
    doc = "---\ntitle: Table\n---\n" + header + delim
    doc += "|x|\n" * ((12 * 1024 - len(doc.encode())) // 4)
    configs = site("table", {"docs/table.md": doc, "forms/f.yaml": "title: F\nfields:\n  - {id: a, label: A}\n"})
    out = os.path.join(WORK, "table", "public")
    result = run(["build", "-c", configs, "-o", out, "-t", os.path.join(WORK, "no-templates"), "--no-excerpt"])
    page = os.path.join(out, "docs", "table", "index.html")
    size = os.path.getsize(page) if os.path.exists(page) else 0
    result["out"] = f"page {size / 1e6:.1f} MB\n" + result["out"]
    cli_row(f"{len(doc.encode()) / 1024:.0f} KB doc, {cols}-column table (build)", result)


def r_hostile_ids():
    form = ("title: Ids\nfields:\n  - {id: constructor, label: Constructor, type: text, required: true}\n"
            "  - {id: toString, label: To string, type: text, required: true}\n")
    configs = site("ids", {"forms/ids.yaml": form})
    check = run(["check", "-c", configs, "--no-excerpt"])
    if check["code"] == 1 and located_errors(check)[0]:
        cli_row("field ids constructor/toString (refused at check)", check)
        return
    empty = os.path.join(WORK, "ids", "empty.json")
    write(empty, "{}")
    result = run(["validate", "ids", empty, "-c", configs, "--json"])
    try:
        answer = json.loads(result["out"])
        errors = answer.get("errors") or {}
        ok = answer.get("valid") is False and "constructor" in errors and "toString" in errors
        result["out"] = f"validate {{}}: valid={answer.get('valid')}, errors on {sorted(errors)}\n"
    except ValueError:
        ok = False
    cli_row("field ids constructor/toString, empty submission (validate)", result, ok,
            "" if ok else "validate must ask for both fields, as the page must")


def r_symlinks():
    for name, link, target in [("asset symlink configs/assets/p.txt -> /etc/passwd", "assets/p.txt", "/etc/passwd"),
                               ("doc symlink configs/docs/p.md -> /etc/passwd", "docs/p.md", "/etc/passwd")]:
        folder = "link-" + link.split("/")[0]
        configs = site(folder, {"forms/f.yaml": "title: F\nfields:\n  - {id: a, label: A}\n"})
        os.makedirs(os.path.join(configs, os.path.dirname(link)), exist_ok=True)
        os.symlink(target, os.path.join(configs, link))
        out = os.path.join(WORK, folder, "public")
        result = run(["build", "-c", configs, "-o", out, "-t", os.path.join(WORK, "no-templates"), "--no-excerpt"])
        errors, _ = located_errors(result)
        named = [e for e in errors if os.path.basename(link) in e]
        ok = result["code"] == 1 and bool(named)
        cli_row(f"{name} (build)", result, ok, "" if ok else "must be a located error naming the link")


def r_many_fields():
    n = 8000
    form = "title: Many\nfields:\n" + "".join(f"  - {{id: f{i}, label: Field {i}, type: text}}\n" for i in range(n))
    configs = site("many", {"forms/many.yaml": form})
    result = run(["check", "-c", configs, "--no-excerpt"])
    cli_row(f"form of {n:,} fields (check)", result)


def r_repeat_items():
    form = ("title: Pets\nsections:\n  - id: pets\n    title: Pets\n    repeat: {min: 0, max: 5}\n    fields:\n"
            "      - {id: pet_name, label: Name, type: text}\n")
    configs = site("repeat", {"forms/pets.yaml": form})
    n = 2_700_000
    data = os.path.join(WORK, "repeat", "data.json")
    write(data, '{"pets": [' + ",".join(["{}"] * n) + "]}")
    result = run(["validate", "pets", data, "-c", configs, "--json"])
    try:
        answer = json.loads(result["out"])
        ok = answer.get("valid") is False
        result["out"] = f"validate: valid={answer.get('valid')}, errors {list((answer.get('errors') or {}).items())[:1]}\n"
    except ValueError:
        ok = result["code"] == 1 and bool(first_diagnostic(result))
    cli_row(f"repeat list of {n:,} items, {os.path.getsize(data) / 1e6:.1f} MB (validate)", result, ok,
            "" if ok else "must be answered as invalid (max 5 items)")


# ---------------------------------------------------------------------------------------------------------------
# Posts to collect and serve, and the collect scenarios


def example_site():
    configs = os.path.join(WORK, "example", "configs")
    shutil.copytree(os.path.join(ROOT, "configs"), configs, ignore=shutil.ignore_patterns("remote", ".formgen"))
    public = os.path.join(WORK, "example", "public")
    result = run(["build", "-c", configs, "-o", public, "-t", os.path.join(WORK, "no-templates"), "-q"], timeout=120)
    if result["code"] != 0:
        print(f"  could not build the example site: {exit_text(result)} {first_diagnostic(result)}")
        return configs, None
    return configs, public


def start_collect(public, name):
    port = free_port()
    db = os.path.join(WORK, name, "submissions.db")
    os.makedirs(os.path.dirname(db), exist_ok=True)
    proc = start(["collect", "--site", public, "--db", "sqlite:" + db, "--host", "127.0.0.1", "--port", str(port),
                  "--rate", "1000000", "--burst", "1000000", "--max-body", str(16 << 20)], f"{name}.log")
    if not wait_healthy(port, proc):
        print(f"  collect did not start: {log_tail(name + '.log')}")
        stop(proc)
        return None, None, db
    return proc, port, db


def r_posts(public, configs):
    proc, port, db = start_collect(public, "collect-posts")
    if proc is None:
        record("collect posts", None, "collect did not start", False)
        return
    try:
        body = urlencoded_body()
        status, seconds, _ = post(port, "/submit/registration", body, "application/x-www-form-urlencoded")
        record(f"collect: urlencoded {len(body) / 1048576:.2f} MiB, {body.count(b'&'):,} × {CHECKBOX}", seconds,
               f"HTTP {status}", isinstance(status, int))
        body, kind = multipart_body()
        status, seconds, _ = post(port, "/submit/registration", body, kind)
        record(f"collect: multipart {len(body) / 1048576:.2f} MiB, {body.count(b'Content-Disposition'):,} parts", seconds,
               f"HTTP {status}", isinstance(status, int))
        # Forged file metadata as JSON: a control without the photo first (it must be stored), then the forgery.
        control, _, answer = post(port, "/submit/registration", json.dumps(VALID_REGISTRATION).encode(), "application/json",
                                  timeout=10)
        forged = dict(VALID_REGISTRATION, photo={"name": "../../etc/passwd", "size": -1})
        status, seconds, answer = post(port, "/submit/registration", json.dumps(forged).encode(), "application/json",
                                       timeout=10)
        refused = isinstance(status, int) and 400 <= status < 500
        why = "" if refused else "forged file metadata accepted"
        if control != 200:
            why += f"{'; ' if why else ''}control (no photo) answered {control}, so the refusal may be for another reason"
        record("collect: forged file metadata as JSON", seconds,
               f"HTTP {status} {answer[:80].decode('utf-8', 'replace')} (control {control})", refused and control == 200, why)
    finally:
        stop(proc)
    exported = run(["export", "--db", "sqlite:" + db, "--format", "jsonl"], timeout=30)
    rows = []
    for line in exported["out"].split("\n"):
        try:
            rows.append(json.loads(line))
        except ValueError:
            pass
    photos = [json.dumps((r.get("data") or {}).get("photo"))[:80] for r in rows]
    stored = "etc/passwd" in exported["out"]
    record("collect: forged metadata not in the store (export)", exported["seconds"],
           f"{len(rows)} rows, photo of each: {', '.join(photos)}", not stored,
           "the forged file metadata was stored" if stored else "")

    serve_port = free_port()
    serve = start(["serve", "-c", configs, "-o", os.path.join(WORK, "serve-public"), "-t",
                   os.path.join(WORK, "no-templates"), "-p", str(serve_port), "--quiet", "--submissions",
                   os.path.join(WORK, "submissions.jsonl")], "serve.log")
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and serve.poll() is None and "Serving" not in log_tail("serve.log", 50):
            time.sleep(0.1)
        if "Serving" not in log_tail("serve.log", 50):
            record("serve sink posts", None, f"serve did not start: {log_tail('serve.log')}", False)
            return
        body = urlencoded_body()
        status, seconds, _ = post(serve_port, "/__formgen/submit/registration", body, "application/x-www-form-urlencoded")
        record(f"serve sink: urlencoded {len(body) / 1048576:.2f} MiB repeated name", seconds, f"HTTP {status}",
               isinstance(status, int))
        body, kind = multipart_body()
        status, seconds, _ = post(serve_port, "/__formgen/submit/registration", body, kind)
        record(f"serve sink: multipart {len(body) / 1048576:.2f} MiB repeated name", seconds, f"HTTP {status}",
               isinstance(status, int))
    finally:
        stop(serve)


def scenario_latency(public):
    proc, port, _ = start_collect(public, "collect-latency")
    if proc is None:
        record("collect: GET /healthz during 4 hostile posts", None, "collect did not start", False)
        return
    body = urlencoded_body()
    done = threading.Event()
    statuses = []

    def hostile():
        for _ in range(20):  # bounded: at most 20 posts per thread, each at most 60 s
            if done.is_set():
                return
            status, seconds, _ = post(port, "/submit/registration", body, "application/x-www-form-urlencoded", timeout=60)
            statuses.append((status, seconds))

    threads = [threading.Thread(target=hostile, daemon=True) for _ in range(4)]
    try:
        for t in threads:
            t.start()
        time.sleep(0.3)  # let the posts arrive
        latencies, failures = [], []
        for _ in range(20):
            status, seconds = get(port, "/healthz", timeout=5)
            latencies.append(seconds)
            if status != 200:
                failures.append(status)
            time.sleep(0.05)
        done.set()
        for t in threads:
            t.join(timeout=70)
    finally:
        stop(proc)
    p50, worst = statistics.median(latencies), max(latencies)
    post_text = (f"{len(statuses)} posts answered, median {statistics.median([s for _, s in statuses]):.2f} s"
                 if statuses else "no post answered while measuring")
    ok = not failures and worst < 0.1
    RESULTS.append(("collect: 20 GETs /healthz during 4 × 1 MiB repeated-name posts", worst,
                    f"p50 {p50 * 1000:.0f} ms, max {worst * 1000:.0f} ms; {post_text}", ok,
                    "" if ok else f"{len(failures)} GETs failed ({failures[:2]})" if failures else "max over 100 ms"))
    print(f"  {'PASS' if ok else 'FAIL'}  GET /healthz during 4 hostile posts: p50 {p50 * 1000:.0f} ms, max "
          f"{worst * 1000:.0f} ms (target < 100 ms), {len(failures)} failed; {post_text}", flush=True)


def scenario_sigterm(public):
    proc, port, _ = start_collect(public, "collect-sigterm")
    if proc is None:
        record("collect: SIGTERM with 3 slow uploads", None, "collect did not start", False)
        return
    sockets = []
    try:
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            boundary = "slowBoundary"
            head = (f"POST /submit/registration HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: 1000000\r\n\r\n"
                    f'--{boundary}\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nAn').encode()
            s.sendall(head)
            sockets.append(s)
        time.sleep(0.5)
        started = time.monotonic()
        os.kill(proc.pid, signal.SIGTERM)
        exited = None
        while time.monotonic() - started < 30:
            if proc.poll() is not None:
                exited = time.monotonic() - started
                break
            time.sleep(0.01)
    finally:
        for s in sockets:
            s.close()
        stop(proc, signal.SIGKILL)
    ok = exited is not None and exited < 3
    text = f"exited {exited:.2f} s after SIGTERM (exit {proc.returncode})" if exited is not None else \
        "still running 30 s after SIGTERM (killed)"
    RESULTS.append(("collect: SIGTERM → exit with 3 slow uploads open", exited, text, ok, "" if ok else "over 3 s"))
    print(f"  {'PASS' if ok else 'FAIL'}  SIGTERM with 3 slow uploads: {text} (target < 3 s)", flush=True)


# ---------------------------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run only the groups whose name contains this (combining, bomb, traps, regex, "
                                       "table, ids, symlinks, many, repeat, posts, latency, sigterm)")
    args = parser.parse_args()
    global BINARY
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"hostile: no formgen binary at {BINARY} (swift build, or FORMGEN=path)")
    built = time.strftime("%H:%M:%S", time.localtime(os.stat(BINARY).st_mtime))
    print(f"hostile: {BINARY} (built {built}, run from a copy); each reproducer must answer within {LIMIT:g} s", flush=True)
    snapshot = os.path.join(WORK, "formgen")  # others may relink the binary during the run
    shutil.copy2(BINARY, snapshot)
    BINARY = snapshot
    server = ThreadingHTTPServer(("127.0.0.1", 0), Remote)
    server.handle_error = lambda request, address: None  # a client hanging up early is not our failure
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    want = lambda name: not args.only or args.only in name  # noqa: E731
    try:
        groups = [("combining", r_combining), ("bomb", r_alias_bomb), ("traps", lambda: r_traps(port)),
                  ("regex", r_regexes), ("table", r_markdown_table), ("ids", r_hostile_ids),
                  ("symlinks", r_symlinks), ("many", r_many_fields), ("repeat", r_repeat_items)]
        for name, fn in groups:
            if want(name):
                fn()
        if any(want(n) for n in ("posts", "latency", "sigterm")):
            configs, public = example_site()
            if public:
                if want("posts"):
                    r_posts(public, configs)
                if want("latency"):
                    scenario_latency(public)
                if want("sigterm"):
                    scenario_sigterm(public)
    except KeyboardInterrupt:
        print("\nhostile: interrupted")
        sys.exit(130)
    finally:
        server.shutdown()
    print()
    print("| reproducer | wall | outcome | verdict |")
    print("| --- | ---: | --- | --- |")
    for name, seconds, outcome, passed, why in RESULTS:
        shown = "—" if seconds is None else f"{seconds:.2f} s"
        outcome = outcome.replace("|", "/").replace("\n", " ")
        print(f"| {name} | {shown} | {outcome[:160]} | {'pass' if passed else 'FAIL'}{': ' + why if why else ''} |")
    failed = sum(1 for r in RESULTS if not r[3])
    print(f"\n{len(RESULTS) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
