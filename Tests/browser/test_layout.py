"""Layout assertions over the example site's page states (page_states.py, the states scripts/screenshots shows),
under `formgen serve`, at 320 px: no horizontal overflow, no two visible text boxes overlapping, every interactive
target at least 24 × 24 px or spaced as WCAG 2.2 2.5.8 allows, formgen's own texts in the page's language, live-region
messages visually hidden, and axe-core with no violation. Each state is opened once and measured once; every failure
names the state, the width and the offending element (selector and text).
"""
import json
import re

import pytest
import yaml

from conftest import REPOSITORY, chrome
from page_states import STATES, State, Served, open_state
from test_accessibility import run_axe

WIDTH = 320

# One script measures a page: its findings per check, each {selector, text, detail}.
MEASURE = r"""
var vw = document.documentElement.clientWidth;
function cssPath(el) {
  if (!el || el.nodeType !== 1) return '?';
  var parts = [];
  while (el && el.nodeType === 1 && parts.length < 5) {
    if (el.id) { parts.unshift('#' + CSS.escape(el.id)); break; }
    var part = el.localName, cls = Array.from(el.classList).slice(0, 2);
    if (cls.length) part += '.' + cls.map(function (c) { return CSS.escape(c); }).join('.');
    var parent = el.parentElement;
    if (parent) {
      var same = Array.from(parent.children).filter(function (c) { return c.localName === el.localName; });
      if (same.length > 1) part += ':nth-of-type(' + (same.indexOf(el) + 1) + ')';
    }
    parts.unshift(part);
    el = parent;
  }
  return parts.join(' > ');
}
function textOf(el) { return (el.textContent || el.value || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim().slice(0, 80); }
/** Hidden from sight on purpose: clipped to nothing (.fg-vh), or inside such an element. */
function visuallyHidden(el) {
  for (; el && el.nodeType === 1; el = el.parentElement) {
    var s = getComputedStyle(el);
    if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
    if (s.overflow === 'hidden' && el.offsetWidth <= 1 && el.offsetHeight <= 1 && s.position === 'absolute') return true;
  }
  return false;
}
function unseen(el) {
  for (; el && el.nodeType === 1; el = el.parentElement) {
    var s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.opacity === '0' || s.display === 'none') return true;
  }
  return false;
}
/** The rectangle of `r` left visible by the ancestors of `el` that clip or scroll their overflow. */
function clipped(el, r) {
  var left = r.left, top = r.top, right = r.right, bottom = r.bottom;
  for (var a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    var s = getComputedStyle(a);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
      var c = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') { left = Math.max(left, c.left); right = Math.min(right, c.right); }
      if (s.overflowY !== 'visible') { top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom); }
    }
  }
  return { left: left, top: top, right: right, bottom: bottom, width: right - left, height: bottom - top };
}
function insideScroller(el) {
  for (var a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    var o = getComputedStyle(a).overflowX;
    if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
  }
  return false;
}
var found = { overflow: [], overlap: [], targets: [], live: [], texts: [] };

// Overflow: the document wider than the viewport, or an element sticking out past it outside a scrolling region.
var root = document.documentElement;
if (root.scrollWidth > root.clientWidth) {
  found.overflow.push({ selector: 'html', text: '', detail: 'document scrollWidth ' + root.scrollWidth + ' > clientWidth ' + root.clientWidth });
}
Array.from(document.body.querySelectorAll('*')).forEach(function (el) {
  var r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1 || r.right <= 0 || r.left >= vw) return;
  if (r.right <= vw + 0.5 && r.left >= -0.5) return;
  if (insideScroller(el) || visuallyHidden(el) || unseen(el)) return;
  var p = el.parentElement, pr = p && p.getBoundingClientRect();
  if (pr && (pr.right > vw + 0.5 || pr.left < -0.5) && p !== document.body && !insideScroller(p)) return;  // its parent is reported
  found.overflow.push({ selector: cssPath(el), text: textOf(el),
                        detail: 'spans x ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of a ' + vw + ' px viewport' });
});

// Text boxes: every visible text node's line boxes (Range client rects), clipped by scrolling ancestors.
var boxes = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node, n = 0;
var skip = /^(script|style|noscript|template|select|option|textarea)$/;
while ((node = walker.nextNode())) {
  var parent = node.parentElement;
  if (!parent || skip.test(parent.localName) || !node.data.trim() || parent.closest('select')) continue;
  if (visuallyHidden(parent) || unseen(parent)) continue;
  var range = document.createRange(); range.selectNodeContents(node);
  var index = n++;
  Array.from(range.getClientRects()).forEach(function (r) {
    if (r.width < 1 || r.height < 1) return;
    var c = clipped(parent, r);
    if (c.width < 1 || c.height < 1) return;
    boxes.push({ node: index, el: parent, r: c, text: node.data.replace(/\s+/g, ' ').trim().slice(0, 60) });
  });
}
// A line of text running past the viewport (a long word, a nowrap line) outside a scrolling region overflows too.
var overText = new Set();
boxes.forEach(function (b) {
  // Wholly off-screen (a skip link waiting for focus) is hidden on purpose; the document's scrollWidth tells the rest.
  if (b.r.right <= 0 || b.r.left >= vw || (b.r.right <= vw + 0.5 && b.r.left >= -0.5) || overText.has(b.node)) return;
  overText.add(b.node);
  found.overflow.push({ selector: cssPath(b.el), text: b.text,
                        detail: 'text spans x ' + Math.round(b.r.left) + '..' + Math.round(b.r.right) + ' of a ' + vw + ' px viewport' });
});
boxes.sort(function (a, b) { return a.r.top - b.r.top; });
var reported = new Set();
for (var i = 0; i < boxes.length; i++) {
  for (var j = i + 1; j < boxes.length && boxes[j].r.top < boxes[i].r.bottom; j++) {
    var a = boxes[i], b = boxes[j];
    if (a.node === b.node) continue;
    var w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    var h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (w > 2 && h > 0.3 * Math.min(a.r.height, b.r.height)) {
      var key = a.node + ':' + b.node;
      if (reported.has(key)) continue;
      reported.add(key);
      found.overlap.push({ selector: cssPath(a.el) + ' / ' + cssPath(b.el), text: a.text + ' / ' + b.text,
                           detail: 'overlap ' + Math.round(w) + ' x ' + Math.round(h) + ' px' });
    }
  }
}

// Targets (WCAG 2.2 2.5.8): 24 x 24 px, or a 24 px circle on its centre touching no other target nor another's circle.
var interactive = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], ' +
                  '[role=checkbox], [role=radio], [role=tab], [tabindex]:not([tabindex="-1"])';
var targets = Array.from(document.querySelectorAll(interactive)).filter(function (el) {
  if (el.disabled || el.closest('[aria-hidden=true], [inert]')) return false;
  var r = el.getBoundingClientRect();
  return r.width >= 1 && r.height >= 1 && !visuallyHidden(el) && !unseen(el);
}).map(function (el) {
  var r = el.getBoundingClientRect();
  return { el: el, r: r, cx: r.left + r.width / 2, cy: r.top + r.height / 2, small: r.width < 24 || r.height < 24 };
});
/** A link inside a sentence: an inline link whose block holds other text as well. */
function inlineInText(el) {
  if (el.localName !== 'a' || getComputedStyle(el).display !== 'inline') return false;
  var block = el.parentElement;
  while (block && getComputedStyle(block).display.indexOf('inline') === 0) block = block.parentElement;
  if (!block) return false;
  var own = el.textContent.replace(/\s+/g, ' ').trim(), all = block.textContent.replace(/\s+/g, ' ').trim();
  return all.length > own.length;
}
function distanceToRect(x, y, r) {
  var dx = Math.max(r.left - x, 0, x - r.right), dy = Math.max(r.top - y, 0, y - r.bottom);
  return Math.sqrt(dx * dx + dy * dy);
}
targets.forEach(function (t) {
  if (!t.small || inlineInText(t.el)) return;
  var crowded = targets.filter(function (o) {
    if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
    if (distanceToRect(t.cx, t.cy, o.r) < 12) return true;
    return o.small && Math.hypot(t.cx - o.cx, t.cy - o.cy) < 24;
  });
  if (crowded.length) {
    found.targets.push({ selector: cssPath(t.el), text: textOf(t.el),
                         detail: Math.round(t.r.width) + ' x ' + Math.round(t.r.height) + ' px, within 12 px of ' + cssPath(crowded[0].el) });
  }
});

// Live regions that announce (status, log, aria-live; not alerts): their text visually hidden.
Array.from(document.querySelectorAll('[aria-live]:not([aria-live=off]):not([role=alert]), [role=status], [role=log]')).forEach(function (el) {
  var r = el.getBoundingClientRect();
  if (!el.textContent.trim() || r.width < 1 || r.height < 1 || visuallyHidden(el) || unseen(el)) return;
  found.live.push({ selector: cssPath(el), text: textOf(el), detail: 'shown on the page, ' + Math.round(r.width) + ' x ' + Math.round(r.height) + ' px' });
});

// Texts a person reads (or hears), each with the language it is marked in.
var pageLang = (document.documentElement.lang || '').toLowerCase();
function langOf(el) { var l = el.closest('[lang]'); return l ? l.getAttribute('lang').toLowerCase() : ''; }
var seen = new Set();
function addText(el, text, how) {
  text = (text || '').replace(/\s+/g, ' ').trim();
  if (!text || seen.has(text + '\u0000' + cssPath(el))) return;
  seen.add(text + '\u0000' + cssPath(el));
  found.texts.push({ selector: cssPath(el), text: text, lang: langOf(el), how: how });
}
walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while ((node = walker.nextNode())) {
  var el = node.parentElement;
  if (!el || skip.test(el.localName) || !node.data.trim() || unseen(el)) continue;
  if (el.closest('select') && el.localName !== 'option') continue;
  var how = visuallyHidden(el) ? 'visually hidden' : 'visible';
  addText(el, node.data, how);
  addText(el, el.textContent, how);
}
Array.from(document.querySelectorAll('select option')).forEach(function (o) { if (!unseen(o.parentElement)) addText(o, o.textContent, 'option'); });
Array.from(document.querySelectorAll('[placeholder]')).forEach(function (el) { if (!unseen(el)) addText(el, el.placeholder, 'placeholder'); });
Array.from(document.querySelectorAll('input[type=submit], input[type=button]')).forEach(function (el) { if (!unseen(el)) addText(el, el.value, 'button'); });
found.lang = pageLang;
return found;
"""


