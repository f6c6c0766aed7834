#!/usr/bin/env python3
"""Config fuzzer for the formgen binary, one child process per case (issue #34).

Each case is a small config folder made from copies of the example site's configs (configs/site.yaml,
forms/*, countries/*, docs/*.md, i18n/, assets/; one case in ten is the remote example site, configs/remote/,
whose form, list and image this script serves itself on 127.0.0.1), mutated, then checked by running
`formgen check -c configs` (or, for a quarter of the cases, `formgen build -c configs -o out --offline`, so
rendering is fuzzed too; remote cases build from the loopback server instead of --offline).

Mutations: the in-process Swift target's (byte flips, deleted/duplicated lines, swapped types, deep nesting,
huge strings; Tests/FormgenCoreTests/ConfigFuzzTests.swift) plus YAML alias bombs (in a form, site.yaml, docs
front matter, a remote form), numeric extremes in durations/ports/sizes/counts/dates, Markdown with huge tables
and deep nesting, hostile field ids (constructor, toString, __proto__ …), combining marks and ZWJ after every
", ', <, >, &, \\n, \\r\\n in strings, polynomial regexes, symlinked assets/docs/forms, CR+LF line endings.

Every child runs with an address-space cap (RLIMIT_AS, --as-limit-mb, 1024 by default) and a wall-clock timeout
(--timeout, 10 s); per case it records the exit code, the signal (a negative return code), the timeout, the peak RSS
(os.wait4's ru_maxrss) and the wall time. A case fails on a signal exit, a timeout, an exit code outside {0, 1, 2}
(2, a usage error, is counted apart), a peak RSS over --rss-limit-mb, or a line of output that looks like a
diagnostic (": error: " / ": warning: ") and is not located as PATH:LINE:COL: error|warning: … Failing cases'
folders are kept (their path is printed); the exit status is 1 when any case failed.

Builds of configs with combining-mark payloads also count (without failing on it) pages where a config string
became markup ("injected": an on* or autofocus attribute, <img src=x>, a script running alert(1)), issue #34's
escaping defect; the hits are in the kept case's injected.txt.

usage: bench/fuzz.py [CASES] [SEED]      (default 20000 cases, a random seed; or bench/fuzz.sh CASES SEED)
       bench/fuzz.py --quick 300         a short run
       bench/fuzz.py --case 1234 SEED    rerun one case, keep its folder and print its output
       environment: FORMGEN=path/to/formgen (default .build/debug/formgen)
"""

import argparse
import copy
import errno
import html.parser
import json
import multiprocessing as mp
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = os.path.join(ROOT, "configs")

# ---------------------------------------------------------------------------------------------------------------
# Inputs

LOCAL_TARGETS = [
    "forms/kyc.yaml", "forms/registration.yaml", "forms/household.yaml", "forms/login.yaml",
    "forms/pet-adoption.json", "forms/lumiform-nested.json", "forms/pet-adoption-journey.yaml",
    "forms/currency-exchange.yaml", "forms/register.yaml",
    "countries/nl.yaml", "countries/de.yaml", "countries/be.yaml", "countries/us.yaml",
    "site.yaml", "docs/index.md", "docs/privacy.md", "docs/countries.md", "docs/filling-in-kyc.md", "i18n/ar.yaml",
]
REMOTE_TARGETS = ["served/api/remote/inspection.json", "served/api/remote/currencies.json", "configs/forms/exchange.yaml",
                  "configs/site.yaml"]

HOSTILE_IDS = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "prototype", "isPrototypeOf",
               "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupSetter__", "then"]
MARKS = ["\u0301", "\u0308", "\u200d"]
PAYLOADS = [
    'v"\u0301 autofocus onfocus=alert(1)//',
    "v'\u0308 autofocus onfocus=alert(1)//",
    '"\u0301><img src=x onerror=alert(1)>',
    "<\u0301script>alert(1)<\u0301/script>",
    "</script\u0301><script>alert(1)</script>",
    "&\u200damp; &\u0301lt;",
    "line\r\n\u0301two\n\u0308three",
    '"\u200d\' \u0301<\u0308>&\u200d',
    "\u202e\u0301RTL override",
    "x\u0000y",
]
POLY_REGEXES = [
    r"^\d*\d*\d*\d*\d*\d*x$", r"^.*.*.*.*.*.*=$", r"^(\w+)(\w+)(\w+)(\w+)!$", r"^(?:a?){25}a{25}$",
    r"(a+)+$", r"^(a|a)*$", r"^(\d+)*$", r"^([a-z]*)*@", r"(x+x+)+y", r"^(a|aa)+$", r"^[\s\S]*[\s\S]*[\s\S]*!$",
    r"^(?:(?:a*)*)*b$", r"^\w*\w*\w*\w*\w*\w*\w*\w*\w*\w*$", r"^(.*,){20}x$", r"^(?:\d+\s*)+$", r"^(\w+\s?)+$",
    r"(?:a{1,1000}){1,1000}", r"^(a{0,30}){0,30}b$", r"\1(a)", r"[", r"(?<=a*)b", r"^(?:a|b|ab|ba)*c$",
]
NUMBERS = ["1e400", "-1e400", "99999999999999999999", "-99999999999999999999", "9223372036854775807",
           "9223372036854775808", "-9223372036854775809", "18446744073709551616", "-1", "0", "1e-400", ".nan", ".inf",
           "-.inf", "0x7fffffffffffffff", "1e308", "4294967296", "2147483648"]
DURATIONS = ["1e400s", "99999999999999999999s", "-1s", "0s", "1e-400s", "9223372036854775807s", "99999999999999999999h",
             "18446744073709551616d", "nans", "infs", "1e308d", "1e400", "99999999999999999999", "-0s", "1e19m", ".5s"]
SIZES = ["1e30MB", "99999999999999999999", "-1MB", "1e400KB", "18446744073709551615B", "0MB", "9999999999999999999GiB",
         "1e19", "nanMB", "infKB", "-0", "1e308GB", "99999999999999999999TB", "9223372036854775807"]
DATES = ["99999-01-01", "-0001-01-01", "0000-00-00", "+99999999999y", "-99999999999999999999d", "9999-12-31",
         "2024-02-30", "-1y999999999999m", "+1e400d", "-9223372036854775808y", "+2147483648d", "99999-99-99",
         "1e400", "-18y-18y"]
PORTS = ["99999", "-1", "65536", "0", "4294967296", "18446744073709551616", "1e400", "8a", "", "65535"]
FIELD_TYPES = ["text", "textarea", "number", "date", "email", "tel", "password", "select", "radio", "checkbox", "yesno",
               "formattednumeric", "image", "paragraph", "file", "repeat", "section", "", "TEXT"]
