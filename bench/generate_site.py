#!/usr/bin/env python3
"""Writes a synthetic site twice: as a formgen project and as the equivalent Hugo site.

N forms of 15 fields each, N/10 country configs and a few docs. The Hugo site carries the same
15 fields in each page's front matter and a layout that renders them as a form, so both tools do
comparable work.

FORMAT=native (the default): formgen's own YAML, fields of 15 kinds with validation rules and a rule.
FORMAT=pet-json: the pet-adoption JSON format (the seed `pet-adoption.json`'s shape): 12 `text`,
2 `formattednumeric` and 1 `datetime` element per form, as issue #10 measures.

usage: [FORMAT=native|pet-json] generate_site.py N OUT_DIR
"""
import itertools
import json
import os
import string
import sys

FIELD_KINDS = [
    ("text", {"minLength": 2, "maxLength": 60}),
    ("email", {}),
    ("number", {"minValue": 0, "maxValue": 120}),
    ("date", {"minDate": "1900-01-01"}),
    ("text", {"regex": r"^[A-Z0-9]{4,10}$"}),
    ("tel", {"maxLength": 20}),
    ("textarea", {"maxLength": 500}),
    ("select", {}),
    ("radio", {}),
    ("checkbox", {}),
    ("text", {"minLength": 1}),
    ("number", {"minValue": 1}),
    ("text", {"regex": r"^\d{4} ?[A-Z]{2}$"}),
    ("yesno", {}),
    ("text", {"maxLength": 30}),
]
OPTIONS = ["Alpha", "Bravo", "Charlie", "Delta"]


def fields(n):
    out = []
    for i, (kind, rules) in enumerate(FIELD_KINDS):
        field = {"id": f"field_{i}", "label": f"Question {i + 1} of form {n}", "type": kind, "required": i % 3 != 2}
        if rules:
            field["validation"] = {name: {"value": value, "message": f"Check question {i + 1}"} for name, value in rules.items()}
        if kind in ("select", "radio"):
            field["options"] = OPTIONS
        if i == 4:
            field["help"] = "Letters and digits, **4 to 10** of them."
        out.append(field)
    return out


def pet_elements(n):
    """The pet-adoption format's elements of form n: 12 text, 2 formatted numbers, 1 date."""
    elements = [{"type": "text", "label": f"Question {i} of form {n}", "isMandatory": i % 3 != 0, "unique_id": f"text_{i}", "rules": []}
                for i in range(1, 13)]
    elements += [{"type": "formattednumeric", "label": f"Number {i} of form {n}", "keyboard": "numeric",
                  "formattedNumeric": "####-###-####", "isMandatory": True, "unique_id": f"formattednumeric_{i}", "rules": []}
                 for i in range(1, 3)]
    elements.append({"type": "datetime", "mode": "date", "label": f"Date of form {n}", "isMandatory": True, "unique_id": "datetime_1", "rules": []})
    return elements


def pet_fields(n):
    """The same fields as the Hugo front matter reads them."""
    kinds = {"text": "text", "formattednumeric": "tel", "datetime": "date"}
    return [{"id": e["unique_id"], "label": e["label"], "type": kinds[e["type"]], "required": e["isMandatory"]} for e in pet_elements(n)]


def write_form_pet_json(path, n):
    form = {"id": f"form_{n}", "name": f"Synthetic form {n}",
            "pages": [{"label": "Page 1", "sections": [{"label": "Questions", "elements": pet_elements(n)}]}]}
    with open(path, "w") as f:
        f.write(json.dumps(form, indent=2) + "\n")