def english_texts(lang):
    """formgen's own English texts (templates/i18n/en.json) that `lang`'s table says otherwise, as (key, pattern)."""
    english = json.loads((REPOSITORY / "templates/i18n/en.json").read_text())
    table_path = REPOSITORY / f"templates/i18n/{lang}.json"
    own = json.loads(table_path.read_text()) if table_path.exists() else {}
    patterns = []
    for key, text in sorted(english.items()):
        text = text.strip()
        if key == "dir" or not re.search(r"[A-Za-z]{2}", re.sub(r"\{\w+\}", "", text)) or own.get(key, "").strip() == text:
            continue
        pieces = re.split(r"(\{\w+\})", text)
        pattern = "".join(".+" if re.fullmatch(r"\{\w+\}", piece) else re.escape(piece) for piece in pieces)
        patterns.append((key, re.compile(f"^{pattern}$")))
    return patterns


def config_texts(configs):
    """Every string a site's configs give (forms, countries, site, translations, docs), with each line of it: texts
    the site's author wrote, which the language checks leave to the author. The mock APIs' answers are not among them."""
    texts = set()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            for piece in [value] + value.splitlines():
                piece = re.sub(r"[*_`]", "", re.sub(r"\s+", " ", piece)).strip()
                if piece:
                    texts.add(piece)

    for path in sorted(configs.rglob("*")):
        relative = path.relative_to(configs).parts
        if relative[0] in ("mocks", "schemas", "remote", "manual") or path.suffix not in (".yaml", ".yml", ".json", ".md"):
            continue
        text = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("#"))
        walk(text.splitlines())
        if path.suffix != ".md":
            try:
                walk(yaml.safe_load(text))
            except yaml.YAMLError:
                pass  # PyYAML refuses some plain scalars libyaml reads ("Is it fenced? Also ..." in a flow mapping)
            # Each `key: value` of a line, flow mappings included, as a second reading that needs no parser.
            walk([match.strip().strip("'\"") for match in re.findall(r"\w+:\s*([^,{}\[\]#]+)", text)])
    return texts


