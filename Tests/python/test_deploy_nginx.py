"""`formgen build --emit-headers nginx` gives a server block that nginx accepts (`nginx -t`) and that serves the
built site on loopback with each page's Content-Security-Policy as an HTTP header (with `frame-ancestors`, which a
`<meta>` cannot carry), the other security headers, and the 404 page."""
import pathlib
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "formgen"
NGINX = "/usr/sbin/nginx"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def meta_policy(html):
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    return found.group(1).replace("&#39;", "'").replace("&quot;", '"').replace("&amp;", "&")


@pytest.fixture(scope="module")
def nginx_site(tmp_path_factory):
    work = tmp_path_factory.mktemp("nginx")
    out = work / "public"
    built = subprocess.run([str(BINARY), "build", "--config", str(ROOT / "configs"), "--templates", str(ROOT / "templates"),
                            "--out", str(out), "--emit-headers", "nginx"], cwd=ROOT, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert built.stdout.splitlines()[-1] == f"Headers for nginx in {work / 'nginx.conf'}"
    port = free_port()
    block = (work / "nginx.conf").read_text().replace("listen 8080;", f"listen 127.0.0.1:{port};")
    (work / "site.conf").write_text(block)
    for folder in ["body", "proxy", "fastcgi", "uwsgi", "scgi"]:
        (work / folder).mkdir()
    (work / "main.conf").write_text(f"""
user root;
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{}}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    include {work}/site.conf;
}}
""")
    checked = subprocess.run([NGINX, "-t", "-c", str(work / "main.conf"), "-p", str(work)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    server = subprocess.Popen([NGINX, "-c", str(work / "main.conf"), "-p", str(work)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
    yield out, f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(timeout=10)


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.headers, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


@pytest.mark.parametrize("path, file", [("/", "index.html"), ("/kyc/nl/", "kyc/nl/index.html"),
                                        ("/registration/index.html", "registration/index.html"),
                                        ("/docs/privacy/", "docs/privacy/index.html")])
def test_pages_carry_their_policy_as_a_header(nginx_site, path, file):
    out, base = nginx_site
    status, headers, body = fetch(base + path)
    assert status == 200
    expected = meta_policy((out / file).read_text())
    assert headers["Content-Security-Policy"] == expected + "; frame-ancestors 'none'"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert body == (out / file).read_text()


def test_a_missing_page_gets_the_404_page_with_its_policy(nginx_site):
    out, base = nginx_site
    status, headers, body = fetch(base + "/no/such/page/")
    assert status == 404
    assert body == (out / "404.html").read_text()
    assert headers["Content-Security-Policy"] == meta_policy(body) + "; frame-ancestors 'none'"


def test_assets_are_served_with_their_type(nginx_site):
    _, base = nginx_site
    status, headers, _ = fetch(base + "/assets/logo.svg")
    assert status == 200
    assert headers["Content-Type"] == "image/svg+xml"
    assert headers["X-Content-Type-Options"] == "nosniff"
