#!/usr/bin/env python3
"""`formgen serve` on a synthetic site of N forms (default 1,000; generate_site.py makes it):

1. Requests per second for one form page, measured with wrk, against `formgen serve`, nginx
   (started here on a loopback port with a temporary config, serving the same output folder)
   and `hugo server` (serving the same built page as a static file). Target: at least hugo's.
2. The time from saving a form config to the reload event on the live-reload stream, SAVES
   times (each save changes one field label of a different form). Target: under 150 ms.
   One title change (which takes a full build, so the home page follows) is timed for reference.

Every server listens on 127.0.0.1 only and is stopped at the end. Prints a Markdown report and
writes it to bench/results/serve.md.

usage: bench/serve.py        environment: FORMGEN=.build/release/formgen FORMS=1000 SAVES=20
                             DURATION=10 (s per wrk run) CONNECTIONS=32 ROUNDS=3
"""
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from servers import free_port, get, stop, wait_for_port, write_report

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMGEN = os.environ.get("FORMGEN", os.path.join(ROOT, ".build/release/formgen"))
FORMS = int(os.environ.get("FORMS", "1000"))
SAVES = int(os.environ.get("SAVES", "20"))
DURATION = int(os.environ.get("DURATION", "10"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "32"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
WORK = os.path.join(ROOT, "bench/work")


def wrk(port, path):
    output = subprocess.run(["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{DURATION}s", f"http://127.0.0.1:{port}{path}"],
                            check=True, capture_output=True, text=True).stdout
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def synthetic_site():
    folder = os.path.join(WORK, f"site-{FORMS}")
    if not os.path.isdir(folder):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate_site.py"), str(FORMS), folder], check=True)
    return folder


class EventStream:
    """The live-reload stream of a running `formgen serve`, read as it arrives."""

    def __init__(self, port):
        self.connection = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.connection.sendall(b"GET /__formgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.received = b""
        self.wait_for(b"event: hello", 0)

    def wait_for(self, text, start):
        deadline = time.time() + 60
        while text not in self.received[start:]:
            if time.time() > deadline:
                raise RuntimeError(f"no {text!r} on the event stream")
            self.received += self.connection.recv(65536)
        return time.perf_counter()


def main():
    for tool in ("wrk", "nginx", "hugo"):
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            sys.exit(f"{tool} is missing: run bench/serve.sh, which installs it")
    site = synthetic_site()
    scratch = tempfile.mkdtemp(prefix="formgen-serve-bench-")
    os.chmod(scratch, 0o755)  # nginx's workers run as another user when started by root
    processes = []
    try:
        configs = os.path.join(scratch, "configs")
        shutil.copytree(os.path.join(site, "formgen", "configs"), configs)
        output = os.path.join(scratch, "public")

        # formgen serve (its first build writes the output the other servers serve too)
        formgen_port = free_port()
        log = open(os.path.join(scratch, "serve.log"), "w")
        serve = subprocess.Popen([FORMGEN, "serve", "--config", configs, "--out", output, "--templates", os.path.join(ROOT, "templates"),
                                  "--port", str(formgen_port)], stdout=log, stderr=subprocess.STDOUT)
        processes.append(serve)
        wait_for_port(formgen_port, seconds=600)
        page_path = "/form-00001/"
        built_page = os.path.join(output, "form-00001", "index.html")

        # nginx on the same output folder
        nginx_port = free_port()
        nginx_conf = os.path.join(scratch, "nginx.conf")
        with open(nginx_conf, "w") as conf:
            conf.write(f"""daemon off;
worker_processes auto;
pid {scratch}/nginx.pid;
error_log {scratch}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
  include /etc/nginx/mime.types;
  access_log {scratch}/nginx-access.log;
  client_body_temp_path {scratch}/nginx-body;
  proxy_temp_path {scratch}/nginx-proxy;
  fastcgi_temp_path {scratch}/nginx-fastcgi;
  uwsgi_temp_path {scratch}/nginx-uwsgi;
  scgi_temp_path {scratch}/nginx-scgi;
  server {{
    listen 127.0.0.1:{nginx_port};
    root {output};
    location / {{ try_files $uri $uri/ =404; }}
  }}
}}
""")
        processes.append(subprocess.Popen(["nginx", "-c", nginx_conf, "-p", scratch], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for_port(nginx_port)

        # hugo server with the same built page as a static file
        hugo_site = os.path.join(scratch, "hugo")
        os.makedirs(os.path.join(hugo_site, "static", "form-00001"))
        with open(os.path.join(hugo_site, "hugo.toml"), "w") as conf:
            conf.write('baseURL = "/"\ntitle = "Benchmark"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "home", "section", "page", "404"]\n')
        shutil.copy(built_page, os.path.join(hugo_site, "static", "form-00001", "index.html"))
        hugo_port = free_port()
        processes.append(subprocess.Popen(["hugo", "server", "--source", hugo_site, "--bind", "127.0.0.1", "--port", str(hugo_port),
                                           "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for_port(hugo_port)

        servers = [("formgen serve", formgen_port), ("nginx", nginx_port), ("hugo server", hugo_port)]
        sizes = {}
        for name, port in servers:
            status, body = get(port, page_path)
            if status != 200:
                raise RuntimeError(f"{name} answered {status} for {page_path}")
            sizes[name] = len(body)
        rates = {name: [] for name, _ in servers}
        for _ in range(ROUNDS):
            for name, port in servers:
                rates[name].append(wrk(port, page_path))

        # config save → reload event
        events = EventStream(formgen_port)
        saves = []
        for number in range(1, SAVES + 1):
            config = os.path.join(configs, "forms", f"form-{number + 1:05d}.yaml")
            with open(config) as f:
                text = f.read()
            edited = text.replace(f"Question 1 of form {number + 1}", f"Question 1 of form {number + 1}, edited", 1)
            mark = len(events.received)
            start = time.perf_counter()
            with open(config, "w") as f:
                f.write(edited)
            saves.append((events.wait_for(b"event: reload", mark) - start) * 1000)
            status, body = get(formgen_port, f"/form-{number + 1:05d}/")
            if b"edited" not in body:
                raise RuntimeError("the reloaded page does not show the edit")
            time.sleep(0.3)
        config = os.path.join(configs, "forms", "form-00001.yaml")
        with open(config) as f:
            text = f.read()
        mark = len(events.received)
        start = time.perf_counter()
        with open(config, "w") as f:
            f.write(text.replace("title: Synthetic form 1\n", "title: Synthetic form one\n", 1))
        full = (events.wait_for(b"event: reload", mark) - start) * 1000
    finally:
        stop(processes, scratch)

    saves.sort()
    p90 = saves[min(len(saves) - 1, int(round(0.9 * (len(saves) - 1))))]
    hugo_rate = statistics.median(rates["hugo server"])
    lines = [
        f"# formgen serve, {FORMS} forms ({os.cpu_count()} cores, wrk -t1 -c{CONNECTIONS} -d{DURATION}s, median of {ROUNDS})",
        "",
        "| server | requests/s | page bytes | vs hugo server |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, _ in servers:
        rate = statistics.median(rates[name])
        lines.append(f"| {name} | {rate:,.0f} | {sizes[name]:,} | {rate / hugo_rate:.2f}× |")
    lines += [
        "",
        f"Config save → reload event ({SAVES} label edits of different forms): median {statistics.median(saves):.0f} ms, "
        f"p90 {p90:.0f} ms, max {max(saves):.0f} ms (target: under 150 ms).",
        f"A title change (full build of all {FORMS} forms, so the home page follows): {full:.0f} ms.",
    ]
    report = "\n".join(lines) + "\n"
    write_report(report, "serve.md", ROOT)


if __name__ == "__main__":
    main()