LANGUAGE_KEY = re.compile(r"^[a-z]{2}(-[A-Za-z]{2})?$")


def translated_elsewhere(configs, lang):
    """Config texts given per language (`{en: …, ar: …}`) that have a text in `lang`: the other languages' texts, which a
    page in `lang` must not show instead of its own."""
    others = {}

    def walk(value):
        if isinstance(value, dict):
            keys = [str(k) for k in value]
            if len(keys) >= 2 and all(LANGUAGE_KEY.match(k) for k in keys) and all(isinstance(v, str) for v in value.values()):
                own = {primary(k) for k in keys}
                if lang in own:
                    mine = next(v for k, v in value.items() if primary(str(k)) == lang).strip()
                    for key, text in value.items():
                        text = re.sub(r"\s+", " ", text).strip()
                        if primary(str(key)) != lang and text != mine and text:
                            others[text] = str(key)
                return
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(configs.rglob("*")):
        if path.relative_to(configs).parts[0] in ("mocks", "schemas", "remote", "manual") or path.suffix not in (".yaml", ".yml", ".json"):
            continue
        try:
            walk(yaml.safe_load(path.read_text()))
        except yaml.YAMLError:
            pass  # a file PyYAML cannot read (see config_texts); formgen's own tests cover its texts
    return others


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ARABIC = re.compile(r"[\u0600-\u06FF]")


