"""The config schemas in configs/schemas/ (printed by `formgen schema KIND`) accept the example configs and catch typos.

Editors' YAML language servers use these schemas to complete and check configs, so they must accept every
config formgen reads and flag the mistakes formgen would reject.
"""
import json
import pathlib
import subprocess

import pytest
import yaml
from jsonschema import Draft7Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "formgen"
KINDS = ["site", "form", "country"]


def schema(kind):
    document = json.loads((ROOT / "configs" / "schemas" / f"formgen-{kind}.schema.json").read_text())
    Draft7Validator.check_schema(document)
    return Draft7Validator(document)


def errors(kind, config):
    return sorted(error.message for error in schema(kind).iter_errors(config))


@pytest.mark.parametrize("kind", KINDS)
def test_committed_schema_is_what_the_command_prints(kind):
    assert BINARY.exists(), f"{BINARY} is missing: run `swift build` first"
    printed = subprocess.run([str(BINARY), "schema", kind], check=True, capture_output=True, text=True).stdout
    assert printed == (ROOT / "configs" / "schemas" / f"formgen-{kind}.schema.json").read_text()


@pytest.mark.parametrize("kind,path", [("site", "configs/site.yaml"), ("form", "configs/forms/kyc.yaml"),
                                       ("form", "configs/forms/registration.yaml")]
                         + [("country", str(p.relative_to(ROOT))) for p in sorted((ROOT / "configs/countries").glob("*.yaml"))])
def test_example_configs_are_valid(kind, path):
    config = yaml.safe_load((ROOT / path).read_text())
    assert errors(kind, config) == []


def test_the_three_validation_shapes_are_valid():
    form = {"title": "T", "fields": [
        {"id": "a", "label": "A", "validation": {"regex": "^x$", "message": "Must be x"}},
        {"id": "b", "label": "B", "validation": {"minLength": {"value": 2, "message": "Too short"}, "maxLength": 9}},
        {"id": "c", "label": "C", "validation": [{"type": "minAge", "value": 18, "message": "Too young"}, {"type": "email"}]},
        {"id": "d", "type": "paragraph", "text": "No label needed."},
    ]}
    assert errors("form", form) == []


def test_every_submit_key_formgen_reads_is_in_the_schema():
    site = {"title": "T", "submit": {"provider": "collect", "url": "https://forms.example.org", "minSeconds": 3, "retention": "90d"}}
    assert errors("site", site) == []
    form = {"title": "T", "fields": [{"id": "a", "label": "A"}], "submit": {"provider": "formspree", "form": "xyzzy123"}}
    assert errors("form", form) == []
    assert any("does not match" in message for message in errors("site", {"title": "T", "submit": {"retention": "90 days"}}))


@pytest.mark.parametrize("kind,config,expected", [
    ("form", {"title": "T", "feilds": []}, "Additional properties are not allowed ('feilds' was unexpected)"),
    ("form", {"title": "T", "fields": [{"id": "a", "label": "A", "type": "txt"}]}, "'txt' is not one of"),
    ("form", {"title": "T", "fields": [{"id": "a"}]}, "is not valid under any of the given schemas"),
    ("form", {"title": "T", "fields": [{"id": "1a", "label": "A"}]}, "does not match '^[A-Za-z][A-Za-z0-9_-]*$'"),
    ("form", {"title": "T", "fields": [{"id": "a", "label": "A", "validation": {"minLenght": 2}}]}, "is not valid under any of the given schemas"),
    ("form", {"title": "T", "fields": [{"id": "a", "label": "A"}], "rules": [{"when": "a", "condition": "eqals", "action": "show", "targets": ["a"]}]},
     "'eqals' is not one of"),
    ("country", {"country": "NLDX", "fields": []}, "does not match '^[A-Za-z]{2,3}$'"),
    ("country", {"fields": []}, "'country' is a required property"),
    ("site", {"title": "T", "submit": {"encoding": "xml"}}, "'xml' is not one of ['json', 'form']"),
])
def test_mistakes_are_flagged(kind, config, expected):
    found = errors(kind, config)
    assert any(expected in message for message in found), found


def test_embed_brand_and_accessibility_keys_are_in_the_schema():
    site = {"title": "T", "embed": {"origins": ["https://www.example.org", "http://127.0.0.1:8001/", "http://[::1]:9000"]},
            "brand": {"colour": "#1d4f91", "textColour": "white", "logo": "assets/logo.svg", "font": "serif", "radius": 4},
            "accessibility": {"contact": "a@example.org", "lastReviewed": "2026-11-20", "knownIssues": ["The map has no text."]}}
    assert errors("site", site) == []
    assert errors("form", {"title": "T", "fields": [{"id": "a", "label": "A"}], "embed": {"origins": ["https://a.example.org"]}}) == []
    for bad in [{"embed": {"origins": ["http://www.example.org"]}}, {"embed": {"origins": ["https://a.example.org/forms/"]}},
                {"embed": {}}, {"brand": {"colour": "blue"}}, {"brand": {"font": "comic"}}, {"brand": {"radius": 99}},
                {"brand": {"colur": "#fff"}}, {"accessibility": {"contact": "a@example.org"}},
                {"accessibility": {"contact": "a", "lastReviewed": "20 Nov 2026"}}]:
        assert errors("site", {"title": "T", **bad}) != [], bad
