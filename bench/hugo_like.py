#!/usr/bin/env python3
"""Writes the like-for-like Hugo site: the tree formgen writes, built by Hugo.

`generate_site.py` writes a bare Hugo site (one page per form). This one makes Hugo do the work formgen does
for the same configs, file for file:

- per form and per country: the page (the theme's stylesheet and the runtime inline, taken from formgen's own
  output, each hashed into the Content-Security-Policy with `fingerprint`; the form's spec as inline JSON; every
  field with its label, hint, error slot and attributes), a field reference page (a table of the fields, then one
  section per field with its checks and messages, the rules) as an output format, and a `schema.json` as a
  second output format built from the fields;
- a home page listing the forms, the countries' picker page, the docs (Markdown, with a table and a task list)
  and their index, a 404 page.

usage: hugo_like.py SITE_DIR FORMGEN_OUT   (SITE_DIR from generate_site.py; FORMGEN_OUT a formgen build of it)
Writes SITE_DIR/hugo-like/. FORMAT=native|pet-json as for generate_site.py.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_site  # noqa: E402

CONFIG = """baseURL = "/"
title = "Benchmark site"
disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
[outputFormats.reference]
  mediaType = "text/html"
  baseName = "reference"
  isHTML = true
  permalinkable = false
[outputFormats.schema]
  mediaType = "application/json"
  baseName = "schema"
  isPlainText = true
  notAlternative = true
[markup.goldmark.renderer]
  unsafe = false
