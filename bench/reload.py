#!/usr/bin/env python3
"""Edit latency of `formgen serve` and `hugo server` on the same synthetic site of N forms (default 1,000).

For each of SAVES edits (default 20; each to a different form's file, written in place like an editor's save):
  save → reload event   the time until the server's live-reload channel announces a reload
                        (formgen: `event: reload` on /__formgen/events; hugo: the livereload websocket's
                        `"command":"reload"` message);
  save → served         the time until a GET of the edited form's page returns the edit (polled every 5 ms).
formgen's edits cycle through four kinds of config save, so the figure is not one kind's: a label changed, a field
added, a validation message changed, a rule's value changed. Hugo's edits change a label in the page's front matter
(its equivalent of the form's config). Prints median and p95 of each, writes bench/results/reload.md.

Every server listens on 127.0.0.1 only and is stopped at the end.

usage: bench/reload.py        environment: FORMGEN=.build/release/formgen FORMS=1000 SAVES=20
"""
import base64
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from servers import free_port, get, stop, wait_for_port, write_report

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMGEN = os.environ.get("FORMGEN", os.path.join(ROOT, ".build/release/formgen"))
FORMS = int(os.environ.get("FORMS", "1000"))
SAVES = int(os.environ.get("SAVES", "20"))
WORK = os.path.join(ROOT, "bench/work")


def served_after(port, path, marker, start, seconds=60):
    """Polls `path` until its body holds `marker`: the time since `start` in ms."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            status, body = get(port, path)
            if status == 200 and marker.encode() in body:
                return (time.perf_counter() - start) * 1000
        except OSError:
            pass
        time.sleep(0.005)
    raise RuntimeError(f"{path} never showed {marker!r}")


class Events(threading.Thread):
    """Reads a live-reload channel in the background and timestamps each reload it announces."""

    def __init__(self, connection, is_reload):
        super().__init__(daemon=True)
        self.connection = connection
        self.is_reload = is_reload
        self.reloads = []
        self.lock = threading.Lock()
        self.start()

    def after(self, start, seconds=60):
        """The first reload after `start`, in ms since it."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            with self.lock:
                later = [t for t in self.reloads if t >= start]
            if later:
                return (later[0] - start) * 1000
            time.sleep(0.001)
        raise RuntimeError("no reload announced")