REF_KEYS = {"id", "unique_id", "type", "country", "locale", "lang", "languages", "condition", "action", "otherwise",
            "when", "targets", "dataSource", "endpoint", "url", "src", "file", "value", "mode", "keyboard"}


def raw(text):
    """A value written into the dumped YAML/JSON as is (1e400, 99999999999999999999 …)."""
    return "@@RAW@@" + text + "@@"


RAW_RE = re.compile(r"""(['"])@@RAW@@(.*?)@@\1""")

# ---------------------------------------------------------------------------------------------------------------
# Generators


def inline_bomb(rng, levels=None, fan=None):
    """A flow sequence of nested anchors, each level `fan` aliases of the previous: fan**levels leaves."""
    levels = levels or rng.randint(4, 9)
    fan = fan or rng.randint(5, 10)
    parts = ["&a0 [" + ",".join(["lol"] * fan) + "]"]
    for i in range(1, levels):
        parts.append(f"&a{i} [" + ",".join([f"*a{i - 1}"] * fan) + "]")
    return "[" + ",".join(parts) + "]", f"*a{levels - 1}"


def markdown_table(rng, size=12 * 1024):
    cols = rng.randint(500, 2500)
    header = "|" + "a|" * cols + "\n"
    delim = "|" + "-|" * cols + "\n"
    rows = max(1, (size - len(header) - len(delim)) // 4)
    return header + delim + "|x|\n" * rows


def markdown_deep(rng):
    n = rng.randint(200, 3000)
    kind = rng.randrange(9)
    if kind == 0:
        return ">" * n + " deep\n"
    if kind == 1:
        m = min(n, 400)
        return "".join("  " * i + "- item\n" for i in range(m))
    if kind == 2:
        return "*" * n + "a" + "*" * n + "\n"
    if kind == 3:
        return "[" * n + "a" + "]" * n + "(b)\n"
    if kind == 4:
        return "`" * n + "\n" + "<" * n + "\n" + "&#x" * n + "\n"
    if kind == 5:
        return "[a](" * n + "\n" + "![a](" * n + "\n"
    if kind == 6:
        m = min(n, 400)
        return "".join("   " * i + "1. x\n" for i in range(m))
    if kind == 7:
        return "\\" * n + "\n" + "_" * n + "a" + "_" * n + "\n" + "~" * n + "x" + "~" * n + "\n"
    return "| a | b |\n|---|---|\n" + "| " + "\\|" * n + " |\n" + ("[^n]\n" * 50) + ("[^n]: note\n" * 50)


def combine(text, mark):
    out = []
    i = 0
    while i < len(text):
        if text.startswith("\r\n", i):
            out.append("\r\n" + mark)
            i += 2
            continue
        c = text[i]
        out.append(c)
        if c in "\"'<>&\n":
            out.append(mark)
        i += 1
    return "".join(out)


# ---------------------------------------------------------------------------------------------------------------
# Structured mutations (on the parsed config)


def walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for k, v in list(node.items()):
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))


def fields_of(data):
    """Field-like mappings: entries of a `fields`, `elements` or `items` list."""
    found = []
    for path, node in walk(data):
        if isinstance(node, list) and path and path[-1] in ("fields", "elements", "items"):
            found += [(node, item) for item in node if isinstance(item, dict)]
    return found


def native_fields(data):
    return [(lst, f) for lst, f in fields_of(data) if "id" in f or "unique_id" in f]


def sections_of(data):
    return [node for path, node in walk(data)
            if isinstance(node, dict) and "fields" in node and path and isinstance(path[-1], int) and len(path) > 1
            and path[-2] == "sections"]


def mut_hostile_id(rng, data, case):
    fields = native_fields(data)
    if not fields:
        return False
    for _ in range(rng.randint(1, 3)):
        lst, field = rng.choice(fields)
        hostile = rng.choice(HOSTILE_IDS)
        key = "unique_id" if "unique_id" in field else "id"
        old = field.get(key)
        field[key] = hostile
        choice = rng.randrange(5)
        if choice == 0:
            twin = copy.deepcopy(field)
            lst.append(twin)
        elif choice == 1:
            field["options"] = [{"value": rng.choice(HOSTILE_IDS), "label": "A"}, rng.choice(HOSTILE_IDS), "__proto__"]
            field.setdefault("type", "select")
        elif choice == 2 and isinstance(old, str):
            for _, node in walk(data):  # rules and equalsField follow the rename
                if isinstance(node, dict):
                    for k in ("when", "value"):
                        if node.get(k) == old:
                            node[k] = hostile
                    if isinstance(node.get("targets"), list):
                        node["targets"] = [hostile if t == old else t for t in node["targets"]]
        elif choice == 3:
            field["validation"] = {"__proto__": {"value": 1}, "constructor": 2, "equalsField": rng.choice(HOSTILE_IDS)}
        elif choice == 4 and isinstance(data, dict):
            data["id"] = rng.choice(["constructor", "tostring", "proto", "__proto__", "hasownproperty"])
    return True


def mut_numeric_extreme(rng, data, case):
    if not isinstance(data, dict):
        return False
    fields = native_fields(data)
    choice = rng.randrange(6)
    if choice == 0 and fields:
        _, field = rng.choice(fields)
        rule = rng.choice(["minLength", "maxLength", "minValue", "maxValue", "minAge", "maxAge", "minDate", "maxDate"])
        value = rng.choice(DATES) if rule.endswith("Date") else raw(rng.choice(NUMBERS))
        shape = rng.randrange(3)
        if shape == 0:
            field["validation"] = {rule: value}
        elif shape == 1:
            field["validation"] = {rule: {"value": value, "message": "m"}}
        else:
            field["validation"] = [{"type": rule, "value": value}]
    elif choice == 1 and fields:
        _, field = rng.choice(fields)
        field["type"] = "file"
        field["maxSize"] = rng.choice(SIZES) if rng.random() < 0.7 else raw(rng.choice(NUMBERS))
        field["maxFiles"] = raw(rng.choice(NUMBERS))
        field["multiple"] = True
        if rng.random() < 0.5:
            field["accept"] = rng.choice([[".png", "image/*"], "", ",,,", ["*/*" * 100], [".x" * 2000]])
    elif choice == 2:
        sections = sections_of(data)
        repeat = {"min": raw(rng.choice(NUMBERS)), "max": raw(rng.choice(NUMBERS))}
        if rng.random() < 0.3:
            repeat = rng.choice([True, raw("1e400"), {"min": -1}, {"max": 0}, {"min": 5, "max": 2}])
        if sections:
            section = rng.choice(sections)
            section.setdefault("id", "rep")
            section["repeat"] = repeat
        else:
            data.setdefault("sections", []).append(
                {"id": "rep", "title": "R", "repeat": repeat, "fields": [{"id": "r1", "label": "R1", "type": "text"}]})
    elif choice == 3:
        data["drafts"] = {"maxAge": rng.choice(DURATIONS)} if rng.random() < 0.8 else raw(rng.choice(NUMBERS))
    elif choice == 4 and fields:
        _, field = rng.choice(fields)
        field["type"] = rng.choice(["number", "date", "text"])
        field["default"] = raw(rng.choice(NUMBERS)) if rng.random() < 0.5 else rng.choice(DATES)
        field["mask"] = rng.choice(["#" * 5000, "", "9" * 40, "A-" * 3000])
    else:
        submit = data.setdefault("submit", {}) if isinstance(data.get("submit", {}), dict) else {}
        submit["minSeconds"] = raw(rng.choice(NUMBERS))
        submit["messages"] = {raw(rng.choice(NUMBERS)): "x", "99999": "y", "-1": "z"}
    return True