def yaml_scalar(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    return json.dumps(value)


def write_form_yaml(path, n):
    lines = [f"id: form-{n:05d}", f"title: Synthetic form {n}", "description: A generated form for the build benchmark.", "fields:"]
    for field in fields(n):
        lines.append(f"  - id: {field['id']}")
        for key in ("label", "type", "required", "help"):
            if key in field:
                lines.append(f"    {key}: {yaml_scalar(field[key])}")
        if "options" in field:
            lines.append(f"    options: [{', '.join(field['options'])}]")
        if "validation" in field:
            lines.append("    validation:")
            for name, rule in field["validation"].items():
                lines.append(f"      {name}: {{value: {yaml_scalar(rule['value'])}, message: {yaml_scalar(rule['message'])}}}")
    lines += ["rules:", "  - {when: field_13, condition: equals, value: 'Yes', action: show, otherwise: hide, targets: [field_14]}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def country_codes(count):
    letters = string.ascii_uppercase
    codes = ["".join(p) for p in itertools.product(letters, repeat=3)]
    return codes[:count]


def write_country_yaml(path, code):
    text = f"""country: {code}
dataSources: []
fields:
  - id: first_name
    label: First name
    type: text
    required: true
    validation:
      minLength: {{value: 2, message: 'At least 2 characters'}}
      maxLength: {{value: 50, message: 'At most 50 characters'}}
  - id: last_name
    label: Last name
    type: text
    required: true
  - id: national_id
    label: National ID
    type: text
    required: true
    validation:
      regex: '^\\d{{9}}$'
      message: 'Must be 9 digits'
  - id: birth_date
    label: Birth date
    type: date
    required: true
"""
    with open(path, "w") as f:
        f.write(text)


DOC = """# Guide {n}

Some text with a table:

| Field | Rule |
| --- | --- |
| BSN | 9 digits |
| Email | an address |

- [x] done
- [ ] to do
"""

HUGO_LAYOUT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} – {{ .Site.Title }}</title><style>{{ partial "style.html" . | safeCSS }}</style></head>
<body><main id="main"><h1>{{ .Title }}</h1>{{ with .Params.description }}<div>{{ . | markdownify }}</div>{{ end }}
<form method="post" action="">
<div hidden id="summary"><h2>There is a problem</h2><ul></ul></div>
{{ range .Params.fields }}
<div class="field" data-field="{{ .id }}">
{{ if or (eq .type "radio") (eq .type "yesno") }}
<fieldset id="f-{{ .id }}"><legend>{{ .label }}</legend>
{{ $id := .id }}{{ $opts := .options | default (slice "Yes" "No") }}
{{ range $i, $o := $opts }}<input type="radio" id="f-{{ $id }}-{{ $i }}" name="{{ $id }}" value="{{ $o }}"><label for="f-{{ $id }}-{{ $i }}">{{ $o }}</label>{{ end }}
</fieldset>
{{ else }}
<label for="f-{{ .id }}">{{ .label }}</label>
{{ with .help }}<div class="hint">{{ . | markdownify }}</div>{{ end }}
{{ if eq .type "select" }}<select id="f-{{ .id }}" name="{{ .id }}">{{ range .options }}<option>{{ . }}</option>{{ end }}</select>
{{ else if eq .type "textarea" }}<textarea id="f-{{ .id }}" name="{{ .id }}"></textarea>
{{ else }}<input id="f-{{ .id }}" name="{{ .id }}" type="{{ .type }}"{{ if .required }} required{{ end }}{{ with .validation }}{{ with .minLength }} minlength="{{ .value }}"{{ end }}{{ with .maxLength }} maxlength="{{ .value }}"{{ end }}{{ with .regex }} pattern="{{ .value }}"{{ end }}{{ with .minValue }} min="{{ .value }}"{{ end }}{{ with .maxValue }} max="{{ .value }}"{{ end }}{{ end }}>
{{ end }}{{ end }}
</div>
{{ end }}
<button type="submit">Submit</button></form>
<script type="application/json" id="spec">{{ .Params | jsonify }}</script>
</main></body></html>
"""


def main():
    n = int(sys.argv[1])
    out = sys.argv[2]
    fg = os.path.join(out, "formgen", "configs")
    hugo = os.path.join(out, "hugo")
    for folder in ("forms", "countries", "docs"):
        os.makedirs(os.path.join(fg, folder), exist_ok=True)
    for folder in ("content/forms", "content/countries", "content/docs", "layouts/_default", "layouts/partials"):
        os.makedirs(os.path.join(hugo, folder), exist_ok=True)
    with open(os.path.join(fg, "site.yaml"), "w") as f:
        f.write("title: Benchmark site\nlanguage: en\n")
    with open(os.path.join(hugo, "hugo.toml"), "w") as f:
        f.write('baseURL = "/"\ntitle = "Benchmark site"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n')
    with open(os.path.join(hugo, "layouts/_default/single.html"), "w") as f:
        f.write(HUGO_LAYOUT)
    with open(os.path.join(hugo, "layouts/_default/list.html"), "w") as f:
        f.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n')
    with open(os.path.join(hugo, "layouts/index.html"), "w") as f:
        f.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head><body><ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n')
    css_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "templates", "assets", "formgen.css")
    with open(css_path) as src, open(os.path.join(hugo, "layouts/partials/style.html"), "w") as dst:
        dst.write(src.read())

    pet = os.environ.get("FORMAT", "native") == "pet-json"
    for i in range(1, n + 1):
        if pet:
            write_form_pet_json(os.path.join(fg, "forms", f"form-{i:05d}.json"), i)
            front = {"title": f"Synthetic form {i}", "fields": pet_fields(i)}
        else:
            write_form_yaml(os.path.join(fg, "forms", f"form-{i:05d}.yaml"), i)
            front = {"title": f"Synthetic form {i}", "description": "A generated form for the build benchmark.", "fields": fields(i)}
        with open(os.path.join(hugo, "content/forms", f"form-{i:05d}.md"), "w") as f:
            f.write(json.dumps(front, indent=1) + "\n")
    for code in country_codes(max(1, n // 10)):
        write_country_yaml(os.path.join(fg, "countries", f"{code.lower()}.yaml"), code)
        front = {"title": f"Country {code}", "fields": [
            {"id": "first_name", "label": "First name", "type": "text", "required": True, "validation": {"minLength": {"value": 2}, "maxLength": {"value": 50}}},
            {"id": "last_name", "label": "Last name", "type": "text", "required": True},
            {"id": "national_id", "label": "National ID", "type": "text", "required": True, "validation": {"regex": {"value": r"^\d{9}$"}}},
            {"id": "birth_date", "label": "Birth date", "type": "date", "required": True},
        ]}
        with open(os.path.join(hugo, "content/countries", f"{code.lower()}.md"), "w") as f:
            f.write(json.dumps(front, indent=1) + "\n")
    for i in range(1, 6):
        with open(os.path.join(fg, "docs", f"guide-{i}.md"), "w") as f:
            f.write(DOC.format(n=i))
        with open(os.path.join(hugo, "content/docs", f"guide-{i}.md"), "w") as f:
            f.write(f'---\ntitle: "Guide {i}"\n---\n' + DOC.format(n=i))


if __name__ == "__main__":
    main()