"""

HEAD = """<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{{- $css := resources.Get .Params.style | fingerprint "sha256" }}
{{- $js := resources.Get .Params.runtime | fingerprint "sha256" }}
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src '{{ $js.Data.Integrity }}'; style-src '{{ $css.Data.Integrity }}'; img-src 'none'; connect-src 'none'; form-action 'self'; base-uri 'none'">
<meta name="referrer" content="no-referrer">
<title>{{ .Title }} – {{ .Site.Title }}</title>
<style>{{ $css.Content | safeCSS }}</style>
</head>
<body>
<a class="fg-skip" href="#main">Skip to main content</a>
<header class="fg-header"><a class="fg-home" href="{{ "/" | relURL }}">{{ .Site.Title }}</a><nav class="fg-nav" aria-label="Site"><a href="{{ "/" | relURL }}#forms">Forms</a> <a href="{{ "/docs/" | relURL }}">Documentation</a></nav></header>
<main id="main" class="fg-main" tabindex="-1">
"""

FOOT = """</main>
<footer class="fg-footer"><p>{{ .Site.Title }}</p></footer>
</body>
</html>
"""

FORM_PAGE = HEAD + """<h1 class="fg-title">{{ .Title }}</h1>
{{ with .Params.description }}<div class="fg-description">{{ . | markdownify }}</div>{{ end }}
<form id="fg-form" class="fg-form" method="post" action="" data-fg-form="{{ .File.ContentBaseName }}">
<div id="fg-error-summary" class="fg-error-summary" tabindex="-1" hidden>
<h2 id="fg-error-summary-title" class="fg-error-summary-title">There is a problem</h2>
<ul class="fg-error-list"></ul>
</div>
<section class="fg-page" id="fg-page-0" data-fg-page="0">
{{ range .Params.fields }}{{ $id := .id }}{{ $v := .validation | default dict }}
<div class="fg-field" data-fg-field="{{ $id }}" id="fg-field-{{ $id }}">
{{ if or (eq .type "radio") (eq .type "yesno") }}
<fieldset class="fg-fieldset"{{ with .help }} aria-describedby="f-{{ $id }}-hint"{{ end }}>
<legend class="fg-legend">{{ .label }}{{ if not .required }} <span class="fg-optional">(optional)</span>{{ end }}</legend>
{{ with .help }}<div class="fg-hint" id="f-{{ $id }}-hint">{{ . | markdownify }}</div>{{ end }}
<p class="fg-error-message" id="f-{{ $id }}-error" hidden></p>
<div class="fg-radios">
{{ range $i, $o := (.options | default (slice "Yes" "No")) }}<div class="fg-radio"><input class="fg-radio-input" type="radio" id="f-{{ $id }}-{{ $i }}" name="{{ $id }}" value="{{ $o }}"><label class="fg-radio-label" for="f-{{ $id }}-{{ $i }}">{{ $o }}</label></div>
{{ end }}</div>
</fieldset>
{{ else if eq .type "checkbox" }}
<p class="fg-error-message" id="f-{{ $id }}-error" hidden></p>
<div class="fg-checkbox"><input class="fg-checkbox-input" type="checkbox" id="f-{{ $id }}" name="{{ $id }}" value="true"{{ if .required }} required{{ end }}><label class="fg-checkbox-label" for="f-{{ $id }}">{{ .label }}</label></div>
{{ else }}
<label class="fg-label" for="f-{{ $id }}">{{ .label }}{{ if not .required }} <span class="fg-optional">(optional)</span>{{ end }}</label>
{{ with .help }}<div class="fg-hint" id="f-{{ $id }}-hint">{{ . | markdownify }}</div>{{ end }}
<p class="fg-error-message" id="f-{{ $id }}-error" hidden></p>
{{ if eq .type "select" }}<select class="fg-select" id="f-{{ $id }}" name="{{ $id }}"{{ if .required }} required{{ end }}><option value="">Select an option</option>{{ range .options }}<option>{{ . }}</option>{{ end }}</select>
{{ else if eq .type "textarea" }}<textarea class="fg-textarea" id="f-{{ $id }}" name="{{ $id }}" rows="5"{{ if .required }} required{{ end }}{{ with $v.maxLength }} maxlength="{{ .value }}"{{ end }}></textarea>
{{ else }}<input class="fg-input" id="f-{{ $id }}" name="{{ $id }}" type="{{ .type }}"{{ if .required }} required{{ end }}{{ with $v.minLength }} minlength="{{ .value }}"{{ end }}{{ with $v.maxLength }} maxlength="{{ .value }}"{{ end }}{{ with $v.regex }} pattern="{{ .value }}"{{ end }}{{ with $v.minValue }} min="{{ .value }}"{{ end }}{{ with $v.maxValue }} max="{{ .value }}"{{ end }}{{ with $v.minDate }} min="{{ .value }}"{{ end }}{{ if eq .type "number" }} step="any"{{ end }}{{ if eq .type "email" }} autocomplete="email" spellcheck="false"{{ end }}>
{{ end }}{{ end }}
</div>
{{ end }}
</section>
<div class="fg-actions">
<button type="submit" class="fg-button" data-fg-submit>Submit</button>
</div>
<p id="fg-draft-note" class="fg-draft-note" hidden>Your answers are saved on this device for 24 hours. <button type="button" class="fg-link-button" id="fg-clear-draft">Clear saved answers</button></p>
</form>
<div id="fg-status" class="fg-status" role="status" aria-live="polite"></div>
<section id="fg-result" class="fg-result" hidden aria-labelledby="fg-result-title">
<h2 id="fg-result-title" tabindex="-1">Submitted data</h2>
<pre class="fg-result-json"></pre>
</section>
{{ $messages := dict }}{{ range .Params.fields }}{{ $messages = merge $messages (dict .id (dict "required" (printf "Enter %s" (lower .label)) "invalid" (printf "%s is not valid" .label))) }}{{ end }}
<script type="application/json" id="fg-spec">{{ dict "id" .File.ContentBaseName "title" .Title "lang" "en" "fields" .Params.fields "rules" (.Params.rules | default slice) "messages" $messages | jsonify | safeJS }}</script>
<script>{{ $js.Content | safeJS }}</script>
""" + FOOT

REFERENCE_PAGE = HEAD.replace("resources.Get .Params.style", "resources.Get .Params.referenceStyle").replace(
    "script-src '{{ $js.Data.Integrity }}'", "script-src 'none'").replace("form-action 'self'", "form-action 'none'").replace(
    "<title>{{ .Title }}", "<title>Field reference: {{ .Title }}") + """<nav class="fg-breadcrumb" aria-label="Breadcrumb"><a href="{{ .RelPermalink }}">{{ .Title }}</a></nav>