def mut_combining(rng, data, case):
    mark = rng.choice(MARKS)
    share = rng.choice([0.2, 0.5, 1.0])
    include_refs = rng.random() < 0.15
    changed = [False]

    def visit(node, key=None):
        if isinstance(node, dict):
            for k in list(node):
                v = node[k]
                if isinstance(v, str) and (include_refs or k not in REF_KEYS) and rng.random() < share:
                    node[k] = rng.choice(PAYLOADS) if rng.random() < 0.3 else combine(v if rng.random() < 0.7 else
                                                                                      v + ' "\'<>&\r\n x', mark)
                    changed[0] = True
                else:
                    visit(v, k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                if isinstance(v, str) and (include_refs or key not in REF_KEYS) and rng.random() < share:
                    node[i] = combine(v + '"<', mark)
                    changed[0] = True
                else:
                    visit(v, key)

    visit(data)
    fields = native_fields(data)
    if fields and rng.random() < 0.5:  # the repro: an option value that leaves its attribute
        _, field = rng.choice(fields)
        field["type"] = rng.choice(["select", "radio", "checkbox"])
        field["options"] = [{"value": rng.choice(PAYLOADS), "label": "L"}, combine('a"b<c>d', mark)]
        for key in ("placeholder", "default", "mask", "accept", "alt", "help"):
            if rng.random() < 0.4:
                field[key] = combine('x" autofocus onfocus=alert(1)//<>&\r\n', mark)
        changed[0] = True
    return changed[0]


def mut_poly_regex(rng, data, case):
    fields = native_fields(data)
    if not fields:
        return False
    _, field = rng.choice(fields)
    field["type"] = rng.choice(["text", "text", "textarea", "tel", "email"])
    pattern = rng.choice(POLY_REGEXES)
    slow = rng.random() < 0.3
    shape = rng.randrange(5)
    if shape == 0:
        field["validation"] = {"regex": pattern}
    elif shape == 1:
        field["validation"] = {"regex": {"value": pattern, "message": "no", **({"allowSlowRegex": True} if slow else {})}}
    elif shape == 2:
        field["validation"] = [{"type": "regex", "value": pattern, **({"allowSlowRegex": True} if slow else {})}]
    elif shape == 3:
        field["validation"] = {"pattern": pattern}
    else:
        field["pattern"] = pattern
    return True


def mut_type_swap(rng, data, case):
    fields = fields_of(data)
    if not fields:
        return False
    for _ in range(rng.randint(1, 3)):
        _, field = rng.choice(fields)
        field["type"] = rng.choice(FIELD_TYPES)
        if rng.random() < 0.3:
            field["options"] = rng.choice([[], [""], [None], [{"value": None}], ["a"] * 3, list(range(3000))])
    return True


def mut_markdown(rng, data, case):
    if not isinstance(data, dict):
        return False
    text = markdown_table(rng) if rng.random() < 0.5 else markdown_deep(rng)
    key = "title" if "title" in data and rng.random() < 0.1 else "description"
    if "name" in data and "pages" in data and "elements" in json.dumps(data)[:100000]:
        key = "name"
    data[key] = text
    fields = native_fields(data)
    if fields and rng.random() < 0.3:
        _, field = rng.choice(fields)
        field["help"] = markdown_deep(rng)
    return True


def mut_many_fields(rng, data, case):
    if not isinstance(data, dict):
        return False
    n = rng.choice([200, 500, 1000, 2000])
    extra = [{"id": f"f{i}", "label": f"Field {i % 7}", "type": "text"} for i in range(n)]
    for _, node in walk(data):
        if isinstance(node, dict) and isinstance(node.get("fields"), list):
            node["fields"].extend(extra)
            return True
    if "pages" not in data and "elements" not in json.dumps(data)[:2000]:
        data["fields"] = extra
        return True
    return False


STRUCTURED = {
    "hostileId": (mut_hostile_id, 3), "numericExtreme": (mut_numeric_extreme, 4), "combiningMarks": (mut_combining, 4),
    "polyRegex": (mut_poly_regex, 3), "typeSwap": (mut_type_swap, 2), "markdown": (mut_markdown, 2),
    "manyFields": (mut_many_fields, 0.3),
}

# ---------------------------------------------------------------------------------------------------------------
# Text mutations (the Swift target's Mutation, plus alias bombs and line endings)

FLIP_CHOICES = [0x00, 0x09, 0x0A, 0x22, 0x27, 0x3A, 0x2D, 0x7B, 0x7D, 0x5B, 0x5D, 0x23, 0x26, 0x2A, 0x7C, 0x3E, 0xFF, 0xC3]
SWAP_VALUES = ["[]", "{}", "null", "123", "-1", "true", "'x'", "[1, [2]]", "{a: 1}", "1e400", '""', "~"]


def value_replace(line, value):
    colon = line.find(":")
    if colon < 0:
        return None
    return line[:colon + 1] + " " + value + ("," if line.endswith(",") else "")


def txt_flip_byte(rng, text):
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    if not data:
        return text
    i = rng.randrange(len(data))
    data[i] = rng.choice(FLIP_CHOICES) if rng.random() < 0.5 else data[i] ^ (1 << rng.randrange(8))
    return data.decode("utf-8", "replace")


def txt_lines(rng, text, op):
    lines = text.split("\n")
    i = rng.randrange(max(len(lines), 1))
    if op == "deleteLine":
        del lines[i]
    elif op == "duplicateLine":
        lines.insert(i, lines[i])
    elif op == "swapType":
        new = value_replace(lines[i], rng.choice(SWAP_VALUES))
        if new is not None:
            lines[i] = new
    elif op == "deepNesting":
        depth = 50 + rng.randrange(250)
        nested = "[" * depth + "]" * depth if rng.random() < 0.5 else "{a: " * depth + "1" + "}" * depth
        indent = lines[i][:len(lines[i]) - len(lines[i].lstrip(" "))]
        lines.insert(i, indent + "deep: " + nested)
    elif op == "hugeString":
        new = value_replace(lines[i], '"' + "ab<script>" * (10000 + rng.randrange(20000)) + '"')
        if new is not None:
            lines[i] = new
    return "\n".join(lines)


def txt_alias_bomb(rng, text, path):
    bomb, alias = inline_bomb(rng)
    lines = text.split("\n")
    if path.endswith(".md"):
        if lines and lines[0].strip() == "---":
            lines.insert(1, "bomb: " + bomb)
            if rng.random() < 0.5:
                lines.insert(2, "title: " + alias)
        else:
            lines = ["---", "title: " + alias if rng.random() < 0.5 else "title: t", "bomb: " + bomb, "---"] + lines
            lines[1], lines[2] = lines[2], lines[1]
        return "\n".join(lines)
    where = rng.randrange(3)
    if where == 0 or path.endswith(".json"):  # a top-level key (a .json file goes to the YAML reader when invalid)
        lines.insert(0 if path.endswith(".json") and rng.random() < 0.5 else len(lines), "bomb: " + bomb)
    else:  # any value, then maybe an alias to it further down
        candidates = [i for i, l in enumerate(lines) if ":" in l and not l.lstrip().startswith("#")]
        if not candidates:
            return text + "\nbomb: " + bomb + "\n"
        i = rng.choice(candidates)
        lines[i] = value_replace(lines[i], bomb)
        if where == 2:
            later = [j for j in candidates if j > i]
            if later:
                j = rng.choice(later)
                lines[j] = value_replace(lines[j], alias)
    return "\n".join(lines)


def txt_crlf(rng, text, path):
    choice = rng.randrange(4)
    if choice == 0:
        return text.replace("\r\n", "\n").replace("\n", "\r\n")
    if choice == 1:  # mixed
        return "".join(line + ("\r\n" if rng.random() < 0.5 else "\n") for line in text.split("\n"))
    if choice == 2:
        return text.replace("\n", "\r")
    return "\ufeff" + text.replace("\n", "\r\n")


def txt_markdown(rng, text, path):
    if not path.endswith(".md"):
        return None
    return text + "\n" + (markdown_table(rng) if rng.random() < 0.6 else markdown_deep(rng))


TEXT = {
    "flipByte": (lambda rng, t, p: txt_flip_byte(rng, t), 3),
    "deleteLine": (lambda rng, t, p: txt_lines(rng, t, "deleteLine"), 2),
    "swapType": (lambda rng, t, p: txt_lines(rng, t, "swapType"), 2),
    "deepNesting": (lambda rng, t, p: txt_lines(rng, t, "deepNesting"), 1.5),
    "hugeString": (lambda rng, t, p: txt_lines(rng, t, "hugeString"), 1),
    "duplicateLine": (lambda rng, t, p: txt_lines(rng, t, "duplicateLine"), 1.5),
    "aliasBomb": (txt_alias_bomb, 3),
    "crlf": (txt_crlf, 2),
    "markdownDoc": (txt_markdown, 3),
}

# ---------------------------------------------------------------------------------------------------------------
# Site-level and file-system mutations

SYMLINKS = [
    ("assets/p.txt", "/etc/passwd"), ("docs/passwd.md", "/etc/passwd"), ("docs/link.md", "../site.yaml"),
    ("docs/loop", "."), ("docs/up", ".."), ("assets/loop", "../assets"), ("forms/dangling.yaml", "/nonexistent/x.yaml"),
    ("forms/self.yaml", "self.yaml"), ("docs/zero.md", "/dev/zero"), ("i18n", "/etc"), ("forms/site-copy.yaml", "../site.yaml"),
    ("assets/root", "/"), ("docs/sub/deeper", "../../docs"),
]


def site_remote_block(rng, port):
    lines = ["remote:", "  images: false"]
    if rng.random() < 0.7:
        lines.append("  timeout: " + rng.choice(DURATIONS))
    if rng.random() < 0.7:
        lines.append("  connectTimeout: " + rng.choice(DURATIONS))
    host_port = lambda: rng.choice(PORTS) if rng.random() < 0.7 else str(port)  # noqa: E731
    if rng.random() < 0.7:
        target = f"http://127.0.0.1:{host_port()}/forms/a.json"
        if rng.random() < 0.3:
            target = f"http://127.0.0.1:{port}/__redirect/{rng.choice(PORTS)}/a.json"
        lines += ["  forms:", f"    - url: {target}", "      id: a"]
        if rng.random() < 0.5:
            lines.append("      maxAge: " + rng.choice(DURATIONS))
    if rng.random() < 0.5:
        lines += ["  lists:", "    - id: l", f"      url: http://127.0.0.1:{host_port()}/list", "      items: $",
                  "      value: v"]
    return "\n".join(lines) + "\n"


def apply_symlink(rng, configs):
    link, target = rng.choice(SYMLINKS)
    if link == "docs/zero.md" and rng.random() < 0.7:  # rarely: it makes the reader read forever
        link, target = "docs/passwd.md", "/etc/passwd"
    path = os.path.join(configs, link)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    os.symlink(target, path)
    return f"symlink({link}->{target})"


# ---------------------------------------------------------------------------------------------------------------
# A case


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def weighted(rng, table):
    names = list(table)
    return rng.choices(names, weights=[table[n][1] for n in names])[0]


def load_structured(text, path):
    try:
        data = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
    except Exception:
        return None
    return data if isinstance(data, (dict, list)) else None


def dump_structured(data, path):
    if path.endswith(".json"):
        text = json.dumps(data, ensure_ascii=False, indent=2)
    else:
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1 << 30)
    return RAW_RE.sub(lambda m: m.group(2), text)


