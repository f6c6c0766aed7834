"""The manual (configs/manual/docs/, built by formgen) and the short README that points into it (issue #40, item 5).

Every YAML or JSON example in the manual and the README says what it is in its info string (```yaml form,
```yaml site, ```json country …) and is checked against the schema `formgen schema KIND` prints; a translation file
(```yaml i18n) has no schema and is checked to be a map by form id. The manual builds with --strict: a link to a doc
that does not exist or to an anchor no heading has fails it.
"""
import json
import pathlib
import re
import subprocess

import pytest
import yaml
from jsonschema import Draft7Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "formgen"
MANUAL = ROOT / "configs" / "manual"
SCHEMA_KINDS = ["site", "form", "country", "page"]
OTHER_KINDS = ["i18n"]
FENCE = re.compile(r"^```(\S*)(?:[ \t]+(\S+))?[ \t]*$")


def documents():
    return [ROOT / "README.md"] + sorted((MANUAL / "docs").rglob("*.md"))


def examples():
    """(file:line, language, kind, text) of every fenced block whose language is yaml or json."""
    found = []
    for path in documents():
        lines = path.read_text().split("\n")
        start = None
        for number, line in enumerate(lines, 1):
            match = FENCE.match(line)
            if start is None and line.startswith("```"):
                start = (number, match.group(1) if match else "", match.group(2) if match else None)
            elif start is not None and line.startswith("```"):
                first, language, kind = start
                if language in ("yaml", "json"):
                    label = f"{path.relative_to(ROOT)}:{first}"
                    found.append(pytest.param(label, language, kind, "\n".join(lines[first:number - 1]), id=label))
                start = None
    return found


@pytest.fixture(scope="module")
def validators():
    assert BINARY.exists(), f"{BINARY} is missing: run `swift build` first"
    result = {}
    for kind in SCHEMA_KINDS:
        printed = subprocess.run([str(BINARY), "schema", kind], check=True, capture_output=True, text=True).stdout
        document = json.loads(printed)
        Draft7Validator.check_schema(document)
        result[kind] = Draft7Validator(document)
    return result


def test_the_manual_and_the_readme_have_examples_to_check():
    kinds = {param.values[2] for param in examples()}
    assert len(examples()) >= 10
    assert {"site", "form", "country"} <= kinds


@pytest.mark.parametrize("label,language,kind,text", examples())
def test_every_example_validates_against_formgen_schema(validators, label, language, kind, text):
    assert kind in SCHEMA_KINDS + OTHER_KINDS, \
        f"{label}: say what the example is after its language (```{language} site|form|country|i18n)"
    configs = [json.loads(text)] if language == "json" else list(yaml.safe_load_all(text))
    assert configs and all(isinstance(config, dict) for config in configs), f"{label}: an example is a map"
    for config in configs:
        if kind in validators:
            messages = sorted(f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in validators[kind].iter_errors(config))
            assert messages == [], f"{label}: {messages}"
        else:
            assert all(isinstance(texts, dict) for texts in config.values()), f"{label}: a translation file maps form ids to texts"


def test_a_wrong_example_would_be_caught(validators):
    assert list(validators["site"].iter_errors({"submit": {"provider": "collect", "ulr": "https://forms.example.org"}}))
    assert not list(validators["site"].iter_errors({"submit": {"provider": "collect", "url": "https://forms.example.org"}}))


def test_the_manual_builds_strictly_with_no_broken_link(tmp_path):
    result = subprocess.run([str(BINARY), "build", "-c", str(MANUAL), "-o", str(tmp_path / "out"), "--strict"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning" not in result.stdout + result.stderr
    built = sorted(path.parent.name for path in (tmp_path / "out" / "docs").glob("*/index.html"))
    sources = sorted(path.stem for path in (MANUAL / "docs").glob("*.md") if path.stem != "index")
    assert built == sources
    index = (tmp_path / "out" / "docs" / "index.html").read_text()
    for name in sources:
        assert f'href="{name}/"' in index, f"the manual's contents link to {name}"


def test_a_broken_link_in_the_manual_fails_its_build(tmp_path):
    copy = tmp_path / "manual"
    subprocess.run(["cp", "-R", str(MANUAL), str(copy)], check=True)
    page = copy / "docs" / "install.md"
    page.write_text(page.read_text() + "\nSee [the missing page](no-such-page.md).\n")
    result = subprocess.run([str(BINARY), "build", "-c", str(copy), "-o", str(tmp_path / "out"), "--strict"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "install.md" in result.stdout + result.stderr and "there is no doc 'no-such-page.md'" in result.stdout + result.stderr


def test_the_readme_fits_on_a_few_screens_and_points_into_the_manual():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.split("\n")) <= 200
    linked = set(re.findall(r"\]\((configs/manual/docs/[^)#]+\.md)(?:#[^)]*)?\)", readme))
    assert len(linked) >= 8, linked
    for path in sorted(linked):
        assert (ROOT / path).is_file(), path
    for command in ["build", "serve", "collect", "export", "erase", "rekey", "users", "validate", "schema", "init"]:
        assert re.search(rf"^formgen {command}\b", readme, re.M), f"the command summary names formgen {command}"
    for command in ["scripts/serve", "scripts/test", "scripts/install --from", "scripts/package"]:
        assert command in readme
