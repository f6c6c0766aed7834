#!/usr/bin/env python3
"""Page weight of generated form pages: bytes raw and gzipped, and requests to other origins.

Usage: bench/page-weight.py [--site DIR] [--budget KB] [--all | PATH ...]
Without --site it builds the example site with .build/debug/formgen into a temporary folder.
PATHs default to the KYC NL page and the pet-adoption page. --all measures every page of the site with a runtime (a
form's page, a data page that fetches or checks a session) against two budgets: the seed pages (kyc/*, pet-adoption, lumiform-nested, login, register, in
every language) 10 KB gzip, every other page --other-budget (default 12 KB). Every page carries its CSS and runtime
inline, so the HTML is the whole download; the table breaks it down. External requests are resources
the page would load from another origin (scripts, styles, fonts, frames, data sources, form actions),
not counting images the config itself names. Exits 1 when a page is over its gzip budget (default 10 KB).
"""
import argparse
import gzip
import html.parser
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import urllib.parse

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_PAGES = ["kyc/nl", "pet-adoption"]
SEED_PAGES = re.compile(r"^(?:[a-z]{2}/)?(?:kyc/[a-z]{2}|pet-adoption|lumiform-nested|login|register)$")


SPEC_IDS = ("fg-spec", "fg-data-spec", "fg-session-spec")


def form_pages(site):
    """Every page of the site that carries a spec (a form's, a data page's or a session's), as paths relative to the
    site, sorted."""
    pages = []
    for index in site.rglob("index.html"):
        text = index.read_text(errors="replace")
        if any(f'id="{spec}"' in text for spec in SPEC_IDS):
            pages.append(index.parent.relative_to(site).as_posix())
    return sorted(pages)


class Resources(html.parser.HTMLParser):
    """Collects the URLs a page loads and the images its config names."""

    def __init__(self):
        super().__init__()
        self.loads = []
        self.config_images = []
        self.in_figure = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "figure" and "fg-image" in (attributes.get("class") or ""):
            self.in_figure += 1
        if tag == "img" and attributes.get("src"):
            (self.config_images if self.in_figure else self.loads).append(attributes["src"])
        elif tag in ("script", "iframe", "embed", "source", "audio", "video") and attributes.get("src"):
            self.loads.append(attributes["src"])
        elif tag == "link" and attributes.get("href") and (attributes.get("rel") or "") not in ("canonical", "alternate"):
            self.loads.append(attributes["href"])

    def handle_endtag(self, tag):
        if tag == "figure" and self.in_figure:
            self.in_figure -= 1


def gz(data):
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def inline(text, tag):
    match = re.search(rf"<{tag}[^>]*>(.*?)</{tag}>", text, re.S)
    return match.group(1) if match else ""


def measure(site, path):
    text = (site / path / "index.html").read_text()
    data = text.encode()
    css = inline(text, "style").encode()
    runtime = (re.search(r"<script>(.*?)</script>", text, re.S) or [None, ""])[1].encode()
    specs = [match.group(1) for spec in SPEC_IDS
             for match in [re.search(rf'<script type="application/json" id="{spec}">(.*?)</script>', text, re.S)] if match]
    spec_text = "".join(specs)
    spec = {}
    for each in specs:
        spec.update(json.loads(each))
    resources = Resources()
    resources.feed(text)
    sources = spec.get("dataSources", []) + spec.get("sources", [])
    urls = list(resources.loads) + [source["endpoint"] for source in sources]
    if spec.get("submit", {}).get("action"):
        urls.append(spec["submit"]["action"])
    external = sorted({url for url in urls if urllib.parse.urlparse(url).netloc})
    return {
        "page": path, "html": len(data), "html_gzip": gz(data), "css": len(css), "css_gzip": gz(css),
        "runtime": len(runtime), "runtime_gzip": gz(runtime), "spec": len(spec_text.encode()),
        "external": external, "config_images": resources.config_images,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=pathlib.Path)
    parser.add_argument("--budget", type=float, default=10.0, help="gzip budget per page in KB (default 10)")
    parser.add_argument("--other-budget", type=float, default=12.0, help="with --all: the budget of non-seed pages (default 12)")
    parser.add_argument("--all", action="store_true", help="every form page of the site, seed pages at --budget")
    parser.add_argument("pages", nargs="*")
    options = parser.parse_args()
    site = options.site
    if site is None:
        site = pathlib.Path(tempfile.mkdtemp(prefix="formgen-weight-")) / "public"
        subprocess.run([str(REPOSITORY / ".build/debug/formgen"), "build", "--out", str(site)], cwd=REPOSITORY, check=True,
                       capture_output=True)
    pages = form_pages(site) if options.all else (options.pages or DEFAULT_PAGES)
    budgets = {path: options.budget if not options.all or SEED_PAGES.match(path) else options.other_budget for path in pages}
    over = []
    print(f"{'page':<22} {'budget':>6} {'total':>8} {'gzip':>7} | {'css':>6} {'gzip':>6} | {'runtime':>8} {'gzip':>6} | {'spec':>6} | external")
    for path in pages:
        row = measure(site, path)
        print(f"{row['page']:<22} {budgets[path]:>4g}KB {row['html']:>8} {row['html_gzip']:>7} | {row['css']:>6} {row['css_gzip']:>6} | "
              f"{row['runtime']:>8} {row['runtime_gzip']:>6} | {row['spec']:>6} | {len(row['external'])}"
              + (f" ({', '.join(row['external'])})" if row["external"] else "")
              + (f"  [config images not counted: {len(row['config_images'])}]" if row["config_images"] else ""))
        if row["html_gzip"] > budgets[path] * 1024:
            over.append(path)
    print(f"Budget: {options.budget:g} KB gzip per page" + (f" for seed pages, {options.other_budget:g} KB for the others" if options.all else "")
          + " (HTML with its inline CSS and runtime). "
          + ("All pages within budget." if not over else f"Over budget: {', '.join(over)}"))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