def split_front_matter(text):
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end > 0:
            return text[4:end + 1], text[end + 5:]
    return None, text


def mutate_text_file(rng, text, path, mutations):
    """1–3 mutations on one config's text: structured ones first (on the parsed value), then text ones."""
    count = rng.choice([1, 1, 1, 2, 2, 3])
    chosen = []
    for _ in range(count):
        if rng.random() < 0.55:
            chosen.append(("s", weighted(rng, STRUCTURED)))
        else:
            chosen.append(("t", weighted(rng, TEXT)))
    chosen.sort(key=lambda c: c[0] != "s")
    for kind, name in chosen:
        if kind == "s":
            if path.endswith(".md"):
                front, body = split_front_matter(text)
                data = load_structured(front, "x.yaml") if front else {"title": "T"}
                if not isinstance(data, dict):
                    continue
                if name == "markdown":
                    body = body + "\n" + (markdown_table(rng) if rng.random() < 0.6 else markdown_deep(rng))
                elif name == "combiningMarks":
                    mut_combining(rng, data, None)
                    body = combine(body, rng.choice(MARKS))
                else:
                    data["title"] = rng.choice(HOSTILE_IDS)
                    data["order"] = raw(rng.choice(NUMBERS))
                text = "---\n" + dump_structured(data, "x.yaml") + "---\n" + body
                mutations.append(name)
                continue
            data = load_structured(text, path)
            if data is None:
                continue
            if STRUCTURED[name][0](rng, data, None):
                text = dump_structured(data, path)
                mutations.append(name)
        else:
            new = TEXT[name][0](rng, text, path)
            if new is not None:
                text = new
                mutations.append(name)
    if not mutations:
        text = txt_flip_byte(rng, text)
        mutations.append("flipByte")
    return text


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", errors="surrogatepass", newline="") as f:
        f.write(text)