class FormgenEvents(Events):
    def __init__(self, port):
        connection = socket.create_connection(("127.0.0.1", port), timeout=None)
        connection.sendall(b"GET /__formgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        super().__init__(connection, None)

    def run(self):
        buffer = b""
        while chunk := self.connection.recv(65536):
            now = time.perf_counter()
            buffer += chunk
            while b"\n\n" in buffer:
                event, _, buffer = buffer.partition(b"\n\n")
                if b"event: reload" in event:
                    with self.lock:
                        self.reloads.append(now)


class HugoEvents(Events):
    """Hugo's livereload websocket (the LiveReload protocol): hello, then `reload` commands."""

    def __init__(self, port):
        connection = socket.create_connection(("127.0.0.1", port), timeout=None)
        key = base64.b64encode(os.urandom(16)).decode()
        connection.sendall((f"GET /livereload HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += connection.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"hugo's livereload refused the websocket: {head[:80]!r}")
        hello = json.dumps({"command": "hello", "protocols": ["http://livereload.com/protocols/official-7"]}).encode()
        mask = os.urandom(4)
        connection.sendall(bytes([0x81, 0x80 | len(hello)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
        super().__init__(connection, None)

    def read(self, count):
        data = b""
        while len(data) < count:
            chunk = self.connection.recv(count - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def run(self):
        try:
            while True:
                first, second = self.read(2)
                length = second & 0x7F
                if length == 126:
                    length = int.from_bytes(self.read(2), "big")
                elif length == 127:
                    length = int.from_bytes(self.read(8), "big")
                payload = self.read(length)
                now = time.perf_counter()
                if first & 0x0F == 1 and b'"reload"' in payload:
                    with self.lock:
                        self.reloads.append(now)
        except (EOFError, OSError):
            return


def formgen_edit(text, kind, token):
    """One config save of `kind` that puts `token` into the built page; the text must change."""
    if kind == "label":
        edited = text.replace('label: "Question 1 of form', f'label: "Question 1 {token} of form', 1)
    elif kind == "field added":
        edited = text.replace("rules:\n", f"  - id: added_{token}\n    label: Added {token}\n    type: text\nrules:\n", 1)
    elif kind == "message":
        edited = text.replace('message: "', f'message: "{token} ', 1)
    else:
        edited = text.replace("value: 'Yes'", f"value: 'Yes {token}'", 1)
    if edited == text:
        raise RuntimeError(f"the {kind} edit did not apply: the generated site changed shape")
    return edited


def timed_save(path, edit, port, page, token, events, figures):
    """Saves `edit` of the file and records save → reload event and save → served page; the event's ms."""
    with open(path) as f:
        edited = edit(f.read())
    start = time.perf_counter()
    with open(path, "w") as f:
        f.write(edited)
    figures["served"].append(served_after(port, page, token, start))
    figures["event"].append(events.after(start))
    time.sleep(0.3)
    return figures["event"][-1]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main():
    if not shutil.which("hugo"):
        sys.exit("hugo is missing: run bench/reload.sh, which installs it")
    folder = os.path.join(WORK, f"site-{FORMS}")
    if not os.path.isdir(folder):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate_site.py"), str(FORMS), folder], check=True)
    scratch = tempfile.mkdtemp(prefix="formgen-reload-bench-")
    processes = []
    kinds = ["label", "field added", "message", "rule value"]
    results = {"formgen serve": {"event": [], "served": []}, "hugo server": {"event": [], "served": []}}
    by_kind = {kind: [] for kind in kinds}
    try:
        configs = os.path.join(scratch, "configs")
        shutil.copytree(os.path.join(folder, "formgen", "configs"), configs)
        hugo_site = os.path.join(scratch, "hugo")
        shutil.copytree(os.path.join(folder, "hugo"), hugo_site)

        formgen_port = free_port()
        log = open(os.path.join(scratch, "serve.log"), "w")
        processes.append(subprocess.Popen([FORMGEN, "serve", "--config", configs, "--out", os.path.join(scratch, "public"),
                                           "--templates", os.path.join(ROOT, "templates"), "--port", str(formgen_port)],
                                          stdout=log, stderr=subprocess.STDOUT))
        wait_for_port(formgen_port, seconds=600)
        while get(formgen_port, "/form-00001/")[0] != 200:
            time.sleep(0.2)
        hugo_port = free_port()
        processes.append(subprocess.Popen(["hugo", "server", "--source", hugo_site, "--bind", "127.0.0.1", "--port", str(hugo_port),
                                           "--destination", os.path.join(scratch, "hugo-public"), "--quiet"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for_port(hugo_port)
        while get(hugo_port, "/forms/form-00001/")[0] != 200:
            time.sleep(0.2)

        formgen_events = FormgenEvents(formgen_port)
        hugo_events = HugoEvents(hugo_port)
        time.sleep(1)
        for number in range(1, SAVES + 1):
            form = number + 1
            token = f"edit{number:03d}z"
            kind = kinds[(number - 1) % len(kinds)]
            path = os.path.join(configs, "forms", f"form-{form:05d}.yaml")
            event = timed_save(path, lambda text: formgen_edit(text, kind, token), formgen_port, f"/form-{form:05d}/", token,
                               formgen_events, results["formgen serve"])
            by_kind[kind].append(event)
            path = os.path.join(hugo_site, "content", "forms", f"form-{form:05d}.md")
            timed_save(path, lambda text: text.replace(f"Question 1 of form {form}", f"Question 1 {token} of form {form}", 1),
                       hugo_port, f"/forms/form-{form:05d}/", token, hugo_events, results["hugo server"])
    finally:
        stop(processes, scratch)

    lines = [
        f"# Edit latency, {FORMS} forms ({os.cpu_count()} cores, {SAVES} saves each, each to a different form)",
        "",
        "| server | save → reload event: median | p95 | save → served page: median | p95 |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, figures in results.items():
        lines.append(f"| {name} | {statistics.median(figures['event']):.0f} ms | {percentile(figures['event'], 0.95):.0f} ms | "
                     f"{statistics.median(figures['served']):.0f} ms | {percentile(figures['served'], 0.95):.0f} ms |")
    lines += ["", "formgen's save → reload event by kind of edit (median): " +
              ", ".join(f"{kind} {statistics.median(values):.0f} ms" for kind, values in by_kind.items() if values) + "."]
    report = "\n".join(lines) + "\n"
    write_report(report, "reload.md", ROOT)


if __name__ == "__main__":
    main()