<article class="fg-doc">
<h1 id="field-reference-{{ .Title | urlize }}">Field reference: {{ .Title }}</h1>
<p>This page describes every field of <a href="{{ .RelPermalink }}">the form</a>: {{ len .Params.fields }} fields to fill in on 1 page. A back end can check a submission with the <a href="{{ .RelPermalink }}schema.json">JSON Schema</a> or with <code>formgen validate {{ .File.ContentBaseName }} DATA.json</code>.</p>
<h2 id="fields">Fields</h2>
<div class="fg-table" role="region" tabindex="0" aria-label="Fields"><table>
<thead>
<tr>
<th>Field</th>
<th>Id</th>
<th>Type</th>
<th>Required</th>
<th>Shown</th>
<th>Submitted as</th>
</tr>
</thead>
<tbody>
{{ range .Params.fields }}<tr>
<td><a href="#{{ .label | urlize }}-{{ .id }}">{{ .label }}</a></td>
<td><code>{{ .id }}</code></td>
<td>{{ .type }}</td>
<td>{{ if .required }}yes{{ else }}no{{ end }}</td>
<td>always</td>
<td>{{ if eq .type "number" }}a number{{ else if eq .type "checkbox" }}<code>true</code> or <code>false</code>{{ else }}a string{{ end }}</td>
</tr>
{{ end }}</tbody>
</table></div>
{{ range .Params.fields }}
<h3 id="{{ .label | urlize }}-{{ .id }}">{{ .label }} (<code>{{ .id }}</code>)</h3>
<p><strong>Type:</strong> {{ .type }}, submitted as {{ if eq .type "number" }}a number{{ else }}a string{{ end }}.<br />
<strong>Required:</strong> {{ if .required }}yes{{ else }}no{{ end }}.</p>
<div class="fg-table" role="region" tabindex="0" aria-label="{{ .label }} ({{ .id }})"><table>
<thead>
<tr>
<th>Check</th>
<th>Message</th>
</tr>
</thead>
<tbody>
{{ if .required }}<tr>
<td>Required</td>
<td>Enter {{ lower .label }} <em>(default)</em></td>
</tr>
{{ end }}{{ if eq .type "email" }}<tr>
<td>An email address</td>
<td>Enter an email address in the correct format, like name@example.com <em>(default)</em></td>
</tr>
{{ end }}{{ if eq .type "number" }}<tr>
<td>A number</td>
<td>{{ .label }} must be a number <em>(default)</em></td>
</tr>
{{ end }}{{ if eq .type "date" }}<tr>
<td>A real date, written YYYY-MM-DD</td>
<td>{{ .label }} must be a real date <em>(default)</em></td>
</tr>
{{ end }}{{ range $name, $rule := .validation }}<tr>
<td>{{ if eq $name "minLength" }}At least {{ $rule.value }} characters{{ else if eq $name "maxLength" }}At most {{ $rule.value }} characters{{ else if eq $name "minValue" }}At least {{ $rule.value }}{{ else if eq $name "maxValue" }}At most {{ $rule.value }}{{ else if eq $name "minDate" }}On or after {{ $rule.value }}{{ else }}Matches <code>{{ $rule.value }}</code>{{ end }}</td>
<td>{{ $rule.message | default "Check this answer" }}</td>
</tr>
{{ end }}</tbody>
</table></div>
{{ end }}
{{ with .Params.rules }}<h2 id="rules">Rules</h2>
<ol>
{{ range . }}<li>When <em>{{ .when }}</em> is {{ .value }}: {{ .action }} {{ delimit .targets ", " }}; otherwise {{ .otherwise }} it.</li>
{{ end }}</ol>{{ end }}
<h2 id="submission">Submission</h2>
<p>The form has no <code>submit.action</code>: the page shows the collected answers as JSON. Fields that are hidden, display-only or left empty are not submitted.</p>
</article>
""" + FOOT

SCHEMA = """{{- $props := dict }}{{ $required := slice }}{{ $messages := dict }}
{{- range .Params.fields }}{{ $v := .validation | default dict }}
{{- $p := dict "title" .label }}
{{- if eq .type "number" }}{{ $p = merge $p (dict "type" "number") }}{{ else if eq .type "checkbox" }}{{ $p = merge $p (dict "type" "boolean") }}{{ else }}{{ $p = merge $p (dict "type" "string" "$ref" "#/$defs/trimmed") }}{{ end }}
{{- with .options }}{{ $p = merge $p (dict "enum" .) }}{{ end }}
{{- with $v.minLength }}{{ $p = merge $p (dict "minLength" .value) }}{{ end }}
{{- with $v.maxLength }}{{ $p = merge $p (dict "maxLength" .value) }}{{ end }}
{{- with $v.minValue }}{{ $p = merge $p (dict "minimum" .value) }}{{ end }}
{{- with $v.maxValue }}{{ $p = merge $p (dict "maximum" .value) }}{{ end }}
{{- with $v.regex }}{{ $p = merge $p (dict "pattern" .value) }}{{ end }}
{{- if eq .type "email" }}{{ $p = merge $p (dict "format" "email") }}{{ end }}
{{- if eq .type "date" }}{{ $p = merge $p (dict "format" "date") }}{{ end }}
{{- $m := dict }}{{ range $name, $rule := $v }}{{ $m = merge $m (dict $name ($rule.message | default "Check this answer")) }}{{ end }}
{{- $p = merge $p (dict "errorMessage" $m) }}
{{- $props = merge $props (dict .id $p) }}
{{- if .required }}{{ $required = $required | append .id }}{{ $messages = merge $messages (dict .id (printf "Enter %s" (lower .label))) }}{{ end }}
{{- end }}
{{- $trimmed := dict "type" "string" "description" "Trimmed and not empty: the page trims every answer and leaves empty ones out." "pattern" "^[^\\\\t-\\\\r \\\\u00a0\\\\u1680\\\\u2000-\\\\u200a\\\\u2028\\\\u2029\\\\u202f\\\\u205f\\\\u3000\\\\ufeff](?:[\\\\s\\\\S]*[^\\\\t-\\\\r \\\\u00a0\\\\u1680\\\\u2000-\\\\u200a\\\\u2028\\\\u2029\\\\u202f\\\\u205f\\\\u3000\\\\ufeff])?(?![\\\\s\\\\S])" }}
{{- $schema := dict "$schema" "https://json-schema.org/draft/2020-12/schema" "$comment" "Generated by Hugo from the form's front matter." "$defs" (dict "trimmed" $trimmed) "title" .Title "type" "object" "additionalProperties" false "properties" $props "required" $required "errorMessage" (dict "required" $messages) "description" (printf "A submission of the form '%s', as its page sends it." .File.ContentBaseName) }}
{{- $schema | jsonify (dict "indent" "  ") }}
"""

DOC_PAGE = HEAD.replace("script-src '{{ $js.Data.Integrity }}'", "script-src 'none'").replace(
    "{{- $js := resources.Get .Params.runtime | fingerprint \"sha256\" }}\n", "") + """<article class="fg-doc">
{{ .Content }}
</article>
""" + FOOT

LIST_PAGE = HEAD.replace("script-src '{{ $js.Data.Integrity }}'", "script-src 'none'").replace(
    "{{- $js := resources.Get .Params.runtime | fingerprint \"sha256\" }}\n", "") + """<h1 class="fg-title">{{ .Title }}</h1>