def make_case(index, seed, work, port, build_fraction):
    """Writes case `index` of `seed` under work/case-N; returns how to run it."""
    rng = random.Random(f"{seed}:{index}")
    name = f"case-{index:06d}"
    case = os.path.join(work, name)
    configs = os.path.join(case, "configs")
    mutations = []
    env = {}
    remote = rng.random() < 0.1
    build = rng.random() < build_fraction
    if remote:
        target = rng.choice(REMOTE_TARGETS)
        files = {
            "configs/site.yaml": read(os.path.join(CONFIGS, "remote/site.yaml")),
            "configs/forms/exchange.yaml": read(os.path.join(CONFIGS, "remote/forms/exchange.yaml")),
            "served/api/remote/inspection.json": read(os.path.join(CONFIGS, "remote/mocks/api/remote/inspection.json")),
            "served/api/remote/currencies.json": read(os.path.join(CONFIGS, "remote/mocks/api/remote/currencies.json")),
            "served/api/remote/site-plan.svg": read(os.path.join(CONFIGS, "remote/mocks/api/remote/site-plan.svg")),
        }
        env["FORMGEN_SERVE_ORIGIN"] = f"http://127.0.0.1:{port}/{name}/served"
        special = rng.random()
        if special < 0.2:  # the remote form as YAML, with an alias bomb
            bomb, alias = inline_bomb(rng)
            files["served/api/remote/inspection.yaml"] = (
                f"type: page\ntitle: {alias if rng.random() < 0.5 else 'Bombed'}\nbomb: {bomb}\nitems:\n"
                "  - {type: text, title: Remarks}\n")
            files["configs/site.yaml"] = files["configs/site.yaml"].replace("inspection.json", "inspection.yaml")
            mutations.append("remoteAliasBomb")
        elif special < 0.45:  # numeric extremes in the site's remote settings
            site = files["configs/site.yaml"]
            extra = []
            if rng.random() < 0.7:
                extra.append("  timeout: " + rng.choice(DURATIONS))
            if rng.random() < 0.7:
                extra.append("  connectTimeout: " + rng.choice(DURATIONS))
            site = site.replace("remote:\n", "remote:\n" + "".join(e + "\n" for e in extra), 1)
            if rng.random() < 0.6:
                site = site.replace("      id: inspection\n", f"      id: inspection\n      maxAge: {rng.choice(DURATIONS)}\n")
            if rng.random() < 0.5:
                bad = rng.choice(PORTS)
                which = rng.choice(["inspection", "currencies"])
                site = re.sub(r"\$\{FORMGEN_SERVE_ORIGIN:-[^}]*\}(/api/remote/" + which + ")",
                              (f"http://127.0.0.1:{bad}" if rng.random() < 0.5 else
                               f"http://127.0.0.1:{port}/__redirect/{bad}") + r"\1", site)
            files["configs/site.yaml"] = site
            mutations.append("remoteNumericExtreme")
        elif special < 0.55:  # a list with extreme numbers
            files["served/api/remote/currencies.json"] = json.dumps(
                [{"shortName": raw(rng.choice(NUMBERS)), "name": rng.choice(PAYLOADS), "valMid": raw(rng.choice(NUMBERS))}
                 for _ in range(rng.choice([1, 10, 5000]))])
            files["served/api/remote/currencies.json"] = RAW_RE.sub(lambda m: m.group(2), files["served/api/remote/currencies.json"])
            mutations.append("remoteListExtreme")
        if special >= 0.2 or rng.random() < 0.5:
            files[target] = mutate_text_file(rng, files[target], target, mutations)
        for rel, text in files.items():
            write(os.path.join(case, rel), text)
        args = ["-c", "configs", "--cache-dir", "cache"]
        argv = ["build", "-o", "out", "--force", "-t", "no-templates"] + args if build else ["check", "-t", "no-templates"] + args
    else:
        target = rng.choice(LOCAL_TARGETS)
        paths = {"site.yaml", target}
        if target.startswith("countries/"):
            paths.add("forms/kyc.yaml")
        if target in ("forms/login.yaml", "i18n/ar.yaml"):
            paths |= {"forms/login.yaml", "i18n/ar.yaml"}
        if target.startswith("docs/") and rng.random() < 0.5:
            paths.add("docs/index.md")
        if target == "site.yaml" or rng.random() < 0.3:
            paths.add(rng.choice([t for t in LOCAL_TARGETS if t.startswith("forms/")]))
        texts = {p: read(os.path.join(CONFIGS, p)) for p in paths}
        texts[target] = mutate_text_file(rng, texts[target], target, mutations)
        if rng.random() < 0.12:  # a second hostile doc beside it
            doc = "---\ntitle: Hostile\n---\n# Table\n\n" + (markdown_table(rng) if rng.random() < 0.6 else markdown_deep(rng))
            if rng.random() < 0.3:
                bomb, alias = inline_bomb(rng)
                doc = f"---\ntitle: {alias}\nbomb: {bomb}\n---\n" + doc.split("---\n", 2)[2]
                mutations.append("docAliasBomb")
            texts["docs/hostile.md"] = doc
            mutations.append("hostileDoc")
        if rng.random() < 0.1:  # site.yaml: numeric extremes in remote settings (never fetched off loopback)
            texts["site.yaml"] = texts["site.yaml"].rstrip("\n") + "\n" + site_remote_block(rng, port)
            mutations.append("siteRemoteExtreme")
        if rng.random() < 0.05 and target != "site.yaml":
            bomb, alias = inline_bomb(rng)
            texts["site.yaml"] = texts["site.yaml"].rstrip("\n") + f"\nbomb: {bomb}\n" + (
                f"description: {alias}\n" if rng.random() < 0.5 else "")
            mutations.append("siteAliasBomb")
        for rel, text in texts.items():
            write(os.path.join(configs, rel), text)
        os.makedirs(os.path.join(configs, "assets"), exist_ok=True)
        shutil.copy(os.path.join(CONFIGS, "assets/logo.svg"), os.path.join(configs, "assets/logo.svg"))
        if rng.random() < 0.08:
            mutations.append(apply_symlink(rng, configs))
        common = ["-c", "configs", "-t", "no-templates"]
        if rng.random() < 0.7:
            common.append("--no-excerpt")
        if rng.random() < 0.1:
            common.append("--strict")
        argv = ["build", "-o", "out", "--offline", "--force"] + common if build else ["check"] + common
    return {"index": index, "dir": case, "argv": argv, "env": env, "remote": remote, "target": target,
            "mutations": mutations}


