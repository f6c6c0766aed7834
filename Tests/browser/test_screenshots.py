"""scripts/screenshots: a few states at two widths, as full-page PNGs, and a contact sheet that links every one, loads
its images under its own Content-Security-Policy without a violation, and passes axe."""
import re
import struct
import subprocess
import sys

from conftest import REPOSITORY, chrome
from page_states import STATES
from test_accessibility import run_axe

RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) { window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI); });
"""


def png_size(path):
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is a PNG"
    return struct.unpack(">II", header[16:24])


def test_the_sweep_writes_full_page_pngs_and_a_contact_sheet(tmp_path, axe_source):
    out = tmp_path / "shots"
    run = subprocess.run([sys.executable, str(REPOSITORY / "scripts/screenshots"), "--only", "household · ", "--widths", "320,1200",
                          "--out", str(out)], cwd=REPOSITORY, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    states = [s for s in STATES if "household · " in s.name]
    assert len(states) >= 8
    pngs = sorted(path.name for path in out.glob("*.png"))
    assert pngs == sorted(f"{s.slug}-{w}.png" for s in states for w in (320, 1200))
    narrow, wide = png_size(out / "household-repeat-with-3-items-320.png"), png_size(out / "household-repeat-with-3-items-1200.png")
    assert narrow[0] == 320 and wide[0] == 1200
    assert narrow[1] > wide[1] > 1000, "the whole page, taller where it is narrower"
    assert png_size(out / "household-repeat-with-3-items-320.png")[1] > png_size(out / "household-repeat-with-1-item-320.png")[1]
    sheet = (out / "index.html").read_text()
    assert sorted(set(re.findall(r'href="([^"#]+\.png)"', sheet))) == pngs
    assert "<script" not in sheet and " style=" not in sheet

    driver = chrome()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_CSP_VIOLATIONS})
        driver.get((out / "index.html").as_uri())
        headings = [h.text for h in driver.find_elements("css selector", "h2")]
        assert "household" in headings
        driver.execute_script("document.querySelectorAll('img').forEach(function (i) { i.loading = 'eager'; });")
        loaded = driver.execute_async_script(
            "var done = arguments[arguments.length - 1], images = Array.from(document.images);"
            "Promise.all(images.map(function (i) { return i.decode().then(function () { return i.naturalWidth; }, function () { return 0; }); }))"
            ".then(done);")
        assert len(loaded) == len(pngs) and all(loaded), "every thumbnail loads"
        assert driver.execute_script("return window.__cspViolations") == []
        thumb = driver.execute_script("var r = document.querySelector('.shots img').getBoundingClientRect(); return [r.width, r.height];")
        assert round(thumb[0]) == 208 and thumb[1] > 320, "the sheet's style applies: a whole-width thumbnail, its top shown"
        driver.set_script_timeout(30)
        assert run_axe(driver, axe_source) == []
    finally:
        driver.quit()
