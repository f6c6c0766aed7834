"""Every kind of rule, as JSON Schema if/then/else, agrees with `formgen validate`.

A synthetic form uses each condition (equals, notEquals, in, notIn, empty, notEmpty, greaterThan, lessThan) on
each kind of tested field (yes/no, single checkbox, checkbox group, number, select, text), each action (show,
hide, require, unrequire) with and without `otherwise`, a chain of rules, and two rules on one target where the
later one wins. Random answers (fixed seed) are cleaned by `formgen validate --json` into what the page would
send; the schema's verdict on that data must equal the validator's.
"""
import json
import pathlib
import random
import subprocess

import pytest
from jsonschema import Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "formgen"
TODAY = "2025-06-15"

FORM = """\
title: Rules
fields:
  - {id: yard, label: Yard, type: yesno}
  - {id: fence, label: Fence, required: true}
  - {id: agree, label: Agree, type: checkbox}
  - {id: why, label: Why, required: true}
  - {id: pets, label: Pets, type: checkbox, options: [Dog, Cat, Bird]}
  - {id: petnotes, label: Pet notes, type: textarea, required: true}
  - {id: count, label: Count, type: number}
  - {id: big, label: Big}
  - {id: small, label: Small, required: true}
  - {id: colour, label: Colour, type: select, options: [red, green, blue]}
  - {id: shade, label: Shade, required: true}
  - {id: a, label: A, type: yesno}
  - {id: b, label: B, type: yesno}
  - {id: c, label: C, required: true}
  - {id: t1, label: T1}
  - {id: t2, label: T2}
  - {id: x, label: X, required: true}
  - {id: n1, label: N1}
  - {id: n2, label: N2, required: true}
  - {id: sure, label: Sure, type: checkbox}
  - {id: code, label: Code, required: true}
rules:
  - {when: yard, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [fence]}
  - {when: agree, condition: equals, value: "false", action: hide, targets: [why]}
  - {when: pets, condition: in, value: [Dog, Cat], action: show, otherwise: hide, targets: [petnotes]}
  - {when: count, condition: greaterThan, value: "10", action: require, otherwise: unrequire, targets: [big]}
  - {when: count, condition: lessThan, value: "3", action: hide, targets: [small]}
  - {when: colour, condition: notIn, value: [red, green], action: hide, otherwise: show, targets: [shade]}
  - {when: b, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [c]}
  - {when: a, condition: equals, value: "Yes", action: show, otherwise: hide, targets: [b]}
  - {when: t1, condition: equals, value: a, action: show, otherwise: hide, targets: [x]}
  - {when: t2, condition: equals, value: b, action: hide, targets: [x]}
  - {when: n1, condition: empty, action: hide, targets: [n2]}
  - {when: pets, condition: notEmpty, action: require, targets: [t1]}
  - {when: count, condition: equals, value: "5", action: hide, targets: [t2]}
  - {when: yard, condition: notEquals, value: "No", action: require, targets: [sure]}
  - {when: pets, condition: equals, value: Bird, action: unrequire, otherwise: require, targets: [code]}
  - {when: agree, condition: notEmpty, action: hide, targets: [code]}
"""

TRIGGERS = {
    "yard": [None, "Yes", "No"],
    "agree": [None, True, False],
    "pets": [None, ["Dog"], ["Bird"], ["Cat", "Bird"]],
    "count": [None, 2, 3, 5, 10, 10.5, 11],
    "colour": [None, "red", "green", "blue"],
    "a": [None, "Yes", "No"],
    "b": [None, "Yes", "No"],
    "t1": [None, "a", "z"],
    "t2": [None, "b", "q"],
    "n1": [None, "x"],
    "sure": [None, True, True, False],
}
TARGETS = ["fence", "why", "petnotes", "big", "small", "shade", "c", "x", "n2", "code"]
CASES = 200


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    assert BINARY.exists(), f"{BINARY} is missing: run `swift build` first"
    root = tmp_path_factory.mktemp("rules")
    (root / "configs" / "forms").mkdir(parents=True)
    (root / "configs" / "site.yaml").write_text("title: Rules\n")
    (root / "configs" / "forms" / "rules.yaml").write_text(FORM)
    subprocess.run([str(BINARY), "build", "--config", str(root / "configs"), "--templates", str(ROOT / "templates"),
                    "--out", str(root / "public")], check=True, capture_output=True, text=True)
    schema = json.loads((root / "public" / "rules" / "schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    return root, Draft202012Validator(schema)


def validate(root, data, tmp_path):
    submission = tmp_path / "submission.json"
    submission.write_text(json.dumps(data))
    result = subprocess.run([str(BINARY), "validate", "--config", str(root / "configs"), "--json", "--today", TODAY,
                             "rules", str(submission)], capture_output=True, text=True)
    assert result.returncode in (0, 1), result.stderr
    report = json.loads(result.stdout)
    assert report["valid"] == (result.returncode == 0)
    return report


def answers(rng):
    data = {}
    for field, choices in TRIGGERS.items():
        value = rng.choice(choices)
        if value is not None:
            data[field] = value
    for field in TARGETS:
        if rng.random() < 0.85:
            data[field] = "given"
    return data


def test_rule_conditions_agree_with_validate(site, tmp_path):
    root, schema = site
    rng = random.Random(20250615)
    verdicts = {True: 0, False: 0}
    for index in range(CASES):
        raw = answers(rng)
        report = validate(root, raw, tmp_path)
        sent = report["data"]
        assert schema.is_valid(sent) == report["valid"], (raw, sent, report["errors"], report["hidden"],
                                                          [e.message for e in schema.iter_errors(sent)])
        if index % 10 == 0:
            assert validate(root, sent, tmp_path)["valid"] == report["valid"], sent
        verdicts[report["valid"]] += 1
    assert verdicts[True] >= 20 and verdicts[False] >= 20, verdicts