# ---------------------------------------------------------------------------------------------------------------
# Running one child

LOCATED = re.compile(r"^(?:configs/[^:\n]+|https?://\S+?|\$\{[^}\s]*\}\S*?):\d+:\d+: (?:error|warning): \S")
EXCERPT = re.compile(r"^ *\d* \| ")
DIAGNOSTIC_LIKE = re.compile(r": (?:error|warning): |^(?:error|warning): ")
FATAL = re.compile(r"(?:Fatal error|fatal error|Assertion failed|Precondition failed|terminate called|Could not allocate|"
                   r"Out of memory|out of memory|malloc)[^\n]{0,200}")


class InjectionFinder(html.parser.HTMLParser):
    """Markup that only a config string can have put there: an event-handler or autofocus attribute, the payloads'
    <img src=x>, or a script that runs alert(1) (the JSON spec, which holds the payloads as data, excepted)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hits = []
        self.script = None

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key.startswith("on") or key == "autofocus" or (tag == "img" and key == "src" and value == "x"):
                self.hits.append(f"<{tag} {key}={value!r}>"[:200])
        self.script = dict(attrs).get("type", "") if tag == "script" else None

    def handle_endtag(self, tag):
        self.script = None

    def handle_data(self, data):
        if self.script is not None and "json" not in self.script and "alert(1)" in data:
            self.hits.append("<script>" + data[:100])


def injected_markup(out):
    hits = []
    for dirpath, _, names in os.walk(out):
        for name in names:
            if name.endswith(".html"):
                finder = InjectionFinder()
                with open(os.path.join(dirpath, name), encoding="utf-8", errors="replace") as f:
                    finder.feed(f.read())
                hits += [os.path.relpath(os.path.join(dirpath, name), out) + ": " + h for h in finder.hits]
    return hits


def run_child(binary, argv, cwd, env, timeout, as_bytes, stdout_path, stderr_path):
    """Runs the child under the caps; returns (exit code or -signal, timed out, wall s, peak RSS KiB)."""
    cpu = int(timeout * 3) + 5

    def limits():
        if as_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (as_bytes, as_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    full_env = dict(os.environ)
    full_env.update({"SWIFT_BACKTRACE": "enable=no", "LANG": "C.UTF-8", "NO_COLOR": "1"})
    full_env.update(env)
    for attempt in range(240):  # the binary may be relinked under us by a build: wait for it (at most 2 min)
        try:
            with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
                started = time.monotonic()
                proc = subprocess.Popen([binary] + argv, cwd=cwd, env=full_env, stdin=subprocess.DEVNULL, stdout=out,
                                        stderr=err, preexec_fn=limits, start_new_session=True)
            break
        except OSError as error:
            if error.errno not in (errno.ETXTBSY, errno.ENOENT, errno.EACCES) or attempt == 239:
                raise
            time.sleep(0.5)
    status = None
    rusage = None
    timed_out = False
    try:
        deadline = started + timeout
        delay = 0.002
        while True:
            pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            now = time.monotonic()
            if now >= deadline:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                _, status, rusage = os.wait4(proc.pid, 0)
                break
            time.sleep(min(delay, deadline - now))
            delay = min(delay * 1.5, 0.02)
    finally:
        if status is None:  # interrupted: never leave the child behind
            try:
                os.killpg(proc.pid, signal.SIGKILL)
                os.wait4(proc.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
    wall = time.monotonic() - started
    try:  # anything the child left in its group (a backtracer)
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    return code, timed_out, wall, rusage.ru_maxrss


def read_tail(path, limit=32 << 20):
    with open(path, "rb") as f:
        return f.read(limit).decode("utf-8", "replace")


def examine(case, code, timed_out, rss_kb, rss_limit_kb, stdout, stderr):
    unlocated = []
    for line in (stderr + "\n" + stdout).split("\n"):
        line = line.rstrip("\r")
        if EXCERPT.match(line):
            continue  # a diagnostic's source line or caret (`12 | text`, `   | ^`)
        if DIAGNOSTIC_LIKE.search(line) and not LOCATED.match(line[:4096]):
            if code == 2 and line.startswith("error: "):
                continue  # a usage error, counted apart
            unlocated.append(line[:300])
    classes = []
    if timed_out:
        classes.append("timeout")
    elif code < 0:
        classes.append("signal")
    elif code not in (0, 1, 2):
        classes.append("exit")
    if unlocated and not timed_out and code >= 0:
        classes.append("unlocated")
    if rss_kb > rss_limit_kb:
        classes.append("rss")
    return classes, unlocated


# ---------------------------------------------------------------------------------------------------------------
# Workers

CONFIG = {}


def worker_init(config):
    CONFIG.update(config)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and terminates the pool

    def stop(signum, frame):
        raise SystemExit(1)

    signal.signal(signal.SIGTERM, stop)


def run_case(index):
    c = CONFIG
    began = time.monotonic()
    case = make_case(index, c["seed"], c["cases_dir"], c["port"], c["build_fraction"])
    cwd = case["dir"]
    stdout_path = os.path.join(cwd, "stdout.txt")
    stderr_path = os.path.join(cwd, "stderr.txt")
    try:
        code, timed_out, wall, rss = run_child(c["binary"], case["argv"], cwd, case["env"], c["timeout"],
                                               c["as_bytes"], stdout_path, stderr_path)
        stdout, stderr = read_tail(stdout_path), read_tail(stderr_path)
        classes, unlocated = examine(case, code, timed_out, rss, c["rss_limit_kb"], stdout, stderr)
        fatal = ""
        for line in stderr.split("\n"):
            m = FATAL.search(line[:20000])
            if m:
                fatal = m.group(0)[:200]
                break
        injected = []
        if case["argv"][0] == "build" and code == 0 and "combiningMarks" in case["mutations"]:
            injected = injected_markup(os.path.join(cwd, "out"))
        if injected:
            classes.append("injected")
            with open(os.path.join(cwd, "injected.txt"), "w") as f:
                f.write("\n".join(injected) + "\n")
        kept = ""
        if classes or c["keep_all"]:
            kept = keep_case(case, classes, code, timed_out, wall, rss, fatal, unlocated)
            if "signal" in classes and c["backtraces"] > c["backtraces_taken"]:
                c["backtraces_taken"] += 1
                backtrace(case, kept)
        return {"index": index, "target": case["target"], "remote": case["remote"], "command": case["argv"][0],
                "mutations": case["mutations"], "code": code, "timeout": timed_out, "wall": wall, "rss_kb": rss,
                "classes": classes, "unlocated": unlocated[:3], "fatal": fatal, "kept": kept,
                "errors": ": error: " in stderr, "injected": len(injected), "total": time.monotonic() - began}
    finally:
        shutil.rmtree(cwd, ignore_errors=True)


def keep_case(case, classes, code, timed_out, wall, rss, fatal, unlocated):
    c = CONFIG
    dest = os.path.join(c["kept_dir"], os.path.basename(case["dir"]) + "-" + "-".join(classes or ["ok"]))
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(case["dir"], dest, symlinks=True, ignore=shutil.ignore_patterns("out", "cache"))
    for name in ("stdout.txt", "stderr.txt"):
        path = os.path.join(dest, name)
        if os.path.exists(path) and os.path.getsize(path) > (1 << 20):
            with open(path, "r+b") as f:
                f.truncate(1 << 20)
    env = " ".join(f"{k}={v}" for k, v in case["env"].items())
    with open(os.path.join(dest, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# " + ", ".join(case["mutations"]) + f" on {case['target']}\n")
        f.write(f"# exit {code}, timed out {timed_out}, {wall:.2f} s, peak RSS {rss // 1024} MiB {fatal}\n")
        for line in unlocated[:3]:
            f.write(f"# unlocated: {line[:200]}\n")
        if case["remote"]:
            f.write("# a remote case: serve served/ on loopback (python3 -m http.server -d served) and point "
                    "FORMGEN_SERVE_ORIGIN at it\n")
        f.write(f'cd "$(dirname "$0")" && ulimit -v {c["as_bytes"] // 1024} && {env} SWIFT_BACKTRACE=enable=no '
                f'"${{FORMGEN:-{c["original"]}}}" {" ".join(case["argv"])}\n')
    os.chmod(os.path.join(dest, "repro.sh"), 0o755)
    with open(os.path.join(dest, "case.json"), "w") as f:
        json.dump({"index": case["index"], "seed": c["seed"], "argv": case["argv"], "mutations": case["mutations"],
                   "target": case["target"], "exit": code, "timeout": timed_out, "wall": wall, "rss_kb": rss,
                   "fatal": fatal, "unlocated": unlocated[:10]}, f, indent=1)
    return dest


def backtrace(case, kept):
    """Runs a signalled case once more with Swift's backtracer on, into backtrace.txt (bounded to 60 s)."""
    env = dict(case["env"])
    env_full = dict(os.environ, **env, SWIFT_BACKTRACE="enable=yes,interactive=no,color=no,sanitize=no")
    try:
        proc = subprocess.Popen([CONFIG["binary"]] + case["argv"], cwd=case["dir"], env=env_full,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True,
                                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (CONFIG["as_bytes"],) * 2))
        try:
            _, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            _, err = proc.communicate()
        with open(os.path.join(kept, "backtrace.txt"), "wb") as f:
            f.write(err[: 1 << 20])
    except OSError:
        pass
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except Exception:
            pass