def layout_report(state, findings, check):
    return "\n".join(f"{state.name} at {WIDTH} px: {f['selector']} \"{f['text']}\": {f['detail']}" for f in findings[check])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    binary = REPOSITORY / ".build/debug/formgen"
    server = Served(binary, REPOSITORY / "configs", REPOSITORY / "templates", tmp_path_factory.mktemp("layout"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def layout_browser():
    driver = chrome()
    driver.implicitly_wait(0)
    driver.set_script_timeout(90)  # axe on a long page, on a loaded two-core machine
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def measure(served, layout_browser, axe_source):
    """Each state opened and measured once, at 320 px: the script's findings and axe's violations."""
    cache = {}

    def measured(state):
        if state.slug not in cache:
            open_state(layout_browser, served.url, state, WIDTH)
            findings = layout_browser.execute_script(MEASURE)
            findings["axe"] = run_axe(layout_browser, axe_source)
            cache[state.slug] = findings
        return cache[state.slug]

    return measured


def by_slug(states):
    return pytest.mark.parametrize("state", states, ids=[s.slug for s in states])


def test_the_sweep_covers_at_least_40_page_states_of_every_kind():
    assert len(STATES) >= 40
    assert len({s.slug for s in STATES}) == len(STATES), "state names are unique"
    kinds = {s.state for s in STATES}
    assert {"empty", "errors", "review", "sent", "repeat with 1 item", "repeat with 3 items", "no-JS", "reference",
            "country picker"} <= kinds
    assert any(s.lang == "ar" for s in STATES) and any(not s.javascript for s in STATES)
    assert {"docs", "site", "reference", "form"} <= {s.kind for s in STATES}


def test_every_page_of_the_example_site_has_a_state(served):
    preview = served.out
    pages = set()
    for path in preview.rglob("*.html"):
        relative = path.relative_to(preview)
        pages.add("" if str(relative) == "index.html" else f"{relative.parent}/" if relative.name == "index.html" else str(relative))
    assert len(pages) > 30
    assert pages - {s.path for s in STATES} == set()


@by_slug(STATES)
def test_no_horizontal_overflow_at_320_px(measure, state):
    findings = measure(state)
    assert not findings["overflow"], layout_report(state, findings, "overflow")


@by_slug(STATES)
def test_no_two_text_boxes_overlap(measure, state):
    findings = measure(state)
    assert not findings["overlap"], layout_report(state, findings, "overlap")


@by_slug(STATES)
def test_every_target_is_24_px_or_spaced(measure, state):
    findings = measure(state)
    assert not findings["targets"], layout_report(state, findings, "targets")


@by_slug(STATES)
def test_live_region_messages_are_visually_hidden(measure, state):
    findings = measure(state)
    assert not findings["live"], layout_report(state, findings, "live")


def primary(lang):
    return lang.lower().split("-")[0]


@by_slug([s for s in STATES if primary(s.lang) != "en"])
def test_formgen_texts_are_in_the_page_language(measure, state):
    findings = measure(state)
    assert findings["lang"] == state.lang.lower()
    patterns = english_texts(primary(state.lang))
    english = []
    for text in findings["texts"]:
        if text["lang"] and primary(text["lang"]) != primary(state.lang):
            continue  # a name or a language's own name, marked in its language
        for key, pattern in patterns:
            if pattern.match(text["text"]):
                english.append(f"{state.name} at {WIDTH} px: {text['selector']} \"{text['text']}\" ({text['how']}) "
                               f"is formgen's English '{key}'")
                break
    assert not english, "\n".join(english)


@by_slug([s for s in STATES if primary(s.lang) != "en"])
def test_config_texts_given_in_the_page_language_show_in_it(measure, state):
    """A config text written per language (the site's title and footer, a country's labels) shows in the page's own
    language wherever it appears: header, footer, breadcrumb, review."""
    findings = measure(state)
    others = translated_elsewhere(REPOSITORY / "configs", primary(state.lang))
    wrong = [f"{state.name} at {WIDTH} px: {t['selector']} \"{t['text']}\" ({t['how']}) is the config's '{others[t['text']]}' text, "
             f"which has a '{primary(state.lang)}' one" for t in findings["texts"]
             if t["text"] in others and (not t["lang"] or primary(t["lang"]) == primary(state.lang))]
    assert not wrong, "\n".join(wrong)


@by_slug([s for s in STATES if s.lang == "ar"])
def test_no_latin_script_text_on_the_arabic_pages_but_the_authors(measure, state):
    """On a right-to-left Arabic page, a text in Latin letters that no config gave (a server's developer string, a
    default left in English) is English a reader cannot be expected to read."""
    findings = measure(state)
    authors = config_texts(REPOSITORY / "configs")
    latin = [f"{state.name} at {WIDTH} px: {t['selector']} \"{t['text']}\" ({t['how']}) is in Latin letters and not from the configs"
             for t in findings["texts"] if t["lang"] in ("", "ar") and LATIN_WORD.search(t["text"])
             and not ARABIC.search(t["text"]) and t["text"] not in authors]
    assert not latin, "\n".join(latin)


@by_slug(STATES)
def test_no_axe_violations(measure, state):
    findings = measure(state)
    assert not findings["axe"], "\n".join(f"{state.name} at {WIDTH} px: {v}" for v in findings["axe"])


# The checks find the faults they look for: each fault put into a page that passes.

FAULTS = {
    "overflow": "var d = document.createElement('div'); d.style.width = '400px'; d.textContent = 'Too wide';"
                "document.querySelector('main').appendChild(d);",
    "overflow by a long word": "var p = document.createElement('p'); p.textContent = 'Steueridentifikationsnummernverzeichnisse';"
                               "p.style.cssText = 'font-size:2rem;overflow-wrap:normal'; document.querySelector('main').appendChild(p);",
    "overlap": "var d = document.createElement('p'); d.textContent = 'Lying on top'; d.style.cssText ="
               "'position:absolute;top:0;left:0;margin:0'; document.querySelector('header').appendChild(d);",
    "targets": "var p = document.createElement('p'); p.innerHTML = '<button style=\"all:unset\">a</button><button style=\"all:unset\">b</button>';"
               "document.querySelector('main').appendChild(p);",
    "live": "var s = document.createElement('div'); s.setAttribute('role', 'status'); s.textContent = 'Pet 2 added';"
            "document.querySelector('main').appendChild(s);",
}


@pytest.mark.parametrize("check", sorted(FAULTS))
def test_each_check_finds_its_fault(served, layout_browser, check):
    state = State("docs", "fault", "docs/privacy/", kind="docs")
    open_state(layout_browser, served.url, state, WIDTH)
    found = check.split()[0]
    assert layout_browser.execute_script(MEASURE)[found] == [], "the page is clean before"
    layout_browser.execute_script(FAULTS[check])
    assert layout_browser.execute_script(MEASURE)[found] != []


def test_the_language_check_finds_an_english_default_on_the_arabic_page(served, layout_browser):
    state = State("ar/login", "fault", "ar/login/", lang="ar")
    open_state(layout_browser, served.url, state, WIDTH)
    layout_browser.execute_script("var p = document.createElement('p'); p.textContent = 'Enter Email';"
                                  "document.querySelector('main').appendChild(p);")
    texts = [t["text"] for t in layout_browser.execute_script(MEASURE)["texts"]]
    patterns = dict(english_texts("ar"))
    assert "Enter Email" in texts and patterns["required"].match("Enter Email")


def test_the_latin_script_check_finds_a_servers_english_on_the_arabic_page(served, layout_browser):
    state = State("ar/login", "fault", "ar/login/", lang="ar")
    open_state(layout_browser, served.url, state, WIDTH)
    layout_browser.execute_script("var p = document.createElement('p'); p.textContent = 'invalid login credential';"
                                  "document.querySelector('main').appendChild(p);")
    texts = [t["text"] for t in layout_browser.execute_script(MEASURE)["texts"] if t["lang"] in ("", "ar")]
    authors = config_texts(REPOSITORY / "configs")
    assert "invalid login credential" in texts and "invalid login credential" not in authors
    assert "formgen example forms" in authors and "Email" in authors


def test_the_per_language_config_texts_are_read_from_the_configs():
    arabic = translated_elsewhere(REPOSITORY / "configs", "ar")
    french = translated_elsewhere(REPOSITORY / "configs", "fr")
    assert french.get("Email address") == "en" and french.get("E-mailadres") == "nl", "kyc.yaml's email label"
    assert "Adresse e-mail" not in french and "Email address" not in arabic, "only texts that have one in the language"