<ul class="fg-list">
{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ul>
""" + FOOT

HOME = LIST_PAGE.replace("{{ range .Pages }}", "{{ range .Site.RegularPages }}").replace(
    '<h1 class="fg-title">{{ .Title }}</h1>', '<h1 class="fg-title">{{ .Site.Title }}</h1>\n<h2 id="forms">Forms</h2>')


def inline(html, tag):
    """The text of the first inline <style> or executable <script> of a page."""
    pattern = r"<style>(.*?)</style>" if tag == "style" else r"<script>(.*?)</script>"
    match = re.search(pattern, html, re.S)
    return match.group(1) if match else ""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def front(title, fields, kind, rules=None, description=None):
    matter = {"title": title, "fields": fields, "style": f"{kind}.css", "referenceStyle": "reference.css", "runtime": f"{kind}.js",
              "outputs": ["html", "reference", "schema"]}
    if rules:
        matter["rules"] = rules
    if description:
        matter["description"] = description
    return json.dumps(matter, indent=1) + "\n"


def main():
    folder, built = sys.argv[1], sys.argv[2]
    pet = os.environ.get("FORMAT", "native") == "pet-json"
    hugo = os.path.join(folder, "hugo-like")
    forms = sorted(name for name in os.listdir(os.path.join(folder, "formgen/configs/forms")))
    countries = sorted(os.listdir(os.path.join(folder, "formgen/configs/countries")))
    form_page = open(os.path.join(built, os.path.splitext(forms[0])[0], "index.html")).read()
    country_page = open(os.path.join(built, "kyc", os.path.splitext(countries[0])[0], "index.html")).read()
    reference_page = open(os.path.join(built, os.path.splitext(forms[0])[0], "reference", "index.html")).read()
    doc_page = open(os.path.join(built, "docs", "guide-1", "index.html")).read()
    write(os.path.join(hugo, "hugo.toml"), CONFIG)
    write(os.path.join(hugo, "assets/form.css"), inline(form_page, "style"))
    write(os.path.join(hugo, "assets/form.js"), inline(form_page, "script"))
    write(os.path.join(hugo, "assets/country.css"), inline(country_page, "style"))
    write(os.path.join(hugo, "assets/country.js"), inline(country_page, "script"))
    write(os.path.join(hugo, "assets/reference.css"), inline(reference_page, "style"))
    write(os.path.join(hugo, "assets/doc.css"), inline(doc_page, "style"))
    write(os.path.join(hugo, "layouts/_default/single.html"), FORM_PAGE)
    write(os.path.join(hugo, "layouts/_default/single.reference.html"), REFERENCE_PAGE)
    write(os.path.join(hugo, "layouts/_default/single.schema.json"), SCHEMA)
    write(os.path.join(hugo, "layouts/docs/single.html"), DOC_PAGE)
    write(os.path.join(hugo, "layouts/_default/list.html"), LIST_PAGE)
    write(os.path.join(hugo, "layouts/index.html"), HOME)
    write(os.path.join(hugo, "layouts/404.html"), LIST_PAGE.replace(".Params.style", "\"doc.css\"").replace(
        "{{ range .Pages }}", "{{ range first 0 .Site.RegularPages }}").replace("{{ .Title }}", "Page not found"))
    list_matter = json.dumps({"style": "doc.css"}) + "\n"
    write(os.path.join(hugo, "content/_index.md"), list_matter)
    write(os.path.join(hugo, "content/docs/_index.md"), json.dumps({"title": "Documentation", "style": "doc.css"}) + "\n")
    write(os.path.join(hugo, "content/kyc/_index.md"), json.dumps({"title": "Choose your country", "style": "doc.css"}) + "\n")
    rule = [{"when": "field_13", "value": "Yes", "action": "show", "otherwise": "hide", "targets": ["field_14"]}]
    for name in forms:
        n = int(re.search(r"(\d+)", name).group(1))
        if pet:
            text = front(f"Synthetic form {n}", generate_site.pet_fields(n), "form")
        else:
            text = front(f"Synthetic form {n}", generate_site.fields(n), "form", rule, "A generated form for the build benchmark.")
        write(os.path.join(hugo, "content", os.path.splitext(name)[0] + ".md"), text)
    for name in countries:
        code = os.path.splitext(name)[0]
        fields = [
            {"id": "first_name", "label": "First name", "type": "text", "required": True,
             "validation": {"minLength": {"value": 2, "message": "At least 2 characters"}, "maxLength": {"value": 50, "message": "At most 50 characters"}}},
            {"id": "last_name", "label": "Last name", "type": "text", "required": True},
            {"id": "national_id", "label": "National ID", "type": "text", "required": True,
             "validation": {"regex": {"value": r"^\d{9}$", "message": "Must be 9 digits"}}},
            {"id": "birth_date", "label": "Birth date", "type": "date", "required": True},
        ]
        write(os.path.join(hugo, "content/kyc", f"{code}.md"), front(f"Country {code.upper()}", fields, "country"))
    for i in range(1, 6):
        write(os.path.join(hugo, "content/docs", f"guide-{i}.md"),
              json.dumps({"title": f"Guide {i}", "style": "doc.css"}) + "\n" + generate_site.DOC.format(n=i))


if __name__ == "__main__":
    main()