# ---------------------------------------------------------------------------------------------------------------
# The loopback server for remote cases


class Handler(BaseHTTPRequestHandler):
    root = "/"

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        m = re.match(r"^/__redirect/([^/]*)/", path)
        if m:
            self.send_response(302)
            self.send_header("Location", f"http://127.0.0.1:{m.group(1)}/x")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        full = os.path.realpath(os.path.join(self.root, path.lstrip("/")))
        if not full.startswith(self.root + os.sep) or not os.path.isfile(full):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        with open(full, "rb") as f:
            body = f.read()
        self.send_response(200)
        kind = "image/svg+xml" if full.endswith(".svg") else "application/yaml" if full.endswith(".yaml") else "application/json"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            pass  # the child gave up (a 0 s timeout): its own business


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that hangs up early is no failure of the server


def start_server(root):
    Handler.root = os.path.realpath(root)
    server = QuietServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    return server


# ---------------------------------------------------------------------------------------------------------------
# Main


def mib(kb):
    return f"{kb / 1024:.0f} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="?", type=int, default=None, help="default 20000")
    parser.add_argument("seed", nargs="?", type=int, default=None)
    parser.add_argument("--quick", type=int, metavar="N", help="a short run of N cases")
    parser.add_argument("--case", type=int, metavar="I", help="run only case I of SEED, keep it and print its output")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per child (default 10)")
    parser.add_argument("--as-limit-mb", type=int, default=1024, help="RLIMIT_AS per child in MiB (0: none)")
    parser.add_argument("--rss-limit-mb", type=int, default=1024, help="peak RSS over this fails a case")
    parser.add_argument("--build-fraction", type=float, default=0.25)
    parser.add_argument("--backtraces", type=int, default=3, help="signalled cases rerun with the Swift backtracer")
    parser.add_argument("--keep-all", action="store_true")
    parser.add_argument("--no-copy", action="store_true", help="run the binary in place instead of a snapshot of it")
    args = parser.parse_args()

    binary = os.path.abspath(os.environ.get("FORMGEN") or os.path.join(ROOT, ".build/debug/formgen"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"fuzz: no formgen binary at {binary} (swift build, or FORMGEN=path)")
    original = binary
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background

    def terminated(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminated)
    if (args.quick or args.case is not None) and args.cases is not None and args.seed is None:
        args.seed, args.cases = args.cases, None  # --quick N SEED, --case I SEED
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    total = args.quick or args.cases or 20000
    indices = [args.case] if args.case is not None else list(range(total))
    work = tempfile.mkdtemp(prefix="formgen-fuzz-")
    cases_dir = os.path.join(work, "cases")
    kept_dir = os.path.join(work, "kept")
    os.makedirs(cases_dir)
    os.makedirs(kept_dir)
    if not args.no_copy:  # a snapshot: others may relink the binary during the run (a half-written one segfaults)
        snapshot = os.path.join(work, "formgen")
        shutil.copy2(binary, snapshot)
        binary = snapshot
    server = start_server(cases_dir)
    config = {"seed": seed, "cases_dir": cases_dir, "kept_dir": kept_dir, "port": server.server_address[1],
              "binary": binary, "original": original, "timeout": args.timeout, "as_bytes": args.as_limit_mb << 20,
              "rss_limit_kb": args.rss_limit_mb << 10, "build_fraction": args.build_fraction,
              "keep_all": args.keep_all or args.case is not None, "backtraces": args.backtraces, "backtraces_taken": 0}
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    built = time.strftime("%H:%M:%S", time.localtime(os.stat(original).st_mtime))
    print(f"fuzz: {len(indices)} cases, seed {seed}, {args.workers} workers, {original} ({version}, built {built}"
          f"{', run from a copy' if binary != original else ''}), RLIMIT_AS {args.as_limit_mb} MiB, "
          f"timeout {args.timeout:g} s", flush=True)
    results = []
    started = time.monotonic()
    pool = None
    interrupted = False
    try:
        if args.case is not None:
            worker_init(config)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            results.append(run_case(args.case))
        else:
            pool = mp.get_context("fork").Pool(args.workers, initializer=worker_init, initargs=(config,))
            step = max(1, len(indices) // 20)
            for r in pool.imap_unordered(run_case, indices, chunksize=4):
                results.append(r)
                done = len(results)
                if r["classes"]:
                    print(f"  case {r['index']}: {','.join(r['classes'])} exit {r['code']} {r['wall']:.2f} s "
                          f"{mib(r['rss_kb'])} [{', '.join(r['mutations'])} on {r['target']}] {r['fatal']} "
                          f"{(r['unlocated'] or [''])[0][:120]} -> {r['kept']}", flush=True)
                if done % step == 0:
                    rate = done / (time.monotonic() - started)
                    bad = sum(1 for x in results if set(x["classes"]) - {"injected"})
                    print(f"  {done}/{len(indices)} cases, {rate:.1f}/s, {bad} failing", flush=True)
            pool.close()
            pool.join()
    except KeyboardInterrupt:
        interrupted = True
        print("\nfuzz: interrupted", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        server.shutdown()
        server.server_close()
        shutil.rmtree(cases_dir, ignore_errors=True)
        if binary != original:
            os.remove(binary)

    elapsed = time.monotonic() - started
    report(results, elapsed, seed, args)
    failing = [r for r in results if set(r["classes"]) - {"injected"}]
    if args.case is not None:
        r = results[0]
        print(f"\nkept: {r['kept']}")
        for name in ("stderr.txt", "stdout.txt"):
            path = os.path.join(r["kept"], name)
            if os.path.exists(path):
                print(f"--- {name} (first 3000 characters)\n{read_tail(path)[:3000]}")
    if os.listdir(kept_dir):
        print(f"\nfailing cases kept in {kept_dir} (each with repro.sh, case.json, stdout.txt, stderr.txt)")
    else:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(130 if interrupted else 1 if failing else 0)


def report(results, elapsed, seed, args):
    if not results:
        return
    n = len(results)
    count = lambda cls: sum(1 for r in results if cls in r["classes"])  # noqa: E731
    signals = {}
    for r in results:
        if "signal" in r["classes"]:
            name = signal.Signals(-r["code"]).name if -r["code"] in signal.Signals._value2member_map_ else str(-r["code"])
            signals[name] = signals.get(name, 0) + 1
    slowest = max(results, key=lambda r: r["wall"])
    biggest = max(results, key=lambda r: r["rss_kb"])
    finished = [r["wall"] for r in results if not r["timeout"]]
    print()
    print("| cases | with errors | usage (exit 2) | signal exits | timeouts | other exits | unlocated | "
          f"RSS > {args.rss_limit_mb} MiB | max RSS | slowest | builds with injected markup | cases/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    sig_text = ", ".join(f"{k} {v}" for k, v in sorted(signals.items())) or "0"
    print(f"| {n:,} | {sum(r['errors'] for r in results):,} | {sum(r['code'] == 2 for r in results)} | "
          f"{count('signal')} ({sig_text}) | {count('timeout')} | {count('exit')} | {count('unlocated')} | "
          f"{count('rss')} | {mib(biggest['rss_kb'])} (case {biggest['index']}) | {slowest['wall']:.2f} s (case "
          f"{slowest['index']}) | {count('injected')} | {n / elapsed:.1f} |")
    if finished:
        finished.sort()
        print(f"\nseed {seed}; {elapsed:.0f} s; wall per case p50 {finished[len(finished) // 2]:.2f} s, "
              f"p99 {finished[int(len(finished) * 0.99)]:.2f} s; "
              f"{sum(r['command'] == 'build' for r in results)} builds, {sum(r['remote'] for r in results)} remote sites")
    groups = {}
    for r in results:
        for cls in r["classes"]:
            detail = r["fatal"] if cls == "signal" else (r["unlocated"] or [""])[0][:100] if cls == "unlocated" else ""
            detail = re.sub(r"\d+", "N", detail)
            key = (cls, detail)
            groups.setdefault(key, []).append(r)
    if groups:
        print("\n| failure | detail | cases | mutations (count) | example |")
        print("| --- | --- | ---: | --- | --- |")
        for (cls, detail), rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            muts = {}
            for r in rs:
                for m in set(r["mutations"]):
                    m = m.split("(")[0] if not m.startswith("symlink") else m
                    muts[m] = muts.get(m, 0) + 1
            mut_text = ", ".join(f"{k} {v}" for k, v in sorted(muts.items(), key=lambda kv: -kv[1])[:5])
            example = min(rs, key=lambda r: len(r["mutations"]))
            print(f"| {cls} | {detail.replace('|', '/')[:100]} | {len(rs)} | {mut_text} | {example['kept'] or example['index']} |")


if __name__ == "__main__":
    main()
