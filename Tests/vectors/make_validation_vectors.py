#!/usr/bin/env python3
"""Writes validation.json: the shared test vectors of formgen's validation semantics.

Run from anywhere: `python3 Tests/vectors/make_validation_vectors.py`. Both the Swift
validator (Tests/FormgenCoreTests/ValidationVectorTests.swift) and the browser runtime
(Tests/runtime/validation.test.mjs) run every case; `bodies` (the same checks on JSON, urlencoded and multipart bodies)
also run in Tests/runtime/bodies.test.mjs and against `formgen collect` (FormgenCollectTests/SharedVectorTests.swift),
and `dropIf` in Tests/runtime/options.test.mjs and against DropRule. Expectations are written here by hand
(or derived with plain Python arithmetic for boundary sweeps); neither implementation is
used to compute them. The message tables are copied from templates/i18n/{en,nl,de,fr,pl,ar}.json
and the Swift test checks they still match. Counted messages (minLength.one, minLength.few, …) are picked by the
CLDR plural category of the rule's number, written out below as plain arithmetic; `plurals` lists categories
that Swift's PluralRules and the browser's Intl.PluralRules must both give.
"""
import datetime
import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
NOW = "2025-06-15"

SEMANTICS = [
    "Every case: form = {fields, rules} in the page spec's shape; keys a field leaves out take their defaults",
    "(required, readOnly, sensitive false; validations []; rules' otherwise null). Each checked field carries its",
    "messages resolved, as the build writes them: field.messages.required/.number/.date/.option/.mask and each",
    "validation's message, where {value} stands for the value that failed. messages = messages[lang || 'en']",
    "holds the interface texts (tooLong). A counted default (minLength, maxLength, minAge, maxAge, minItems,",
    "maxItems, fileCount) is resolved by the build in the plural form of the rule's number, as plurals[lang][n] gives it.",
    "values = the submission (JSON); now = today's date (UTC); errors = field -> message for every invalid field;",
    "hidden = the ids hidden by rules, sorted; data (when present) = the cleaned submission.",
    "",
    "Values: a single checkbox (type checkbox without options/optionsFrom) is checked when its value is true or the",
    "string 'true'. A checkbox group's value is a list (a single string counts as a one-item list); each item is",
    "read as text and trimmed, and empty items are dropped. Any other field reads a string as itself, a number as",
    "its shortest decimal text, true/false as 'true'/'false'; null, lists and objects count as missing.",
    "Trimming removes ECMAScript white space and line terminators from both ends (String.prototype.trim):",
    "U+0009-000D, U+0020, U+00A0, U+1680, U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.",
    "",
    "Per field, in order: skip if hidden or display-only (image, paragraph). A readOnly field (filled in for the",
    "person by a data source or a default) is only checked for presence: empty and required (after rules) ->",
    "field.messages.required (the build's 'is missing' text); it is never checked further.",
    "Empty = missing, text empty after trimming, an unchecked single checkbox, an empty checkbox group.",
    "Empty and required (after rules) -> field.messages.required. Empty and optional -> valid, no further checks.",
    "Type checks: number must be a decimal number (HTML's valid floating-point number:",
    "-?(digits(.digits)?|.digits)([eE][+-]?digits)?) else field.messages.number; date must be a real YYYY-MM-DD",
    "date (year 0001-9999) else field.messages.date; select/radio/yesno/checkbox-group values must be among the",
    "options unless the field has optionsFrom, else field.messages.option. Length cap: text longer (in code points)",
    "than the field's maxLength rule, or 10000 without one, fails before any pattern runs, with that rule's message",
    "or messages['tooLong.' + the cap's Intl.PluralRules(lang) category], {value} = the cap. A field with mask must match it fully (# a digit 0-9, A a letter A-Z",
    "a-z, * either, anything else itself) else field.messages.mask.",
    "Then the validations in order; the first failure wins, with rule.message where {value} is the rule's value",
    "(numbers in shortest form; date bounds as YYYY-MM-DD after resolving).",
    "regex: a search on the trimmed text (not implicitly anchored), read as ECMAScript `new RegExp(value, 'u')`",
    "(\\d = [0-9], \\w = [A-Za-z0-9_], \\b ASCII word boundary, \\s = ECMAScript white space, . = anything but",
    "\\n \\r U+2028 U+2029). minLength/maxLength count Unicode code points of the trimmed text.",
    "maxWords n: the trimmed text has at most n words, a word being a run of characters other than ECMAScript white",
    "space (the trim set above; `text.match(/\\S+/g)`); its default message is counted like maxLength's.",
    "minValue/maxValue compare numbers; a value that is not a decimal number fails them.",
    "email: ^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$ (same regex dialect). mask: the rule's own mask, as above.",
    "minDate/maxDate: inclusive; bounds 'YYYY-MM-DD', 'today' or relative ('-18y', '+30d', '-1y6m'): years and",
    "months are shifted together first, the day clamped to the month's end, then days are added.",
    "minAge n: full years between the date and now >= n; maxAge n: full years <= n (a birthday on 29 February",
    "falls on 1 March in other years: full years count only once (month, day) of now >= (month, day) of the date).",
    "A value that is not a real date fails date rules. equalsField: the trimmed text equals, code point for code",
    "point, the other field's trimmed text (empty when that field is hidden or missing).",
    "",
    "Rules: start with no field hidden and `required` as configured. A pass evaluates every rule in order, each",
    "condition on its field's value, a field hidden in the previous pass counting as empty; true -> the action on",
    "every target, false -> otherwise (if any). show/hide remove/add the target to this pass's hidden set,",
    "require/unrequire set its required flag. Passes repeat, from scratch each time, until the hidden set equals",
    "the previous pass's, at most rules.count + 1 passes; the last pass's result counts.",
    "Conditions: equals/notEquals compare the trimmed text exactly (a checkbox group equals v if it contains v; a",
    "single checkbox's text is 'true' or 'false'); in/notIn: the text (any item of a group) is among values;",
    "empty/notEmpty as defined above; greaterThan/lessThan compare numbers, false unless both are decimal numbers.",
    "",
    "Data: hidden and display-only fields are left out, and so are empty fields, except that a single checkbox is",
    "always sent as true/false. Text-like fields (text, textarea, email, tel, password, date, select, radio, yesno,",
    "formattednumeric) are sent as trimmed strings, number as a JSON number (as text when it is not a number), a",
    "checkbox group as a list of strings.",
    "",
    "Journey (form.pages, when given; else one page holding every field): pages {fields, id?, exit?, next?}.",
    "From the first page, each page is visited unless the form has 2+ pages, it is not an exit page, and every",
    "field on it that carries a value is hidden by the rules (then it is skipped and its branches unused). After a",
    "visited page its branches next[] {field, condition, values, goTo} are tested in order with the rules'",
    "conditions, a field hidden or not on a page visited so far counting as empty; the first that holds goes to",
    "the page whose id is goTo when it lies later (goTo 'review' ends the journey); without a match, the next",
    "page in order that is not an exit page. An exit page ends the journey and is an error keyed by its id",
    "(or page-N), the message its title. Every field on a page not visited is hidden (not checked, not in data,",
    "listed in hidden); the rules then run again with those fields empty, and the journey again, until the set",
    "of skipped pages' fields stops changing (at most pages.count rounds).",
    "",
    "Rules in items: a repeat field's `rules` are evaluated in each item on its own, as the rules above over the",
    "item's fields, a tested field outside the list read from the submission (hidden there: empty). An item field",
    "they hide is not checked, not in that item's data, and listed in hidden as list[index].field.",
    "An item of an optional list (repeat.min 0) whose every field is empty (display-only fields aside) is no item:",
    "not counted, not checked, not in data; the other items keep their index in error keys (a page without",
    "JavaScript sends the one item it draws, empty when the person has nothing to add).",
    "",
    "bodies: a case whose submission is a body (contentType, body) instead of values: JSON (the values as typed, as",
    "text), application/x-www-form-urlencoded, or multipart/form-data; each read as the server reads it and as the page's",
    "controls hold it (text as sent, a single checkbox true when sent, a group's values a list, unknown names dropped).",
    "Grids (kind grid): rows [{value: row id, label}] and columns as options; the value is an object, row id -> the",
    "column chosen (multiple: true, a list of them; one string counts as a one-item list); anything but an object is no",
    "answer. A key that is no row is an error on the grid (messages.option). Each row, keyed grid.row: a list where",
    "one column is wanted, or a column the grid does not have, is messages.option; a row without an answer, when the",
    "grid is required, is messages.gridRow with {value} its label. data: the rows answered, trimmed, others left out.",
    "Scales (kind scale) are written as number fields (type number) whose checks are validations, each with the",
    "scale's one message: regex ^-?[0-9]+$ (a whole number), minValue min, maxValue max; so they are checked and",
    "cleaned as any number (data a number; a value that is not one, its text).",
    "In bodies a grid's row is posted as grid.row (once per column for multiple).",
    "None of these: a checkbox group option with exclusive: true may not be chosen with any other item: more than one",
    "item with it among them -> field.messages.exclusive (after the option check). Other: a choice field with",
    "`other: '<id>_other'` offers the option 'other'; its text field <id>_other is an ordinary required text field the",
    "build shows by a rule (<id> equals 'other' -> show, otherwise hide), so it is checked and sent only then.",
    "dropIf: {rule: {key, in}, entry, dropped}: an entry that is an object is dropped when its value at key (null when",
    "missing) is one of `in` (numbers compare as numbers, nothing else converts); an entry that is not an object never is.",
    "counts: {name, lang, rule, limit, value, over, message}: what the count under a field with maxLength or maxWords",
    "says for value: used = the trimmed text's code points (maxLength) or words (maxWords, as above); left = limit - used;",
    "message = messages[lang][(countChars|countWords) + (Left when left >= 0, else Over) + '.' + the plural category",
    "of |left|] with {value} = |left|; over = left < 0.",
]


LANGUAGES = ("en", "nl", "de", "fr", "pl", "ar")


def read_messages():
    return {language: json.loads((ROOT / f"templates/i18n/{language}.json").read_text()) for language in LANGUAGES}


def category(n, lang):
    """CLDR's cardinal plural category of a whole number n >= 0 (plurals.xml, integers only)."""
    lang = lang or "en"
    if lang == "fr":
        return "one" if n in (0, 1) else "many" if n != 0 and n % 1000000 == 0 else "other"
    if lang == "pl":
        if n == 1:
            return "one"
        return "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"
    if lang == "ar":
        if n in (0, 1, 2):
            return ["zero", "one", "two"][n]
        return "few" if 3 <= n % 100 <= 10 else "many" if 11 <= n % 100 <= 99 else "other"
    return "one" if n == 1 else "other"


PLURAL_NUMBERS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 99, 100, 101, 102, 103, 111, 112, 1000, 10000, 1000000, 2000000]


def counted(table, key, n, lang):
    """A counted message's form for n: the table's key.<category>, else its single text."""
    return table.get(f"{key}.{category(n, lang)}", table.get(key))


CASES = []


def f(id, label=None, type="text", **extra):
    field = {"id": id, "label": label if label is not None else id.replace("_", " ").capitalize(), "type": type}
    field.update(extra)
    return field


def v(rule, value=None, message=None):
    spec = {"rule": rule}
    if value is not None:
        spec["value"] = value
    if message is not None:
        spec["message"] = message
    return spec


def rule(field, condition, values, action, targets, otherwise=None):
    spec = {"field": field, "condition": condition, "values": values, "action": action, "targets": targets}
    if otherwise:
        spec["otherwise"] = otherwise
    return spec


def kind_of(field):
    """The field's kind as the page spec carries it (Swift's FieldKind decides it; ValidationVectorTests checks they agree)."""
    offers_options = "options" in field or "optionsFrom" in field
    return {"textarea": "textarea", "select": "select", "radio": "radioGroup", "yesno": "radioGroup",
            "checkbox": "checkboxGroup" if offers_options else "checkbox",
            "image": "display", "paragraph": "display", "grid": "grid", "scale": "scale"}.get(field["type"], "input")


def with_messages(field, fields, lang):
    """The field as the build writes it into the spec: its messages resolved. Formgen's defaults come from
    Messages.defaultMessage (Swift tests pin their wording); here the tables are filled with the label as written."""
    table = read_messages()[lang or "en"]
    field = dict(field)
    required_message = field.pop("requiredMessage", None)
    field["validations"] = [dict(rule) for rule in field.get("validations", [])]
    if not field["validations"]:
        del field["validations"]
    if field["kind"] in ("display", "repeat", "file"):
        return field
    if field.get("readOnly") or field.get("dataSource"):
        field["readOnly"] = True
        field["messages"] = {"required": table["readOnlyMissing"].replace("{label}", field["label"])}
        return field

    def fill(key, value=None, count=None):
        text = (counted(table, key, count, lang) if count is not None else table[key]).replace("{label}", field["label"])
        return text if value is None else text.replace("{value}", value)

    choosing = field["kind"] in ("select", "radioGroup", "checkboxGroup", "checkbox", "grid", "scale")
    messages = {"required": required_message or fill("requiredChoice" if choosing else "required")}
    if field["type"] == "number":
        messages["number"] = fill("number")
    if field["type"] == "date":
        messages["date"] = fill("date")
    if field["kind"] in ("select", "radioGroup", "checkboxGroup") and ("options" in field or "optionsFrom" in field):
        messages["option"] = fill("option")
    if field["kind"] == "grid":
        messages["gridRow"] = table["gridRow"]
        messages["option"] = fill("option")
    if field["kind"] == "scale":
        said = fill("scale").replace("{min}", str(field["scale"]["min"])).replace("{max}", str(field["scale"]["max"]))
        messages["number"] = said
        field["type"] = "number"
        field["validations"] = [v("regex", "^-?[0-9]+$", said), v("minValue", field["scale"]["min"], said),
                                v("maxValue", field["scale"]["max"], said)]
    exclusive = [o["label"] for o in field.get("options", []) if isinstance(o, dict) and o.get("exclusive")]
    if field["kind"] == "checkboxGroup" and exclusive:
        messages["exclusive"] = fill("exclusive", exclusive[0])
    if "mask" in field:
        own = [rule.get("message") for rule in field.get("validations", []) if rule["rule"] == "mask" and "message" in rule]
        messages["mask"] = own[0] if own else fill("mask", field["mask"])
    field["messages"] = messages
    labels = {other["id"]: other["label"] for other in reversed(fields)}
    for rule in field.get("validations", []):
        if "message" not in rule:
            number = rule.get("value") if rule["rule"] in ("minLength", "maxLength", "maxWords", "minAge", "maxAge") else None
            text = fill(rule["rule"], count=number)
            if rule["rule"] == "equalsField":
                text = text.replace("{other}", labels.get(str(rule.get("value")), str(rule.get("value"))))
            rule["message"] = text
    return field


def case(name, fields, values, errors, hidden=(), rules=(), now=NOW, lang=None, data=None, pages=None):
    fields = [dict(field, kind=field.get("kind", kind_of(field))) for field in fields]
    fields = [with_messages(field, fields, lang) for field in fields]
    entry = {"name": name}
    if lang:
        entry["lang"] = lang
    entry["now"] = now
    entry["form"] = {"fields": fields, "rules": list(rules)}
    if pages is not None:
        entry["form"]["pages"] = pages
    entry["values"] = values
    entry["errors"] = errors
    entry["hidden"] = sorted(hidden)
    if data is not None:
        entry["data"] = data
    CASES.append(entry)


def one(name, field, value, error=None, **kw):
    """A case with a single field `x`; `error` is its expected message or None."""
    values = {} if value is MISSING else {field["id"]: value}
    case(name, [field], values, {field["id"]: error} if error else {}, **kw)


MISSING = object()

# ---------------------------------------------------------------- required and emptiness
name = f("name", "Full name", required=True)
for label, value, error in [
    ("missing", MISSING, "Enter Full name"),
    ("empty string", "", "Enter Full name"),
    ("spaces", "   ", "Enter Full name"),
    ("tab and newline", "\t\n ", "Enter Full name"),
    ("no-break space", "\u00a0", "Enter Full name"),
    ("byte order mark", "\ufeff", "Enter Full name"),
    ("line separator", "\u2028", "Enter Full name"),
    ("ideographic space", "\u3000", "Enter Full name"),
    ("null", None, "Enter Full name"),
    ("a list counts as missing", ["Jan"], "Enter Full name"),
    ("an object counts as missing", {"x": 1}, "Enter Full name"),
    ("next line U+0085 is not white space", "\u0085", None),
    ("zero-width space is not white space", "\u200b", None),
    ("text", "Jan", None),
    ("padded text", "  Jan  ", None),
    ("a number is read as text", 5, None),
    ("true is read as text", True, None),
]:
    one(f"required text: {label}", name, value, error)

one("requiredMessage replaces the default", f("name", "Full name", required=True, requiredMessage="Tell us your name"), "", "Tell us your name")
one("optional empty: valid", f("name", "Full name"), "", None)
one("optional empty skips later checks", f("name", "Full name", validations=[v("minLength", 5)]), "  ", None)
one("optional empty skips regex", f("code", "Code", validations=[v("regex", "^\\d+$")]), "", None)
one("required number empty", f("age", "Age", "number", required=True), "", "Enter Age")
one("required number zero is not empty", f("age", "Age", "number", required=True), 0, None)
one("required textarea of newlines", f("notes", "Notes", "textarea", required=True), "\n\n", "Enter Notes")
one("required date empty", f("dob", "Date of birth", "date", required=True), "", "Enter Date of birth")
one("required email empty: no email check", f("email", "Email", "email", required=True, validations=[v("email")]), "", "Enter Email")
one("required password empty", f("pw", "Password", "password", required=True, sensitive=True), "", "Enter Password")
one("required tel empty", f("tel", "Phone", "tel", required=True), "", "Enter Phone")
one("required formattednumeric empty", f("num", "Customer number", "formattednumeric", required=True, mask="AA-####"), "", "Enter Customer number")

colours = [{"value": "red", "label": "Red"}, {"value": "green", "label": "Green"}]
for t in ["select", "radio"]:
    one(f"required {t} empty: choice message", f("colour", "Colour", t, required=True, options=colours), "", "Select Colour")
    one(f"required {t} missing: choice message", f("colour", "Colour", t, required=True, options=colours), MISSING, "Select Colour")
    one(f"required {t} chosen", f("colour", "Colour", t, required=True, options=colours), "green", None)
yesno_options = [{"value": "Yes", "label": "Yes"}, {"value": "No", "label": "No"}]
one("required yesno missing", f("yard", "Do you have a yard?", "yesno", required=True, options=yesno_options), MISSING, "Select Do you have a yard?")
one("required yesno No is an answer", f("yard", "Do you have a yard?", "yesno", required=True, options=yesno_options), "No", None)

terms = f("terms", "Accept the terms", "checkbox", required=True)
for label, value, error in [
    ("false", False, "Select Accept the terms"),
    ("string false", "false", "Select Accept the terms"),
    ("string on is not checked", "on", "Select Accept the terms"),
    ("missing", MISSING, "Select Accept the terms"),
    ("true", True, None),
    ("string true", "true", None),
]:
    one(f"required single checkbox: {label}", terms, value, error)
one("single checkbox requiredMessage", f("consent", "I confirm", "checkbox", required=True, requiredMessage="Confirm that your details are correct"), False, "Confirm that your details are correct")

pets = [{"value": v_, "label": v_} for v_ in ["Dog", "Cat", "Bird"]]
group = f("pets", "Pets", "checkbox", required=True, options=pets)
for label, value, error in [
    ("empty list", [], "Select Pets"),
    ("only empty items", ["", "  "], "Select Pets"),
    ("missing", MISSING, "Select Pets"),
    ("one item", ["Dog"], None),
    ("two items", ["Cat", "Dog"], None),
    ("a single string is one item", "Dog", None),
]:
    one(f"required checkbox group: {label}", group, value, error)

for lang, req, choice in [("nl", "Vul Naam in", "Kies Kleur"), ("de", "Geben Sie Name ein", "Wählen Sie Farbe")]:
    one(f"{lang}: required default message", f("name", "Naam" if lang == "nl" else "Name", required=True), "", req, lang=lang)
    one(f"{lang}: requiredChoice default message", f("colour", "Kleur" if lang == "nl" else "Farbe", "select", required=True, options=colours), "", choice, lang=lang)

# ---------------------------------------------------------------- regex
REGEX_CASES = [
    ("^\\d{9}$", [("123456789", True), ("12345678", False), ("1234567890", False), (" 123456789 ", True),
                  ("\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669", False), ("\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19", False)]),
    ("\\d", [("abc1", True), ("abc", False), ("\u0663", False)]),
    ("[0-9]{3}", [("ab123cd", True), ("ab12cd3", False)]),
    ("^[^0-9]+$", [("Jan", True), ("Jan2", False), ("Zoë", True)]),
    ("^\\w+$", [("abc_123", True), ("café", False), ("naïve", False)]),
    ("\\bcat\\b", [("a cat here", True), ("concatenate", False), ("écat", True), ("cat_", False)]),
    ("^a\\sb$", [("a b", True), ("a\u00a0b", True), ("a\u000bb", True), ("a\ufeffb", True), ("a\u0085b", False), ("a\u200bb", False), ("a\tb", True)]),
    ("^a.b$", [("a-b", True), ("a\nb", False), ("a\rb", False), ("a\u2028b", False), ("a\u0085b", True), ("a😀b", True)]),
    ("^.{3}$", [("😀😀😀", True), ("abcd", False), ("ab", False)]),
    ("^\\p{L}+$", [("Zoë", True), ("Zoë1", False), ("日本", True)]),
    ("^[A-Z]{2}\\d{2}$", [("NL91", True), ("nl91", False)]),
    ("^(?:\\+31|0)6\\d{8}$", [("0612345678", True), ("+31612345678", True), ("06123", False)]),
    ("colou?r", [("The color", True), ("colr", False)]),
    ("^\\d{5}(-\\d{4})?$", [("12345", True), ("12345-6789", True), ("1234", False), ("12345-678", False)]),
    ("^\\d{3}-\\d{2}-\\d{4}$", [("123-45-6789", True), ("123456789", False)]),
    ("abc$", [("xabc", True), ("abc\n", True), ("abcx", False)]),
    ("(?=.*\\d)(?=.*[a-z])", [("abc1", True), ("abc", False), ("123", False)]),
    ("^(?<year>\\d{4})$", [("2024", True), ("20245", False)]),
    ("^[\\d-]+$", [("12-34", True), ("12 34", False)]),
    ("^[^\\s]+$", [("ab", True), ("a b", False), ("a\u00a0b", False)]),
    ("^[\\w.]+$", [("a.b_c", True), ("é", False)]),
    ("^\\D+$", [("abc", True), ("a1", False), ("a\u0661", True)]),
    ("^\\W+$", [("!?", True), ("!a", False)]),
    ("^\\S+$", [("a\u00a0b", False), ("ab", True)]),
    ("\\Bend", [("legend", True), ("end", False)]),
    ("^\\x41\\u0042$", [("AB", True), ("ab", False)]),
    ("^[\\u00C0-\\u017F]+$", [("éà", True), ("ea", False)]),
    ("^a|b$", [("ab", True), ("cb", True), ("cd", False)]),
    ("^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\^\\$\\\\$", [(".*+?()[]{}|/^$\\", True), ("x", False)]),
    ("^a+?$", [("aaa", True), ("b", False)]),
    ("^\\d{2,}$", [("1", False), ("12", True), ("123456", True)]),
    ("^\\d{0,2}$", [("123", False), ("12", True)]),
    ("^\\P{L}+$", [("123", True), ("a", False)]),
    ("^\\p{Lu}", [("Abc", True), ("abc", False), ("Ébc", True)]),
    ("^\\p{Script=Latin}+$", [("abc", True), ("абв", False)]),
    ("^[a-z0-9_]+$", [("jan_1", True), ("Jan", False)]),
    ("^\\+?1?\\d{10,14}$", [("+15551234567", True), ("555-123", False)]),
    ("^\\t?x\\n?y$", [("x\ny", True), ("xy", True), ("x\ty", False)]),
    ("[^a-z]", [("abc", False), ("abC", True)]),
    ("^(ab)+$", [("abab", True), ("aba", False)]),
    ("^[-a]$", [("-", True), ("a", True), ("b", False)]),
]
for pattern, samples in REGEX_CASES:
    for value, ok in samples:
        one(f"regex {pattern!r} on {value!r}", f("code", "Code", validations=[v("regex", pattern)]), value,
            None if ok else "Code is not in the right format")
one("regex custom message", f("bsn", "BSN", required=True, validations=[v("regex", "^\\d{9}$", "BSN must be 9 digits")]), "12345", "BSN must be 9 digits")
one("regex nl default message", f("code", "Code", validations=[v("regex", "^\\d+$")]), "x", "Code heeft niet de juiste vorm", lang="nl")
one("regex de default message", f("code", "Code", validations=[v("regex", "^\\d+$")]), "x", "Code hat nicht das richtige Format", lang="de")

# ---------------------------------------------------------------- lengths (code points)
def characters(n):
    return "character" if n == 1 else "characters"


for n in [1, 2, 3, 5, 10]:
    for length in sorted({max(n - 1, 1), n, n + 1}):
        value = "x" * length
        one(f"minLength {n}, {length} characters", f("name", "Name", validations=[v("minLength", n)]), value,
            None if length >= n else f"Name must be {n} {characters(n)} or more")
        one(f"maxLength {n}, {length} characters", f("name", "Name", validations=[v("maxLength", n)]), value,
            None if length <= n else f"Name must be {n} {characters(n)} or fewer")
for label, value, n, ok in [
    ("emoji are one code point each", "😀😀😀", 3, True),
    ("two emoji are two code points", "😀😀", 3, False),
    ("combining accent counts", "e\u0301e", 3, True),
    ("padding is trimmed first", " ab ", 3, False),
    ("CJK", "日本語", 3, True),
]:
    one(f"minLength: {label}", f("name", "Name", validations=[v("minLength", n)]), value,
        None if ok else f"Name must be {n} {characters(n)} or more")
for label, value, n, ok in [
    ("five emoji", "😀😀😀😀😀", 5, True),
    ("six emoji", "😀😀😀😀😀😀", 5, False),
    ("combining accent counts", "e\u0301", 1, False),
    ("padding is trimmed first", "  abcde  ", 5, True),
    ("inner newline counts", "a\nb", 2, False),
    ("zero", "a", 0, False),
]:
    one(f"maxLength: {label}", f("name", "Name", validations=[v("maxLength", n)]), value,
        None if ok else f"Name must be {n} {characters(n)} or fewer")
one("minLength 0 always passes", f("name", "Name", validations=[v("minLength", 0)]), "a", None)
one("minLength custom message", f("first", "Vorname", validations=[v("minLength", 2, "Vorname muss mindestens 2 Zeichen lang sein")]), "A", "Vorname muss mindestens 2 Zeichen lang sein")
one("maxLength custom message", f("zip", "ZIP", validations=[v("maxLength", 10, "ZIP code cannot exceed 10 characters")]), "12345678901", "ZIP code cannot exceed 10 characters")
one("minLength nl default", f("name", "Naam", validations=[v("minLength", 3)]), "ab", "Naam moet minstens 3 tekens lang zijn", lang="nl")
one("maxLength de default", f("name", "Name", validations=[v("maxLength", 3)]), "abcd", "Name darf höchstens 3 Zeichen lang sein", lang="de")
one("length of a number field's text", f("n", "Count", "number", validations=[v("maxLength", 3)]), "12345", "Count must be 3 characters or fewer")

# ---------------------------------------------------------------- words (maxWords)
def words_text(n):
    return "word" if n == 1 else "words"


for n, value, count in [
    (3, "one two three", 3), (3, "one two three four", 4), (1, "one", 1), (1, "one two", 2),
    (2, "  padded   words  ", 2), (2, "tab\tand\nnewline", 3), (2, "no\u00a0break space", 3),
    (2, "ideographic\u3000space here", 3), (2, "zero\u200bwidth joins", 2), (2, "em\u2003space", 2),
    (3, "😀 😀 😀", 3), (2, "e\u0301 a\u0301 i", 3), (2, "- - -", 3), (2, "hyphen-ated words", 2),
    (5, "\ufeffbom\ufeffsplits\ufeff", 2),
]:
    one(f"maxWords {n}: {value!r}", f("story", "Your story", "textarea", validations=[v("maxWords", n)]), value,
        None if count <= n else f"Your story must be {n} {words_text(n)} or fewer")
one("maxWords custom message", f("story", "Story", "textarea", validations=[v("maxWords", 2, "Keep it to {value} words")]), "a b c", "Keep it to 2 words")
one("maxWords nl default", f("story", "Verhaal", "textarea", validations=[v("maxWords", 2)]), "a b c", "Verhaal mag hoogstens 2 woorden lang zijn", lang="nl")
one("maxWords pl few", f("story", "Opis", "textarea", validations=[v("maxWords", 3)]), "a b c d", "Opis może mieć najwyżej 3 słowa", lang="pl")
one("maxWords pl many", f("story", "Opis", "textarea", validations=[v("maxWords", 5)]), "a b c d e f", "Opis może mieć najwyżej 5 słów", lang="pl")
one("maxWords ar two", f("story", "القصة", "textarea", validations=[v("maxWords", 2)]), "a b c", "يجب ألا يزيد القصة على كلمتين", lang="ar")
one("maxWords after maxLength", f("story", "Story", "textarea", validations=[v("maxLength", 5), v("maxWords", 1)]), "ab cd ef", "Story must be 5 characters or fewer")
one("maxWords on a text field", f("title", "Title", validations=[v("maxWords", 2)]), "a b c", "Title must be 2 words or fewer")
one("maxLength on a textarea refuses over-length, nothing cut", f("story", "Story", "textarea", validations=[v("maxLength", 10)]), "a" * 11, "Story must be 10 characters or fewer")

# ---------------------------------------------------------------- the count under a field (the page's `count` module)
COUNTS = []


def count(name, rule_name, limit, value, lang="en"):
    """What the count under a field says for `value`: the remaining or surplus characters (code points of the trimmed
    text, as maxLength measures) or words (as maxWords counts), in the plural form of that number."""
    table = read_messages()[lang]
    trimmed = value.strip(" \t\n\x0b\x0c\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")
    if rule_name == "maxLength":
        used, key = len(trimmed), "countChars"
    else:
        used, key = len(re.findall(r"[^ \t\n\x0b\x0c\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+", trimmed)), "countWords"
    left = limit - used
    key += "Left" if left >= 0 else "Over"
    n = abs(left)
    COUNTS.append({"name": name, "lang": lang, "rule": rule_name, "limit": limit, "value": value, "over": left < 0,
                   "message": counted(table, key, n, lang).replace("{value}", str(n))})


count("empty: the whole limit remains", "maxLength", 200, "")
count("12 characters remaining", "maxLength", 20, "12345678")
count("one character remaining", "maxLength", 5, "abcd")
count("none remaining", "maxLength", 4, "abcd")
count("one too many", "maxLength", 3, "abcd")
count("3 characters too many", "maxLength", 5, "abcdefgh")
count("emoji count once", "maxLength", 3, "😀😀😀😀")
count("padding is not counted", "maxLength", 3, "  abc \n")
count("words remaining", "maxWords", 10, "seven words are here in this box")
count("one word remaining", "maxWords", 3, "two words")
count("words too many", "maxWords", 2, "one two three four five")
count("white space runs split once", "maxWords", 3, "a \t\n b\u3000c")
count("pl: 2 characters remaining (few)", "maxLength", 4, "ab", "pl")
count("pl: 5 characters too many (many)", "maxLength", 1, "abcdef", "pl")
count("pl: 22 words remaining (few)", "maxWords", 23, "a", "pl")
count("ar: two characters remaining", "maxLength", 3, "a", "ar")
count("ar: 11 words too many", "maxWords", 1, "a b c d e f g h i j k l", "ar")
count("fr: 0 and 1 are one", "maxLength", 1, "a", "fr")
count("de: one word too many", "maxWords", 1, "ein Wort", "de")
count("nl: 3 characters too many", "maxLength", 2, "abcde", "nl")

# ---------------------------------------------------------------- counted messages in the plural form of their number
PLURAL_LENGTHS = {
    "en": ("Name", ["Name must be 1 character or fewer", "Name must be 2 characters or more", "Name must be 5 characters or more",
                    "Name must be 22 characters or more", "Name must be 22 characters or fewer"]),
    "pl": ("Imię", ["Imię może mieć najwyżej 1 znak", "Imię musi mieć co najmniej 2 znaki", "Imię musi mieć co najmniej 5 znaków",
                    "Imię musi mieć co najmniej 22 znaki", "Imię może mieć najwyżej 22 znaki"]),
    "ar": ("الاسم", ["يجب ألا يزيد الاسم على حرف واحد", "يجب ألا يقل الاسم عن حرفين", "يجب ألا يقل الاسم عن 5 أحرف",
                     "يجب ألا يقل الاسم عن 22 حرفًا", "يجب ألا يزيد الاسم على 22 حرفًا"]),
    "fr": ("Nom", ["Nom doit comporter 1 caractère au maximum", "Nom doit comporter au moins 2 caractères",
                   "Nom doit comporter au moins 5 caractères", "Nom doit comporter au moins 22 caractères",
                   "Nom doit comporter 22 caractères au maximum"]),
}
for lang, (label, messages) in PLURAL_LENGTHS.items():
    for (rule_name, n, value), message in zip([("maxLength", 1, "ab"), ("minLength", 2, "a"), ("minLength", 5, "abcd"),
                                                ("minLength", 22, "a" * 21), ("maxLength", 22, "a" * 23)], messages):
        one(f"{lang}: {rule_name} {n} in its plural form", f("name", label, validations=[v(rule_name, n)]), value, message, lang=lang)
PLURAL_AGES = {
    "en": ["You must be at least 1 year old", "You must be at least 2 years old", "You must be at least 5 years old", "You must be at least 22 years old"],
    "pl": ["Musisz mieć co najmniej 1 rok", "Musisz mieć co najmniej 2 lata", "Musisz mieć co najmniej 5 lat", "Musisz mieć co najmniej 22 lata"],
    "ar": ["يجب ألا يقل عمرك عن سنة واحدة", "يجب ألا يقل عمرك عن سنتين", "يجب ألا يقل عمرك عن 5 سنوات", "يجب ألا يقل عمرك عن 22 سنةً"],
    "fr": ["Vous devez avoir au moins 1 an", "Vous devez avoir au moins 2 ans", "Vous devez avoir au moins 5 ans", "Vous devez avoir au moins 22 ans"],
}
for lang, messages in PLURAL_AGES.items():
    for n, message in zip([1, 2, 5, 22], messages):
        one(f"{lang}: minAge {n} in its plural form", f("dob", "Born", "date", validations=[v("minAge", n)]), "2025-01-01", message, lang=lang)
one("pl: maxAge 22 in its plural form", f("dob", "Born", "date", validations=[v("maxAge", 22)]), "1990-01-01", "Musisz mieć najwyżej 22 lata", lang="pl")
for lang, message in [("pl", "Ta odpowiedź może mieć najwyżej 10000 znaków"), ("ar", "يجب ألا تزيد هذه الإجابة على 10000 حرف"),
                      ("fr", "Cette réponse doit comporter 10000 caractères au maximum")]:
    one(f"{lang}: the 10000 cap in the page's plural form", f("notes", "Notes"), "a" * 10001, message, lang=lang)

# ---------------------------------------------------------------- numbers
age = f("age", "Age", "number")
for value, ok in [
    ("42", True), ("-3", True), ("3.5", True), (".5", True), ("1e3", True), ("1E-2", True), ("0", True), ("-0", True),
    ("abc", False), ("1,5", False), ("+1", False), ("1.", False), ("--1", False), ("0x10", False), ("Infinity", False),
    ("NaN", False), (" 42 ", True), ("4 2", False), ("\u0661\u0662", False), ("1e", False), ("e3", False), ("-.5", True),
    (42, True), (3.5, True), (-1, True),
]:
    one(f"number type: {value!r}", age, value, None if ok else "Age must be a number")
for n, samples in [(18, ["17", "18", "17.999", "1.8e1", 17, "100"]), (0.5, ["0.4", "0.5", "1"]), (-10, ["-11", "-10", "-9.5"])]:
    for value in samples:
        ok = float(value) >= n
        shown = str(n) if not float(n).is_integer() else str(int(n))
        one(f"minValue {n} on {value!r}", f("age", "Age", "number", validations=[v("minValue", n)]), value,
            None if ok else f"Age must be {shown} or more")
for n, samples in [(120, ["121", "120", "119.5", 121]), (-1, ["0", "-1", "-1.5"]), (2.25, ["2.25", "2.26", "1e0"])]:
    for value in samples:
        ok = float(value) <= n
        shown = str(n) if not float(n).is_integer() else str(int(n))
        one(f"maxValue {n} on {value!r}", f("age", "Age", "number", validations=[v("maxValue", n)]), value,
            None if ok else f"Age must be {shown} or less")
one("number type check comes before minValue", f("age", "Age", "number", validations=[v("minValue", 1)]), "abc", "Age must be a number")
one("minValue on a text field: not a number fails", f("qty", "Quantity", validations=[v("minValue", 5)]), "abc", "Quantity must be 5 or more")
one("minValue on a text field: number passes", f("qty", "Quantity", validations=[v("minValue", 5)]), "10", None)
one("minValue custom message", f("size", "Household", "number", validations=[v("minValue", 1, "Enter at least 1")]), "0", "Enter at least 1")
one("maxValue custom message", f("size", "Household", "number", validations=[v("maxValue", 20, "Enter 20 or fewer")]), "21", "Enter 20 or fewer")
one("minValue then maxValue: both listed, second fails", f("size", "Household", "number", validations=[v("minValue", 1), v("maxValue", 20)]), "25", "Household must be 20 or less")
one("number nl default", f("age", "Leeftijd", "number"), "x", "Leeftijd moet een getal zijn", lang="nl")
one("minValue nl default", f("age", "Leeftijd", "number", validations=[v("minValue", 18)]), "12", "Leeftijd moet 18 of meer zijn", lang="nl")
one("maxValue de default", f("age", "Alter", "number", validations=[v("maxValue", 99)]), "100", "Alter darf höchstens 99 sein", lang="de")

# ---------------------------------------------------------------- email
email = f("email", "Email", "email", validations=[v("email")])
EMAIL_DEFAULT = "Enter an email address in the correct format, like name@example.com"
for value, ok in [
    ("a@b.co", True), ("name@example.com", True), ("first.last+tag@sub.example.org", True), ("ä@ö.de", True),
    (" a@b.co ", True), ("a@b.c.d", True), ("name@example", False), ("@example.com", False), ("name@.com", False),
    ("a b@c.d", False), ("a@b@c.d", False), ("a\u00a0b@c.d", False), ("a@b.", False), ("a.b@c", False),
    ("name", False), ("a@b .c", False),
]:
    one(f"email {value!r}", email, value, None if ok else EMAIL_DEFAULT)
one("email custom message", f("email", "Email", "email", validations=[v("email", message="Enter an email address like name@example.com")]), "nope", "Enter an email address like name@example.com")
one("email rule on a text field", f("contact", "Contact", validations=[v("email")]), "nope", EMAIL_DEFAULT)
one("email nl default", email, "x", "Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl", lang="nl")

# ---------------------------------------------------------------- masks
phone = f("phone", "Phone", "tel", mask="####-###-####")
for value, ok in [
    ("0612-345-6789", True), ("0612345678", False), ("0612-345-678", False), ("0612-345-67890", False),
    ("a612-345-6789", False), ("\u0660612-345-6789", False), (" 0612-345-6789 ", True), ("0612 345 6789", False),
]:
    one(f"mask ####-###-#### on {value!r}", phone, value, None if ok else "Phone must be in the format ####-###-####")
phone_msg = f("phone", "Phone", "tel", mask="####-###-####", validations=[v("mask", "####-###-####", "Enter the phone number as 0612-345-6789")])
one("mask uses its validation's message", phone_msg, "06123", "Enter the phone number as 0612-345-6789")
one("mask with validation passes", phone_msg, "0612-345-6789", None)
customer = f("cust", "Customer number", "formattednumeric", mask="AA-####")
for value, ok in [("AB-1234", True), ("ab-1234", True), ("AB-12345", False), ("A1-1234", False), ("ÉB-1234", False)]:
    one(f"mask AA-#### on {value!r}", customer, value, None if ok else "Customer number must be in the format AA-####")
mixed = f("ref", "Reference", mask="**.##")
for value, ok in [("a1.23", True), ("Z9.00", True), ("-1.23", False), ("a1x23", False)]:
    one(f"mask **.## on {value!r}", mixed, value, None if ok else "Reference must be in the format **.##")
national = f("nn", "Rijksregisternummer", "formattednumeric", mask="##.##.##-###.##", required=True)
one("Belgian national number formatted", national, "85.07.30-033.28", None, lang="nl")
one("Belgian national number unformatted", national, "85073003328", "Rijksregisternummer moet de vorm ##.##.##-###.## hebben", lang="nl")
one("mask validation without a field mask", f("pin", "PIN", validations=[v("mask", "####")]), "12a4", "PIN must be in the format ####")
one("mask validation without a field mask passes", f("pin", "PIN", validations=[v("mask", "####")]), "1234", None)
one("mask check comes before regex", f("pin", "PIN", mask="####", validations=[v("regex", "^1", "Starts with 1")]), "2x", "PIN must be in the format ####")
one("regex after a passing mask", f("pin", "PIN", mask="####", validations=[v("regex", "^1", "Starts with 1")]), "2345", "Starts with 1")
one("mask de default", f("plz", "PLZ", mask="#####"), "123", "PLZ muss das Format ##### haben", lang="de")

# ---------------------------------------------------------------- dates
date = f("d", "Date", "date")
for value, ok in [
    ("2024-02-29", True), ("2023-02-29", False), ("2024-13-01", False), ("2024-00-10", False), ("2024-04-31", False),
    ("2024-04-30", True), ("2024-4-5", False), ("24-04-05", False), ("2024/04/05", False), ("20240405", False),
    ("1900-02-29", False), ("2000-02-29", True), ("0000-01-01", False), ("0001-01-01", True), ("9999-12-31", True),
    (" 2024-01-01 ", True), ("2024-01-01T00:00", False), ("\uff12\uff10\uff12\uff14-01-01", False), ("2024-01-00", False),
    ("2024-12-32", False), ("today", False),
]:
    one(f"date type {value!r}", date, value, None if ok else "Date must be a real date")


def iso(d):
    return d.strftime("%Y-%m-%d")


def shift(now, years=0, months=0, days=0):
    y, m, d = map(int, now.split("-"))
    total = y * 12 + (m - 1) + years * 12 + months
    y, m = divmod(total, 12)
    m += 1
    last = [31, 29 if (y % 4 == 0 and y % 100 != 0) or y % 400 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return iso(datetime.date(y, m, min(d, last)) + datetime.timedelta(days=days))


BOUNDS = [
    # (bound, now, resolved) — resolved written out by hand
    ("today", "2025-06-15", "2025-06-15"),
    ("+30d", "2025-06-15", "2025-07-15"),
    ("-18y", "2025-06-15", "2007-06-15"),
    ("-1y6m", "2025-06-15", "2023-12-15"),
    ("-1m", "2024-03-31", "2024-02-29"),
    ("-1m", "2023-03-31", "2023-02-28"),
    ("+1y", "2024-02-29", "2025-02-28"),
    ("-18y", "2024-02-29", "2006-02-28"),
    ("+1m", "2025-01-31", "2025-02-28"),
    ("+1d", "2025-12-31", "2026-01-01"),
    ("-1y6m", "2025-08-31", "2024-02-29"),
    ("+1m2d", "2025-01-30", "2025-03-02"),
    ("-400d", "2025-06-15", "2024-05-11"),
    ("+4y", "2024-02-29", "2028-02-29"),
    ("-12m", "2025-06-15", "2024-06-15"),
]
for bound, now, resolved in BOUNDS:
    parsed = {unit: int(number) for number, unit in re.findall(r"(\d+)([ymd])", bound)}
    sign = -1 if bound.startswith("-") else 1
    if bound != "today":
        assert shift(now, sign * parsed.get("y", 0), sign * parsed.get("m", 0), sign * parsed.get("d", 0)) == resolved, bound
    before = iso(datetime.date.fromisoformat(resolved) - datetime.timedelta(days=1))
    after = iso(datetime.date.fromisoformat(resolved) + datetime.timedelta(days=1))
    lo = f("d", "Date", "date", validations=[v("minDate", bound)])
    hi = f("d", "Date", "date", validations=[v("maxDate", bound)])
    one(f"minDate {bound} at {now}: the bound itself", lo, resolved, None, now=now)
    one(f"minDate {bound} at {now}: the day before", lo, before, f"Date must be the same as or after {resolved}", now=now)
    one(f"maxDate {bound} at {now}: the bound itself", hi, resolved, None, now=now)
    one(f"maxDate {bound} at {now}: the day after", hi, after, f"Date must be the same as or before {resolved}", now=now)
one("minDate fixed", f("d", "Date", "date", validations=[v("minDate", "2000-01-01")]), "1999-12-31", "Date must be the same as or after 2000-01-01")
one("minDate fixed passes", f("d", "Date", "date", validations=[v("minDate", "2000-01-01")]), "2000-01-01", None)
one("maxDate fixed", f("d", "Date", "date", validations=[v("maxDate", "2030-12-31")]), "2031-01-01", "Date must be the same as or before 2030-12-31")
one("minDate custom message", f("d", "Date", "date", validations=[v("minDate", "1900-01-01", "Date of birth must be after 1 January 1900")]), "1899-12-31", "Date of birth must be after 1 January 1900")
one("minDate nl default", f("d", "Datum", "date", validations=[v("minDate", "2000-01-01")]), "1999-01-01", "Datum moet op of na 2000-01-01 liggen", lang="nl")
one("maxDate de default", f("d", "Datum", "date", validations=[v("maxDate", "2030-12-31")]), "2031-01-01", "Datum muss am oder vor dem 2030-12-31 liegen", lang="de")
one("minDate on a text field: not a date fails", f("when", "When", validations=[v("minDate", "2000-01-01")]), "hello", "When must be the same as or after 2000-01-01")
one("date type check comes before minDate", f("d", "Date", "date", validations=[v("minDate", "2000-01-01")]), "2001-02-30", "Date must be a real date")

AGES = [
    # (rule, n, now, birth date, ok)
    ("minAge", 18, "2025-06-15", "2007-06-15", True),
    ("minAge", 18, "2025-06-15", "2007-06-16", False),
    ("minAge", 18, "2025-06-15", "2007-06-14", True),
    ("minAge", 18, "2025-06-15", "1950-01-01", True),
    ("minAge", 18, "2018-02-28", "2000-02-29", False),
    ("minAge", 18, "2018-03-01", "2000-02-29", True),
    ("minAge", 18, "2016-02-29", "1998-02-28", True),
    ("minAge", 18, "2025-06-15", "2030-01-01", False),
    ("minAge", 0, "2025-06-15", "2025-06-15", True),
    ("minAge", 21, "2025-01-01", "2004-01-01", True),
    ("minAge", 21, "2024-12-31", "2004-01-01", False),
    ("maxAge", 65, "2025-06-15", "1960-06-15", True),
    ("maxAge", 65, "2025-06-15", "1960-06-16", True),
    ("maxAge", 65, "2025-06-15", "1959-06-15", False),
    ("maxAge", 65, "2025-06-15", "1959-06-16", True),
    ("maxAge", 65, "2025-06-15", "2030-01-01", True),
    ("maxAge", 0, "2025-06-15", "2024-06-16", True),
    ("maxAge", 0, "2025-06-15", "2024-06-15", False),
]
for rule_name, n, now, born, ok in AGES:
    years = "year" if n == 1 else "years"
    message = f"You must be at least {n} {years} old" if rule_name == "minAge" else f"You must be {n} {years} old or younger"
    one(f"{rule_name} {n} at {now}, born {born}", f("dob", "Date of birth", "date", validations=[v(rule_name, n)]), born,
        None if ok else message, now=now)
one("minAge custom message", f("dob", "Date of birth", "date", validations=[v("minAge", 18, "You must be at least 18 years old to register")]), "2010-01-01", "You must be at least 18 years old to register")
one("minAge nl default", f("dob", "Geboortedatum", "date", validations=[v("minAge", 18)]), "2010-01-01", "U moet minstens 18 jaar oud zijn", lang="nl")
one("maxAge de default", f("dob", "Geburtsdatum", "date", validations=[v("maxAge", 30)]), "1980-01-01", "Sie dürfen höchstens 30 Jahre alt sein", lang="de")
one("minAge on a text field: not a date fails", f("dob", "Born", validations=[v("minAge", 18)]), "long ago", "You must be at least 18 years old")
registration_dob = f("birth_date", "Date of birth", "date", required=True, validations=[
    v("minDate", "1900-01-01", "Date of birth must be after 1 January 1900"),
    v("maxDate", "today", "Date of birth must be in the past"),
    v("minAge", 18, "You must be at least 18 years old to register"),
])
for value, error in [
    ("1899-12-31", "Date of birth must be after 1 January 1900"),
    ("2030-01-01", "Date of birth must be in the past"),
    ("2010-01-01", "You must be at least 18 years old to register"),
    ("1990-03-27", None),
    ("", "Enter Date of birth"),
]:
    one(f"registration birth date {value!r}: first failing rule wins", registration_dob, value, error)

# ---------------------------------------------------------------- length cap before patterns
one("cap: longer than maxLength fails before the regex", f("code", "Code", validations=[v("regex", "^(a+)+$"), v("maxLength", 5)]),
    "aaaaaa!", "Code must be 5 characters or fewer")
one("cap: 10000 code points without maxLength pass the cap", f("notes", "Notes", validations=[v("regex", "^a+$")]), "a" * 10000, None)
one("cap: 10001 code points without maxLength", f("notes", "Notes", validations=[v("regex", "^a+$")]), "a" * 10001,
    "This answer must be 10000 characters or fewer")
one("cap: counts code points, not UTF-16 units", f("notes", "Notes", validations=[v("maxLength", 2)]), "\U0001F600\U0001F600", None)

# ---------------------------------------------------------------- equalsField
pw = f("password", "Password", "password", required=True, sensitive=True)
confirm = f("confirm", "Confirm password", "password", required=True, sensitive=True, validations=[v("equalsField", "password")])
confirm_msg = f("confirm", "Confirm password", "password", required=True, sensitive=True, validations=[v("equalsField", "password", "The passwords do not match")])
case("equalsField equal", [pw, confirm], {"password": "secret123", "confirm": "secret123"}, {})
case("equalsField different: default message", [pw, confirm], {"password": "secret123", "confirm": "secret124"}, {"confirm": "Confirm password must match Password"})
case("equalsField different: custom message", [pw, confirm_msg], {"password": "secret123", "confirm": "nope"}, {"confirm": "The passwords do not match"})
case("equalsField compares trimmed text", [pw, confirm], {"password": "secret123", "confirm": " secret123 "}, {})
case("equalsField is case-sensitive", [pw, confirm], {"password": "Secret", "confirm": "secret"}, {"confirm": "Confirm password must match Password"})
case("equalsField compares code points, not canonical equivalence", [pw, confirm], {"password": "caf\u00e9", "confirm": "cafe\u0301"}, {"confirm": "Confirm password must match Password"})
case("equalsField other empty", [pw, confirm], {"password": "", "confirm": "x"}, {"password": "Enter Password", "confirm": "Confirm password must match Password"})
case("equalsField both empty: required wins", [pw, confirm], {}, {"password": "Enter Password", "confirm": "Enter Confirm password"})
case("equalsField against a number field", [f("n", "Number", "number"), f("n2", "Repeat number", validations=[v("equalsField", "n")])], {"n": 5, "n2": "5"}, {})
case("equalsField other hidden counts as empty",
     [f("mode", "Mode", "select", options=colours), f("a", "Code"), f("b", "Repeat code", validations=[v("equalsField", "a")])],
     {"mode": "red", "a": "x1", "b": "x1"}, {"b": "Repeat code must match Code"}, hidden=["a"],
     rules=[rule("mode", "equals", ["red"], "hide", ["a"])])
case("equalsField nl default", [f("pw", "Wachtwoord", "password"), f("pw2", "Bevestiging", "password", validations=[v("equalsField", "pw")])],
     {"pw": "a", "pw2": "b"}, {"pw2": "Bevestiging moet gelijk zijn aan Wachtwoord"}, lang="nl")

# ---------------------------------------------------------------- options
for t in ["select", "radio"]:
    for value, ok in [("red", True), ("blue", False), ("Red", False), (" red ", True)]:
        one(f"{t} option {value!r}", f("colour", "Colour", t, options=colours), value, None if ok else "Select one of the options for Colour")
for value, ok in [("Yes", True), ("No", True), ("Maybe", False), ("yes", False)]:
    one(f"yesno option {value!r}", f("yard", "Yard", "yesno", options=yesno_options), value, None if ok else "Select one of the options for Yard")
for value, ok in [(["Dog", "Cat"], True), (["Dog", "Fish"], False), (["fish"], False), ("Bird", True)]:
    one(f"checkbox group options {value!r}", f("pets", "Pets", "checkbox", options=pets), value, None if ok else "Select one of the options for Pets")
one("optionsFrom: any value passes", f("country", "Country", "select", optionsFrom={"dataSource": "countries", "valueKey": "code", "labelKey": "name"}), "XX", None)
one("a number matches an option's text", f("n", "Rooms", "select", options=[{"value": "1", "label": "One"}, {"value": "2", "label": "Two"}]), 2, None)
one("option check before validations", f("colour", "Colour", "select", options=colours, validations=[v("minLength", 10, "Too short")]), "blue", "Select one of the options for Colour")
one("option nl default", f("colour", "Kleur", "radio", options=colours), "blue", "Kies een van de opties voor Kleur", lang="nl")

# ---------------------------------------------------------------- skipped fields and order
one("readOnly required empty: missing", f("first", "First name", readOnly=True, required=True, dataSource="profile"), "",
    "First name is missing: we could not fill it in for you")
one("readOnly required absent: missing", f("first", "First name", readOnly=True, required=True, dataSource="profile"), MISSING,
    "First name is missing: we could not fill it in for you")
one("readOnly required null: missing (nl)", f("first", "Voornaam", readOnly=True, required=True, dataSource="profile"), None,
    "Voornaam ontbreekt: we konden dit niet voor u invullen", lang="nl")
one("readOnly optional empty: valid", f("first", "First name", readOnly=True, dataSource="profile"), "", None)
one("readOnly with a failing regex: not validated", f("first", "First name", readOnly=True, validations=[v("regex", "^\\d+$")]), "Jan", None)
one("paragraph is never validated", f("intro", "", "paragraph", required=True), "", None)
one("image is never validated", f("logo", "Logo", "image", required=True), MISSING, None)
one("first failing validation wins", f("name", "Name", validations=[v("minLength", 3), v("regex", "^[a-z]+$")]), "A1", "Name must be 3 characters or more")
one("later validation when earlier passes", f("name", "Name", validations=[v("minLength", 3), v("regex", "^[a-z]+$")]), "ABC", "Name is not in the right format")
one("required validation entry is ignored (required is a flag)", f("name", "Name", validations=[v("required")]), "", None)
case("unknown keys in the submission are ignored", [f("name", "Name", required=True)], {"name": "Jan", "other": ""}, {}, data={"name": "Jan"})
case("every field reported, one message each",
     [f("a", "A", required=True), f("b", "B", "number"), f("c", "C", validations=[v("maxLength", 1), v("regex", "x")])],
     {"b": "z", "c": "yy"}, {"a": "Enter A", "b": "B must be a number", "c": "C must be 1 character or fewer"})
case("the KYC NL form with a prefilled profile",
     [f("first_name", "First Name", readOnly=True, required=True, dataSource="user_profile"),
      f("last_name", "Last Name", readOnly=True, required=True, dataSource="user_profile"),
      f("bsn", "BSN", required=True, validations=[v("regex", "^\\d{9}$", "BSN must be 9 digits")]),
      f("birth_date", "Birth Date", "date", readOnly=True, required=True, dataSource="user_profile"),
      f("email", "Email address", "email", required=True, validations=[v("email")]),
      f("consent", "I confirm these details are correct", "checkbox", required=True, requiredMessage="Confirm that your details are correct")],
     {"first_name": "Jan", "last_name": "van der Berg", "bsn": "12345678", "birth_date": "1985-03-15", "email": "jan@", "consent": False},
     {"bsn": "BSN must be 9 digits", "email": EMAIL_DEFAULT, "consent": "Confirm that your details are correct"})

# ---------------------------------------------------------------- rules
fence = f("fence", "Is it fenced?", required=True)
yard = f("yard", "Do you have a yard?", "yesno", required=True, options=yesno_options)
show_fence = rule("yard", "equals", ["Yes"], "show", ["fence"], "hide")
case("rule equals true shows the target", [yard, fence], {"yard": "Yes"}, {"fence": "Enter Is it fenced?"}, rules=[show_fence])
case("rule equals false hides the target (otherwise)", [yard, fence], {"yard": "No"}, {}, hidden=["fence"], rules=[show_fence])
case("rule on a missing answer runs otherwise", [yard, fence], {}, {"yard": "Select Do you have a yard?"}, hidden=["fence"], rules=[show_fence])
case("hidden field with a bad value is not validated", [yard, f("fence", "Fence", validations=[v("regex", "^\\d+$")])], {"yard": "No", "fence": "abc"}, {}, hidden=["fence"], rules=[show_fence],
     data={"yard": "No"})
case("rule without otherwise leaves the target as it is", [yard, fence], {"yard": "No"}, {"fence": "Enter Is it fenced?"},
     rules=[rule("yard", "equals", ["Yes"], "hide", ["fence"])])
case("rule without otherwise acts when true", [yard, fence], {"yard": "Yes"}, {}, hidden=["fence"],
     rules=[rule("yard", "equals", ["Yes"], "hide", ["fence"])])
case("equals is case-sensitive", [yard, fence], {"yard": "Yes"}, {}, hidden=["fence"],
     rules=[rule("yard", "equals", ["yes"], "show", ["fence"], "hide")])

pet_fields = [f("yesno_1", "Do you have a yard?", "yesno", required=True, options=yesno_options), f("text_3", "Is it fenced? Also indicate the type")]
pet_rule = rule("yesno_1", "equals", ["Yes"], "show", ["text_3"], "hide")
case("pet adoption seed: yard Yes shows the fence question", pet_fields, {"yesno_1": "Yes", "text_3": "Wooden fence"}, {}, rules=[pet_rule],
     data={"yesno_1": "Yes", "text_3": "Wooden fence"})
case("pet adoption seed: yard No hides it and drops its value", pet_fields, {"yesno_1": "No", "text_3": "Wooden fence"}, {}, hidden=["text_3"], rules=[pet_rule],
     data={"yesno_1": "No"})
case("pet adoption seed: optional fence may stay empty", pet_fields, {"yesno_1": "Yes"}, {}, rules=[pet_rule], data={"yesno_1": "Yes"})

t = f("t", "Trigger")
x = f("x", "Target", required=True)
for cond, values, value, true in [
    ("equals", ["a"], "a", True), ("equals", ["a"], "b", False), ("equals", ["a"], " a ", True), ("equals", ["a"], "", False),
    ("notEquals", ["a"], "a", False), ("notEquals", ["a"], "b", True), ("notEquals", ["a"], "", True),
    ("in", ["a", "b"], "b", True), ("in", ["a", "b"], "c", False), ("in", ["a", "b"], "", False),
    ("notIn", ["a", "b"], "b", False), ("notIn", ["a", "b"], "c", True), ("notIn", ["a", "b"], "", True),
    ("empty", [], "", True), ("empty", [], "  ", True), ("empty", [], "x", False),
    ("notEmpty", [], "", False), ("notEmpty", [], "x", True),
    ("greaterThan", ["10"], "11", True), ("greaterThan", ["10"], "10", False), ("greaterThan", ["10"], "9.5", False),
    ("greaterThan", ["10"], "abc", False), ("greaterThan", ["10"], "", False), ("greaterThan", ["10"], "1e2", True),
    ("greaterThan", ["-1"], "0", True), ("greaterThan", ["1e1"], "10.5", True), ("greaterThan", ["10"], "+11", False),
    ("lessThan", ["10"], "9.5", True), ("lessThan", ["10"], "10", False), ("lessThan", ["10"], "abc", False),
    ("lessThan", ["10"], "", False), ("lessThan", ["0"], "-.5", True),
]:
    for action, otherwise in [("hide", "show"), ("show", "hide")]:
        hidden_now = (action == "hide") == true
        case(f"condition {cond} {values} on {value!r} -> {action if true else otherwise}", [t, x], {"t": value},
             {} if hidden_now else {"x": "Enter Target"}, hidden=["x"] if hidden_now else [],
             rules=[rule("t", cond, values, action, ["x"], otherwise)])
case("condition on a JSON number", [f("n", "Count", "number"), x], {"n": 15}, {}, hidden=["x"], rules=[rule("n", "greaterThan", ["10"], "hide", ["x"])])
case("condition on a number below", [f("n", "Count", "number"), x], {"n": 5}, {"x": "Enter Target"}, rules=[rule("n", "greaterThan", ["10"], "hide", ["x"])])

contact = f("contact_method", "How should we contact you?", "radio", required=True, options=[{"value": "email", "label": "By email"}, {"value": "phone", "label": "By phone"}])
phone_opt = f("phone", "Phone number", "tel", mask="####-###-####")
best = f("best_time", "Best time to call", "select", options=[{"value": "Morning", "label": "Morning"}])
reg_rules = [rule("contact_method", "equals", ["phone"], "require", ["phone"], "unrequire"),
             rule("contact_method", "notEquals", ["phone"], "hide", ["best_time"], "show")]
case("require: phone becomes required", [contact, phone_opt, best], {"contact_method": "phone"}, {"phone": "Enter Phone number"}, rules=reg_rules)
case("require: phone given", [contact, phone_opt, best], {"contact_method": "phone", "phone": "0612-345-6789", "best_time": "Morning"}, {}, rules=reg_rules,
     data={"contact_method": "phone", "phone": "0612-345-6789", "best_time": "Morning"})
case("unrequire: phone optional by email", [contact, phone_opt, best], {"contact_method": "email", "best_time": "Morning"}, {}, hidden=["best_time"], rules=reg_rules,
     data={"contact_method": "email"})
case("unrequire a configured required field", [t, x], {"t": "skip"}, {}, rules=[rule("t", "equals", ["skip"], "unrequire", ["x"])])
case("unrequire leaves other checks", [t, f("x", "Target", required=True, validations=[v("minLength", 3)])], {"t": "skip", "x": "ab"}, {"x": "Target must be 3 characters or more"},
     rules=[rule("t", "equals", ["skip"], "unrequire", ["x"])])
case("require uses requiredMessage", [t, f("x", "Target", requiredMessage="We need the target")], {"t": "go"}, {"x": "We need the target"},
     rules=[rule("t", "equals", ["go"], "require", ["x"])])
case("require on a choice uses requiredChoice", [t, f("c", "Colour", "select", options=colours)], {"t": "go"}, {"c": "Select Colour"},
     rules=[rule("t", "equals", ["go"], "require", ["c"])])
case("required but hidden: not validated", [t, x], {"t": "go"}, {}, hidden=["x"],
     rules=[rule("t", "equals", ["go"], "require", ["x"]), rule("t", "equals", ["go"], "hide", ["x"])])
case("several targets", [t, f("a", "A", required=True), f("b", "B", required=True), f("c", "C", required=True)], {"t": "x"}, {"c": "Enter C"}, hidden=["a", "b"],
     rules=[rule("t", "equals", ["x"], "hide", ["a", "b"])])
case("later rule wins within a pass", [t, f("u", "U"), x], {"t": "a", "u": "b"}, {}, hidden=["x"],
     rules=[rule("t", "equals", ["a"], "show", ["x"], "hide"), rule("u", "equals", ["b"], "hide", ["x"])])
case("later rule wins within a pass (reversed)", [t, f("u", "U"), x], {"t": "a", "u": "b"}, {"x": "Enter Target"},
     rules=[rule("u", "equals", ["b"], "hide", ["x"]), rule("t", "equals", ["a"], "show", ["x"], "hide")])

A = f("a", "A", "yesno", options=yesno_options)
B = f("b", "B", "yesno", options=yesno_options)
C = f("c", "C", required=True)
D = f("d", "D", required=True)
chain = [rule("a", "equals", ["Yes"], "show", ["b"], "hide"), rule("b", "equals", ["Yes"], "show", ["c"], "hide")]
case("chain: A No hides B, and hidden B hides C", [A, B, C], {"a": "No", "b": "Yes"}, {}, hidden=["b", "c"], rules=chain)
case("chain: A Yes, B Yes shows C", [A, B, C], {"a": "Yes", "b": "Yes"}, {"c": "Enter C"}, rules=chain)
case("chain: A Yes, B No hides C", [A, B, C], {"a": "Yes", "b": "No"}, {}, hidden=["c"], rules=chain)
case("chain in reverse order reaches the same result", [A, B, C], {"a": "No", "b": "Yes"}, {}, hidden=["b", "c"], rules=list(reversed(chain)))
C2 = f("c", "C", "yesno", options=yesno_options)
chain3 = [rule("c", "equals", ["Yes"], "show", ["d"], "hide"), rule("b", "equals", ["Yes"], "show", ["c"], "hide"), rule("a", "equals", ["Yes"], "show", ["b"], "hide")]
case("three-level chain in reverse order needs every pass", [A, B, C2, D], {"a": "No", "b": "Yes", "c": "Yes"}, {}, hidden=["b", "c", "d"], rules=chain3,
     data={"a": "No"})
case("three-level chain all Yes", [A, B, C2, D], {"a": "Yes", "b": "Yes", "c": "Yes"}, {"d": "Enter D"}, rules=chain3)
case("hidden field counts as empty for notEmpty", [A, f("b", "B"), C], {"a": "No", "b": "text"}, {}, hidden=["b", "c"],
     rules=[rule("a", "equals", ["Yes"], "show", ["b"], "hide"), rule("b", "notEmpty", [], "show", ["c"], "hide")])
case("hidden field counts as empty for empty", [A, f("b", "B"), C], {"a": "No", "b": "text"}, {"c": "Enter C"}, hidden=["b"],
     rules=[rule("a", "equals", ["Yes"], "show", ["b"], "hide"), rule("b", "empty", [], "show", ["c"], "hide")])

group_t = f("pets", "Pets", "checkbox", options=pets)
for cond, values, value, true in [
    ("equals", ["Dog"], ["Cat", "Dog"], True), ("equals", ["Dog"], ["Cat"], False), ("notEquals", ["Dog"], ["Cat"], True),
    ("notEquals", ["Dog"], ["Dog"], False), ("in", ["Dog", "Bird"], ["Cat"], False), ("in", ["Dog", "Bird"], ["Cat", "Bird"], True),
    ("notIn", ["Dog", "Bird"], ["Cat"], True), ("empty", [], [], True), ("notEmpty", [], ["Cat"], True), ("empty", [], [""], True),
]:
    case(f"checkbox group condition {cond} {values} on {value!r}", [group_t, x], {"pets": value},
         {} if true else {"x": "Enter Target"}, hidden=["x"] if true else [], rules=[rule("pets", cond, values, "hide", ["x"])])
single = f("agree", "Agree", "checkbox")
for cond, values, value, true in [
    ("equals", ["true"], True, True), ("equals", ["true"], False, False), ("equals", ["false"], False, True),
    ("equals", ["false"], MISSING, True), ("notEmpty", [], True, True), ("notEmpty", [], False, False), ("empty", [], "false", True),
]:
    case(f"single checkbox condition {cond} {values} on {'missing' if value is MISSING else repr(value)}", [single, x], {} if value is MISSING else {"agree": value},
         {} if true else {"x": "Enter Target"}, hidden=["x"] if true else [], rules=[rule("agree", cond, values, "hide", ["x"])])

# ---------------------------------------------------------------- submitted data
every = [
    f("name", "Name"), f("notes", "Notes", "textarea"), f("age", "Age", "number"), f("dob", "Born", "date"),
    f("mail", "Mail", "email"), f("tel", "Tel", "tel"), f("pw", "Password", "password", sensitive=True),
    f("colour", "Colour", "select", options=colours), f("pick", "Pick", "radio", options=colours),
    f("yard", "Yard", "yesno", options=yesno_options), f("agree", "Agree", "checkbox"), f("pets", "Pets", "checkbox", options=pets),
    f("ref", "Ref", "formattednumeric", mask="AA-####"), f("intro", "", "paragraph"), f("logo", "Logo", "image"),
    f("first", "First", readOnly=True, dataSource="profile"),
]
case("data: every type", every,
     {"name": "  Jan  ", "notes": "line 1\nline 2 ", "age": "3.50", "dob": "1990-03-27", "mail": "a@b.co", "tel": "+31 6",
      "pw": "secret", "colour": "red", "pick": "green", "yard": "Yes", "agree": True, "pets": ["Dog", " Cat "], "ref": "AB-1234",
      "intro": "ignored", "logo": "ignored", "first": "Jan", "unknown": "ignored"},
     {}, data={"name": "Jan", "notes": "line 1\nline 2", "age": 3.5, "dob": "1990-03-27", "mail": "a@b.co", "tel": "+31 6",
               "pw": "secret", "colour": "red", "pick": "green", "yard": "Yes", "agree": True, "pets": ["Dog", "Cat"], "ref": "AB-1234",
               "first": "Jan"})
case("data: empty fields are left out, a checkbox is false", every, {"name": "", "age": "", "pets": [], "agree": False, "colour": ""}, {},
     data={"agree": False})
case("data: an unanswered checkbox is false", every, {}, {}, data={"agree": False})
case("data: number forms", [f("a", "A", "number"), f("b", "B", "number"), f("c", "C", "number"), f("d", "D", "number")],
     {"a": "1e3", "b": "-0.25", "c": 7, "d": " 12 "}, {}, data={"a": 1000, "b": -0.25, "c": 7, "d": 12})
case("data: checkbox string true", [f("agree", "Agree", "checkbox")], {"agree": "true"}, {}, data={"agree": True})
case("data: group from one string", [f("pets", "Pets", "checkbox", options=pets)], {"pets": "Bird"}, {}, data={"pets": ["Bird"]})
case("data: text from a JSON number", [f("code", "Code")], {"code": 42}, {}, data={"code": "42"})
case("data: hidden checkbox left out", [yard, f("agree", "Agree", "checkbox")], {"yard": "No", "agree": True}, {},
     hidden=["agree"], rules=[rule("yard", "equals", ["Yes"], "show", ["agree"], "hide")], data={"yard": "No"})
case("data: readOnly empty left out", [f("first", "First", readOnly=True, required=True)], {"first": ""},
     {"first": "First is missing: we could not fill it in for you"}, data={})


# Journeys: branching, exit pages, pages that skip themselves.
has_pets = f("has_pets", "Do you have pets", "yesno", required=True)
pet_count = f("pet_count", "How many pets", "number", required=True)
pet_name = f("pet_name", "Pet name", required=True)
shelter = f("shelter_day", "Visit day", required=True)
contact = f("email", "Email", "email", required=True)
journey_fields = [has_pets, pet_count, pet_name, shelter, contact]


def journey_pages(branches=None, exit_page=True):
    pages = [{"id": "about", "title": "Your pets", "fields": ["has_pets", "pet_count"],
              "next": branches if branches is not None else [
                  {"field": "has_pets", "condition": "equals", "values": ["No"], "goTo": "no-pets"},
                  {"field": "pet_count", "condition": "greaterThan", "values": ["5"], "goTo": "shelter"}]}]
    if exit_page:
        pages.append({"id": "no-pets", "title": "You need a pet", "fields": [], "exit": True})
    pages += [{"id": "names", "title": "Names", "fields": ["pet_name"]},
              {"id": "shelter", "title": "Shelter visit", "fields": ["shelter_day"]},
              {"id": "contact", "title": "Contact", "fields": ["email"]}]
    return pages


case("journey: no branch holds, every page but the exit page", journey_fields,
     {"has_pets": "Yes", "pet_count": "2"},
     {"pet_name": "Enter Pet name", "shelter_day": "Enter Visit day", "email": "Enter Email"},
     pages=journey_pages(), data={"has_pets": "Yes", "pet_count": 2})
case("journey: a branch skips a page, its fields not demanded", journey_fields,
     {"has_pets": "Yes", "pet_count": "7", "pet_name": "Rex", "shelter_day": "Monday", "email": "a@b.co"},
     {}, hidden=["pet_name"], pages=journey_pages(),
     data={"has_pets": "Yes", "pet_count": 7, "shelter_day": "Monday", "email": "a@b.co"})
case("journey: ending on an exit page is an error, later pages skipped", journey_fields,
     {"has_pets": "No", "pet_name": "Rex", "email": "a@b.co"},
     {"no-pets": "You need a pet", "pet_count": "Enter How many pets"},
     hidden=["email", "pet_name", "shelter_day"], pages=journey_pages(), data={"has_pets": "No"})
case("journey: first matching branch wins", journey_fields,
     {"has_pets": "No", "pet_count": "9"},
     {"no-pets": "You need a pet"}, hidden=["email", "pet_name", "shelter_day"], pages=journey_pages(),
     data={"has_pets": "No", "pet_count": 9})
case("journey: goTo review ends the journey", journey_fields,
     {"has_pets": "Yes", "pet_count": "1"}, {},
     hidden=["email", "pet_name", "shelter_day"],
     pages=journey_pages([{"field": "has_pets", "condition": "equals", "values": ["Yes"], "goTo": "review"}]),
     data={"has_pets": "Yes", "pet_count": 1})
case("journey: a branch on an empty answer", journey_fields, {},
     {"has_pets": "Select Do you have pets", "pet_count": "Enter How many pets"},
     hidden=["email", "pet_name", "shelter_day"],
     pages=journey_pages([{"field": "has_pets", "condition": "empty", "values": [], "goTo": "review"}]), data={})
case("journey: goTo backwards is ignored", journey_fields,
     {"has_pets": "Yes", "pet_count": "1", "pet_name": "Rex", "shelter_day": "Mon", "email": "a@b.co"}, {},
     pages=[{"id": "about", "fields": ["has_pets", "pet_count"]},
            {"id": "names", "fields": ["pet_name"], "next": [{"field": "has_pets", "condition": "equals", "values": ["Yes"], "goTo": "about"}]},
            {"id": "shelter", "fields": ["shelter_day"]}, {"id": "contact", "fields": ["email"]}],
     data={"has_pets": "Yes", "pet_count": 1, "pet_name": "Rex", "shelter_day": "Mon", "email": "a@b.co"})
case("journey: a branch testing a field on a later page counts it empty", journey_fields,
     {"has_pets": "Yes", "pet_count": "1", "pet_name": "Rex", "shelter_day": "Mon", "email": "a@b.co"}, {},
     pages=journey_pages([{"field": "email", "condition": "notEmpty", "values": [], "goTo": "contact"}], exit_page=False),
     data={"has_pets": "Yes", "pet_count": 1, "pet_name": "Rex", "shelter_day": "Mon", "email": "a@b.co"})
case("journey: a page whose every field is hidden is skipped with its display fields", journey_fields + [f("intro", "Intro", "paragraph")],
     {"has_pets": "No", "email": "a@b.co"}, {},
     hidden=["intro", "pet_count", "pet_name", "shelter_day"],
     rules=[rule("has_pets", "equals", ["Yes"], "show", ["pet_count", "pet_name", "shelter_day"], "hide")],
     pages=[{"id": "about", "fields": ["has_pets"]}, {"id": "count", "fields": ["intro", "pet_count"]},
            {"id": "names", "fields": ["pet_name"]}, {"id": "shelter", "fields": ["shelter_day"]}, {"id": "contact", "fields": ["email"]}],
     data={"has_pets": "No", "email": "a@b.co"})
case("journey: a skipped page's branches are not used", journey_fields,
     {"has_pets": "No", "shelter_day": "Mon", "pet_name": "Rex", "email": "a@b.co"}, {},
     hidden=["pet_count", "pet_name"],
     rules=[rule("has_pets", "equals", ["Yes"], "show", ["pet_count"], "hide")],
     pages=[{"id": "about", "fields": ["has_pets"]},
            {"id": "count", "fields": ["pet_count"], "next": [{"field": "has_pets", "condition": "equals", "values": ["No"], "goTo": "names"}]},
            {"id": "shelter", "fields": ["shelter_day"], "next": [{"field": "has_pets", "condition": "equals", "values": ["No"], "goTo": "contact"}]},
            {"id": "names", "fields": ["pet_name"]}, {"id": "contact", "fields": ["email"]}],
     data={"has_pets": "No", "shelter_day": "Mon", "email": "a@b.co"})
case("journey: a rule testing a field on a skipped page sees it empty", journey_fields,
     {"has_pets": "Yes", "pet_count": "7", "pet_name": "Rex", "shelter_day": "Mon", "email": ""}, {},
     hidden=["email", "pet_name"],
     rules=[rule("pet_name", "notEmpty", [], "show", ["email"], "hide")],
     pages=journey_pages(), data={"has_pets": "Yes", "pet_count": 7, "shelter_day": "Mon"})
case("journey: a one-page form with every field hidden is still its page", [yard, f("agree", "Agree", "checkbox"), f("intro", "Intro", "paragraph")],
     {"yard": "No"}, {}, hidden=["agree"], rules=[rule("yard", "equals", ["Yes"], "show", ["agree"], "hide")],
     pages=[{"fields": ["yard"]}, {"fields": ["agree", "intro"]}][1:], data={"yard": "No"})


def repeat_field(id, label, fields, min=0, max=None, item_label="Item {n}", rules=None):
    """A repeating section as the build writes it into the spec: kind `repeat`, its item fields with their messages,
    and the rules that act on its item fields (applied to each item)."""
    table = read_messages()["en"]
    inner = [dict(field, kind=field.get("kind", kind_of(field))) for field in fields]
    inner = [with_messages(field, inner, None) for field in inner]
    messages = {"minItems": counted(table, "minItems", min, "en").replace("{label}", label)}
    spec = {"min": min, "itemLabel": item_label, "addLabel": "Add another", "removeLabel": "Remove",
            "added": table["itemAdded"], "removed": table["itemRemoved"]}
    if max is not None:
        spec["max"] = max
        messages["maxItems"] = counted(table, "maxItems", max, "en").replace("{label}", label)
    field = {"id": id, "type": "repeat", "kind": "repeat", "label": label, "messages": messages, "fields": inner, "repeat": spec}
    if min > 0:
        field["required"] = True
    if rules:
        field["rules"] = rules
    return field


PET_NAME = f("pet_name", "Name", required=True, requiredMessage="Enter a name")
PET_AGE = f("age", "Age", "number", validations=[v("maxValue", 60)])
PET_KIND = f("species", "Species", "select", options=[{"value": "Dog", "label": "Dog"}, {"value": "Cat", "label": "Cat"}])
PETS = repeat_field("pets", "Your pets", [PET_NAME, PET_KIND, PET_AGE], min=1, max=3, item_label="Pet {n}")
OWNER = f("owner", "Owner", required=True)

case("repeat: a valid list is cleaned item by item", [OWNER, PETS],
     {"owner": " Ann ", "pets": [{"pet_name": " Rex ", "species": "Dog", "age": "4"}, {"pet_name": "Tom", "age": 2}]}, {},
     data={"owner": "Ann", "pets": [{"pet_name": "Rex", "species": "Dog", "age": 4}, {"pet_name": "Tom", "age": 2}]})
case("repeat: errors name the item and key the field in it", [OWNER, PETS],
     {"owner": "Ann", "pets": [{"pet_name": "Rex"}, {"pet_name": "", "species": "Cow"}, {"pet_name": "Kit", "age": "61"}]},
     {"pets[1].pet_name": "Pet 2: Enter a name", "pets[1].species": "Pet 2: Select one of the options for Species",
      "pets[2].age": "Pet 3: Age must be 60 or less"},
     data={"owner": "Ann", "pets": [{"pet_name": "Rex"}, {"species": "Cow"}, {"pet_name": "Kit", "age": 61}]})
case("repeat: too few items when it needs one", [OWNER, PETS], {"owner": "Ann", "pets": []},
     {"pets": "Your pets: add at least 1 item"}, data={"owner": "Ann"})
case("repeat: a missing list counts as no items", [OWNER, PETS], {"owner": "Ann"},
     {"pets": "Your pets: add at least 1 item"}, data={"owner": "Ann"})
case("repeat: too many items is the one error (no item is checked)", [OWNER, PETS],
     {"owner": "Ann", "pets": [{"pet_name": "A"}, {"pet_name": "B"}, {"pet_name": "C"}, {}]},
     {"pets": "Your pets: add 3 items or fewer"},
     data={"owner": "Ann", "pets": [{"pet_name": "A"}, {"pet_name": "B"}, {"pet_name": "C"}, {}]})
case("repeat: an entry that is not an object is an empty item", [OWNER, PETS],
     {"owner": "Ann", "pets": ["Rex"]}, {"pets[0].pet_name": "Pet 1: Enter a name"}, data={"owner": "Ann", "pets": [{}]})
case("repeat: a value that is not a list is no items", [OWNER, PETS],
     {"owner": "Ann", "pets": {"pet_name": "Rex"}}, {"pets": "Your pets: add at least 1 item"}, data={"owner": "Ann"})
case("repeat: an optional list may be empty but not short", [OWNER, repeat_field("visits", "Visits", [f("place", "Place", required=True)], min=2)],
     {"owner": "Ann", "visits": [{"place": "Oslo"}]}, {"visits": "Visits: add at least 2 items"},
     data={"owner": "Ann", "visits": [{"place": "Oslo"}]})
case("repeat: an optional list left out is fine", [OWNER, repeat_field("visits", "Visits", [f("place", "Place", required=True)])],
     {"owner": "Ann"}, {}, data={"owner": "Ann"})
VISITS = repeat_field("visits", "Visits", [f("place", "Place", required=True), f("nights", "Nights", "number"), f("intro", "", "paragraph")],
                      item_label="Visit {n}")
case("repeat: an optional list's empty item is no item", [OWNER, VISITS],
     {"owner": "Ann", "visits": [{"place": " ", "nights": ""}, {}]}, {}, data={"owner": "Ann"})
case("repeat: an optional list's item with any answer is checked in full, keyed by its own index", [OWNER, VISITS],
     {"owner": "Ann", "visits": [{"place": ""}, {"nights": "2"}, {"place": "Oslo"}]}, {"visits[1].place": "Visit 2: Enter Place"},
     data={"owner": "Ann", "visits": [{"nights": 2}, {"place": "Oslo"}]})
case("repeat: a list that needs items checks an empty item", [OWNER, repeat_field("visits", "Visits", [f("place", "Place", required=True)], min=1)],
     {"owner": "Ann", "visits": [{"place": ""}]}, {"visits[0].place": "Item 1: Enter Place"}, data={"owner": "Ann", "visits": [{}]})
case("repeat: equalsField compares fields of the same item",
     [OWNER, repeat_field("accounts", "Accounts", [f("iban", "IBAN", required=True),
                                                  f("iban_again", "IBAN again", validations=[v("equalsField", "iban", "The IBANs do not match")])])],
     {"owner": "Ann", "accounts": [{"iban": "NL01", "iban_again": "NL01"}, {"iban": "NL02", "iban_again": "NL03"}]},
     {"accounts[1].iban_again": "Item 2: The IBANs do not match"},
     data={"owner": "Ann", "accounts": [{"iban": "NL01", "iban_again": "NL01"}, {"iban": "NL02", "iban_again": "NL03"}]})
case("repeat: a hidden list is neither checked nor kept",
     [f("has", "Has", "yesno", options=[{"value": "Yes", "label": "Yes"}, {"value": "No", "label": "No"}]), PETS],
     {"has": "No", "pets": [{"pet_name": ""}]}, {}, hidden=["pets"],
     rules=[rule("has", "equals", ["Yes"], "show", ["pets"], "hide")], data={"has": "No"})

KINDS = [{"value": v_, "label": v_} for v_ in ["Dog", "Cat"]] + [{"value": "other", "label": "Other"}]
PET_KIND_R = f("kind", "Kind", "radio", required=True, options=KINDS)
KIND_OTHER = f("kind_other", "Describe the pet", required=True, requiredMessage="Describe the pet")
OTHER_RULE = rule("kind", "equals", ["other"], "show", ["kind_other"], "hide")
PETS_R = repeat_field("pets", "Your pets", [PET_NAME, PET_KIND_R, KIND_OTHER], min=1, item_label="Pet {n}", rules=[OTHER_RULE])
case("repeat rules: a rule on an item field acts in its own item: shown and required in item 1, hidden and dropped in item 2",
     [OWNER, PETS_R],
     {"owner": "Ann", "pets": [{"pet_name": "Rex", "kind": "other", "kind_other": " "}, {"pet_name": "Tom", "kind": "Dog", "kind_other": "Lizard"}]},
     {"pets[0].kind_other": "Pet 1: Describe the pet"}, hidden=["pets[1].kind_other"],
     data={"owner": "Ann", "pets": [{"pet_name": "Rex", "kind": "other"}, {"pet_name": "Tom", "kind": "Dog"}]})
case("repeat rules: a shown item field is kept, a hidden one is neither checked nor kept",
     [OWNER, PETS_R],
     {"owner": "Ann", "pets": [{"pet_name": "Rex", "kind": "Cat"}, {"pet_name": "Kit", "kind": "other", "kind_other": " Lizard "}, {"pet_name": "Bo"}]},
     {"pets[2].kind": "Pet 3: Select Kind"}, hidden=["pets[0].kind_other", "pets[2].kind_other"],
     data={"owner": "Ann", "pets": [{"pet_name": "Rex", "kind": "Cat"}, {"pet_name": "Kit", "kind": "other", "kind_other": "Lizard"}, {"pet_name": "Bo"}]})
case("repeat rules: require and unrequire act per item",
     [OWNER, repeat_field("pets", "Your pets", [PET_NAME, PET_KIND_R, PET_AGE], item_label="Pet {n}",
                          rules=[rule("kind", "equals", ["Cat"], "require", ["age"], "unrequire")])],
     {"owner": "Ann", "pets": [{"pet_name": "Kit", "kind": "Cat"}, {"pet_name": "Rex", "kind": "Dog"}]},
     {"pets[0].age": "Pet 1: Enter Age"},
     data={"owner": "Ann", "pets": [{"pet_name": "Kit", "kind": "Cat"}, {"pet_name": "Rex", "kind": "Dog"}]})
VET = f("vet", "Do you have a vet", "yesno", options=[{"value": "Yes", "label": "Yes"}, {"value": "No", "label": "No"}])
HAS = f("has", "Has", "yesno", options=[{"value": "Yes", "label": "Yes"}, {"value": "No", "label": "No"}])
VET_PETS = repeat_field("pets", "Your pets", [PET_NAME, f("vet_name", "Vet", required=True)], item_label="Pet {n}",
                        rules=[rule("vet", "equals", ["Yes"], "show", ["vet_name"], "hide")])
case("repeat rules: a rule on a field outside the list acts in every item",
     [HAS, VET, VET_PETS], {"vet": "Yes", "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom", "vet_name": "Dr Vos"}]},
     {"pets[0].vet_name": "Pet 1: Enter Vet"},
     data={"vet": "Yes", "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom", "vet_name": "Dr Vos"}]})
case("repeat rules: the outer field's answer hides the item field in every item",
     [HAS, VET, VET_PETS], {"vet": "No", "pets": [{"pet_name": "Rex", "vet_name": "Dr Vos"}, {"pet_name": "Tom"}]},
     {}, hidden=["pets[0].vet_name", "pets[1].vet_name"],
     data={"vet": "No", "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom"}]})
case("repeat rules: an outer field hidden by a rule counts as empty in the items",
     [HAS, VET, VET_PETS], {"has": "No", "vet": "Yes", "pets": [{"pet_name": "Rex", "vet_name": "Dr Vos"}]},
     {}, hidden=["pets[0].vet_name", "vet"], rules=[rule("has", "equals", ["Yes"], "show", ["vet"], "hide")],
     data={"has": "No", "pets": [{"pet_name": "Rex"}]})

case("repeat rules: an outer single checkbox is read as a checkbox in every item (false is empty)",
     [f("insured", "Insured", "checkbox"),
      repeat_field("pets", "Your pets", [PET_NAME, f("policy", "Policy number", required=True)], item_label="Pet {n}",
                   rules=[rule("insured", "empty", [], "hide", ["policy"], "show")])],
     {"insured": False, "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom", "policy": "P-1"}]},
     {}, hidden=["pets[0].policy", "pets[1].policy"],
     data={"insured": False, "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom"}]})
case("repeat rules: an outer single checkbox ticked shows the item field in every item",
     [f("insured", "Insured", "checkbox"),
      repeat_field("pets", "Your pets", [PET_NAME, f("policy", "Policy number", required=True)], item_label="Pet {n}",
                   rules=[rule("insured", "empty", [], "hide", ["policy"], "show")])],
     {"insured": True, "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom", "policy": "P-1"}]},
     {"pets[0].policy": "Pet 1: Enter Policy number"},
     data={"insured": True, "pets": [{"pet_name": "Rex"}, {"pet_name": "Tom", "policy": "P-1"}]})

def file_field(id, label, accept=None, max_size=None, multiple=False, max_files=None, required=False):
    """A file field as the build writes it into the spec: sensitive, its limits under `upload`, its messages resolved."""
    upload, messages = {}, {"required": f"Select {label.lower()}"}
    if accept:
        upload["accept"] = accept
        messages["fileType"] = "The selected file must be a PNG or JPEG"
    if max_size:
        upload["maxSize"] = max_size
        messages["fileSize"] = "The selected file must be smaller than 2 MB"
    if multiple:
        upload["multiple"] = True
    if max_files:
        upload["maxFiles"] = max_files
    if not multiple or max_files:
        most = max_files or 1
        messages["fileCount"] = f"Select {most} {'file' if most == 1 else 'files'} or fewer"
    field = {"id": id, "type": "file", "kind": "file", "label": label, "sensitive": True, "messages": messages, "upload": upload}
    if required:
        field["required"] = True
    return field


PHOTO = file_field("photo", "Photo", accept=["image/png", ".jpg"], max_size=2000000, required=True)
SCANS = file_field("scans", "Scans", accept=["image/*", ".txt"], multiple=True, max_files=2)
PNG = {"name": "rex.png", "size": 1200, "type": "image/png"}

case("file: a PNG within the size is kept as its metadata", [PHOTO], {"photo": dict(PNG, extra="dropped")}, {}, data={"photo": PNG})
case("file: a JPEG matches .jpg by its type", [PHOTO], {"photo": {"name": "a.JPG", "size": 5, "type": "image/jpeg"}}, {},
     data={"photo": {"name": "a.JPG", "size": 5, "type": "image/jpeg"}})
case("file: a renamed text file is not a .jpg", [PHOTO], {"photo": {"name": "a.jpg", "size": 5, "type": "text/plain"}},
     {"photo": "The selected file must be a PNG or JPEG"}, data={"photo": {"name": "a.jpg", "size": 5, "type": "text/plain"}})
case("file: too big", [PHOTO], {"photo": dict(PNG, size=2000001)}, {"photo": "The selected file must be smaller than 2 MB"},
     data={"photo": dict(PNG, size=2000001)})
case("file: a size that is not a number fails the size check", [PHOTO], {"photo": dict(PNG, size="12")},
     {"photo": "The selected file must be smaller than 2 MB"}, data={"photo": dict(PNG, size="12")})
case("file: missing when required", [PHOTO], {}, {"photo": "Select photo"}, data={})
case("file: null and an empty list are no file", [PHOTO, dict(SCANS, id="other")], {"photo": None, "other": []},
     {"photo": "Select photo"}, data={})
case("file: two files for a one-file field", [PHOTO], {"photo": [PNG, PNG]}, {"photo": "Select 1 file or fewer"}, data={"photo": PNG})
case("file: several files within maxFiles, by wildcard and by extension", [SCANS],
     {"scans": [PNG, {"name": "notes.TXT", "size": 3, "type": "text/plain"}]}, {},
     data={"scans": [PNG, {"name": "notes.TXT", "size": 3, "type": "text/plain"}]})
case("file: more than maxFiles", [SCANS], {"scans": [PNG, PNG, PNG]}, {"scans": "Select 2 files or fewer"}, data={"scans": [PNG, PNG, PNG]})
case("file: a type accept does not allow", [SCANS], {"scans": [{"name": "a.pdf", "size": 3, "type": "application/pdf"}]},
     {"scans": "The selected file must be a PNG or JPEG"}, data={"scans": [{"name": "a.pdf", "size": 3, "type": "application/pdf"}]})
case("file: a string is no file", [PHOTO], {"photo": "rex.png"}, {"photo": "Select photo"}, data={})


# ---------------------------------------------------------------- grids and scales
ROWS = [{"label": "Speed", "value": "speed"}, {"label": "Staff", "value": "staff"}]
COLUMNS = [{"label": "Good", "value": "good"}, {"label": "Poor", "value": "poor"}]
GRID = f("service", "Rate our service", "grid", rows=ROWS, options=COLUMNS)
GRID_R = dict(GRID, required=True)
GRID_M = f("likes", "What did you like", "grid", rows=ROWS, options=COLUMNS, multiple=True, required=True)
ROW_OPTION = "Select one of the options for Rate our service"
case("grid: every row answered", [GRID_R], {"service": {"speed": "good", "staff": "poor"}}, {},
     data={"service": {"speed": "good", "staff": "poor"}})
case("grid: a required grid names each row left unanswered", [GRID_R], {"service": {"speed": "good"}},
     {"service.staff": "Select an answer for Staff"}, data={"service": {"speed": "good"}})
case("grid: a required grid with no answer has an error per row", [GRID_R], {},
     {"service.speed": "Select an answer for Speed", "service.staff": "Select an answer for Staff"}, data={})
case("grid: an empty or blank answer is no answer", [GRID_R], {"service": {"speed": "  ", "staff": None}},
     {"service.speed": "Select an answer for Speed", "service.staff": "Select an answer for Staff"}, data={})
case("grid: a value that is not an object is no answer", [GRID_R], {"service": "good"},
     {"service.speed": "Select an answer for Speed", "service.staff": "Select an answer for Staff"}, data={})
case("grid: an optional grid may be left out", [GRID], {}, {}, data={})
case("grid: an optional grid may be answered in part", [GRID], {"service": {"staff": " poor "}}, {}, data={"service": {"staff": "poor"}})
case("grid: a row it does not have is refused on the grid", [GRID], {"service": {"speed": "good", "price": "good"}},
     {"service": ROW_OPTION}, data={"service": {"speed": "good"}})
case("grid: a column it does not have is refused on the row", [GRID_R], {"service": {"speed": "great", "staff": "poor"}},
     {"service.speed": ROW_OPTION}, data={"service": {"speed": "great", "staff": "poor"}})
case("grid: a list where one column is wanted is refused on the row", [GRID], {"service": {"speed": ["good", "poor"]}},
     {"service.speed": ROW_OPTION}, data={})
case("grid: a row named as an object member is still no row", [GRID], {"service": {"constructor": "good"}},
     {"service": ROW_OPTION}, data={})
case("grid multiple: each row a list of columns", [GRID_M], {"likes": {"speed": ["good", "poor"], "staff": "good"}}, {},
     data={"likes": {"speed": ["good", "poor"], "staff": ["good"]}})
case("grid multiple: an empty list is no answer", [GRID_M], {"likes": {"speed": [], "staff": ["good"]}},
     {"likes.speed": "Select an answer for Speed"}, data={"likes": {"staff": ["good"]}})
case("grid multiple: a column it does not have is refused", [GRID_M], {"likes": {"speed": ["good", "fast"], "staff": ["poor"]}},
     {"likes.speed": "Select one of the options for What did you like"}, data={"likes": {"speed": ["good", "fast"], "staff": ["poor"]}})
case("grid: a hidden grid is neither checked nor kept", [f("rate", "Rate us", "yesno", options=[{"label": "Yes", "value": "Yes"}, {"label": "No", "value": "No"}]), GRID_R],
     {"rate": "No", "service": {"speed": "fast"}}, {}, hidden=["service"],
     rules=[rule("rate", "equals", ["Yes"], "show", ["service"], otherwise="hide")], data={"rate": "No"})
NPS = f("nps", "How likely are you to recommend us", "scale", scale={"min": 0, "max": 10})
NPS_R = dict(NPS, required=True)
NPS_OUT = "Select a whole number from 0 to 10 for How likely are you to recommend us"
for value, number in [(0, 0), ("0", 0), (10, 10), (" 7 ", 7), ("07", 7), (7.0, 7), ("-0", 0)]:
    one(f"scale: {value!r} is {number}", NPS_R, value, data={"nps": number})
for value, kept in [(11, 11), ("11", 11), (-1, -1), ("-1", -1), (5.5, 5.5), ("5.5", 5.5), ("1e1", 10), ("abc", "abc"), ("+5", "+5"),
                    (True, "true"), ("7.0", 7)]:
    one(f"scale: {value!r} refused", NPS, value, NPS_OUT, data={"nps": kept})
one("scale: required and missing", NPS_R, MISSING, "Select How likely are you to recommend us", data={})
one("scale: required and blank", NPS_R, " ", "Select How likely are you to recommend us", data={})
one("scale: a list is no answer", NPS_R, [5], "Select How likely are you to recommend us", data={})
one("scale: optional and missing", NPS, MISSING, data={})
FIVE = f("ease", "Ease of use", "scale", scale={"min": 1, "max": 5, "minLabel": "Very hard", "maxLabel": "Very easy"})
one("scale 1-5: 0 is below it", FIVE, "0", "Select a whole number from 1 to 5 for Ease of use", data={"ease": 0})
one("scale 1-5: 5 is its top", FIVE, 5, data={"ease": 5})

# ---------------------------------------------------------------- bodies: one submission sent as JSON, urlencoded, multipart
# A body is read as the server reads it (SubmissionBody) and as the page's controls would hold it (every value text, a
# single checkbox checked when sent, a group's values a list); either way the same verdict. A JSON body carries the
# values as typed (text), as a crafted post would.
BOUNDARY = "formgenVectorBoundary"
BODIES = []


def urlencode(pairs):
    from urllib.parse import quote_plus
    return "&".join(quote_plus(name, safe="") + "=" + quote_plus(value, safe="") for name, value in pairs)


def multipart(pairs):
    lines = []
    for name, value in pairs:
        lines += [f"--{BOUNDARY}", f'Content-Disposition: form-data; name="{name}"', "", value]
    lines.append(f"--{BOUNDARY}--")
    return "\r\n".join(lines) + "\r\n"


def as_json(pairs, fields):
    kinds = {field["id"]: kind_of(field) for field in fields}
    values = {}
    for name, value in pairs:
        kind = kinds.get(name)
        grid = next((field for field in fields if kinds[field["id"]] == "grid" and name.startswith(field["id"] + ".")), None)
        if grid:
            row = name[len(grid["id"]) + 1:]
            answers = values.setdefault(grid["id"], {})
            if grid.get("multiple"):
                answers.setdefault(row, []).append(value)
            else:
                answers[row] = value
        elif kind == "checkboxGroup":
            values.setdefault(name, []).append(value)
        elif kind == "checkbox":
            values[name] = True
        else:
            values[name] = value
    return json.dumps(values, ensure_ascii=False)


def bodies(name, fields, pairs, errors, data=None, rules=(), hidden=()):
    """The same name/value pairs as a JSON, an urlencoded and a multipart body, each with the same verdict."""
    for encoding, content_type, body in [
        ("json", "application/json", as_json(pairs, fields)),
        ("urlencoded", "application/x-www-form-urlencoded", urlencode(pairs)),
        ("multipart", f"multipart/form-data; boundary={BOUNDARY}", multipart(pairs)),
    ]:
        before = len(CASES)
        case(f"{encoding} body: {name}", fields, {}, errors, data=data, rules=rules, hidden=hidden)
        entry = CASES.pop()
        assert len(CASES) == before
        del entry["values"]
        entry["encoding"] = encoding
        entry["contentType"] = content_type
        entry["body"] = body
        BODIES.append(entry)


age = f("age", "Age", "number")
for value, number in [("42", 42), (" 42 ", 42), ("-3", -3), ("3.5", 3.5), (".5", 0.5), ("1e3", 1000), ("-0.25", -0.25)]:
    bodies(f"number {value!r}", [age], [("age", value)], {}, data={"age": number})
for value in ["0x10", "+5", "1.", "Infinity", "NaN", "1,5", "1e", "--1", "\u0661\u0662", "4 2"]:
    bodies(f"number {value!r} refused", [age], [("age", value)], {"age": "Age must be a number"}, data={"age": value.strip()})
bodies("required number sent empty", [f("age", "Age", "number", required=True)], [("age", "")], {"age": "Enter Age"}, data={})
bodies("number refused before minValue", [f("age", "Age", "number", validations=[v("minValue", 18)])], [("age", "+5")],
       {"age": "Age must be a number"}, data={"age": "+5"})
bodies("number within minValue", [f("age", "Age", "number", validations=[v("minValue", 18)])], [("age", "18")], {}, data={"age": 18})
PETS = f("pets", "Pets", "checkbox", options=[{"value": "cat", "label": "Cat"}, {"value": "dog", "label": "Dog"}])
COLOUR = f("colour", "Colour", "radio", options=[{"value": "red", "label": "Red"}, {"value": "blue", "label": "Blue"}])
AGREE = f("agree", "I agree to the terms", "checkbox", required=True)
FULL = [f("name", "Full name", required=True), age, PETS, COLOUR, AGREE]
bodies("every kind of control", FULL,
       [("name", "  Ann Lee "), ("age", "7"), ("pets", "cat"), ("pets", "dog"), ("colour", "blue"), ("agree", "on"), ("unknown", "x")],
       {}, data={"name": "Ann Lee", "age": 7, "pets": ["cat", "dog"], "colour": "blue", "agree": True})
bodies("text with &, =, + and non-ASCII", [f("name", "Full name")], [("name", "a&b=c+d ü € 😀")], {}, data={"name": "a&b=c+d ü € 😀"})
# As a browser sends a form left empty: its text boxes as empty values, no unchecked box or radio.
bodies("a form left empty", FULL, [("name", ""), ("age", "")],
       {"name": "Enter Full name", "agree": "Select I agree to the terms"}, data={"agree": False})
bodies("an option not offered, a number refused", FULL,
       [("name", "Ann"), ("age", "0x10"), ("pets", "fish"), ("colour", "green"), ("agree", "on")],
       {"age": "Age must be a number", "pets": "Select one of the options for Pets", "colour": "Select one of the options for Colour"},
       data={"name": "Ann", "age": "0x10", "pets": ["fish"], "colour": "green", "agree": True})

bodies("a grid posted row by row", [GRID_R], [("service.speed", "good"), ("service.staff", "poor")], {},
       data={"service": {"speed": "good", "staff": "poor"}})
bodies("a grid with a row left out", [GRID_R], [("service.speed", "good")], {"service.staff": "Select an answer for Staff"},
       data={"service": {"speed": "good"}})
bodies("a grid row it does not have", [GRID], [("service.speed", "good"), ("service.price", "poor")], {"service": ROW_OPTION},
       data={"service": {"speed": "good"}})
bodies("a grid of checkboxes posted a name per box", [GRID_M], [("likes.speed", "good"), ("likes.speed", "poor"), ("likes.staff", "good")],
       {}, data={"likes": {"speed": ["good", "poor"], "staff": ["good"]}})
bodies("a scale's number", [NPS_R], [("nps", "0")], {}, data={"nps": 0})
bodies("a scale's number out of bounds", [NPS_R], [("nps", "11")], {"nps": NPS_OUT}, data={"nps": 11})
# ---------------------------------------------------------------- "None of these" and "Other, please specify"
# exclusive: true on a checkbox option; other: on a choice field adds the option `other` and the text field <id>_other,
# shown (and so checked and sent) only when `other` is chosen: the build writes the rule, as below.
NONE_OF = f("pets", "Pets", "checkbox", required=True, other="pets_other",
            options=[{"value": "cat", "label": "Cat"}, {"value": "dog", "label": "Dog"}, {"value": "other", "label": "Other"},
                     {"value": "none", "label": "None of these", "exclusive": True}])
PETS_OTHER = f("pets_other", "Please specify", required=True, requiredMessage="Enter your “Other” answer for pets")
CONTACT = f("contact", "Contact", "radio", other="contact_other",
            options=[{"value": "email", "label": "Email"}, {"value": "other", "label": "Something else"}])
CONTACT_OTHER = f("contact_other", "Please specify", required=True, requiredMessage="Enter your “Something else” answer for contact")
COLOUR_PICK = f("colour", "Colour", "select", other="colour_other",
                options=[{"value": "red", "label": "Red"}, {"value": "other", "label": "Other"}])
COLOUR_OTHER = f("colour_other", "Please specify", required=True, requiredMessage="Enter your “Other” answer for colour")
CHOICE_FIELDS = [NONE_OF, PETS_OTHER, CONTACT, CONTACT_OTHER, COLOUR_PICK, COLOUR_OTHER]
CHOICE_RULES = [rule(owner, "equals", ["other"], "show", [owner + "_other"], "hide") for owner in ("pets", "contact", "colour")]
NONE_ERROR = "Select “None of these” or other options for Pets, not both"
ALL_HIDDEN = ["colour_other", "contact_other", "pets_other"]
case("exclusive option alone", CHOICE_FIELDS, {"pets": ["none"]}, {}, hidden=ALL_HIDDEN, rules=CHOICE_RULES, data={"pets": ["none"]})
case("exclusive option with another refused", CHOICE_FIELDS, {"pets": ["cat", "none"]}, {"pets": NONE_ERROR},
     hidden=ALL_HIDDEN, rules=CHOICE_RULES)
case("exclusive option with Other refused, Other's text still required", CHOICE_FIELDS, {"pets": ["none", "other"]},
     {"pets": NONE_ERROR, "pets_other": "Enter your “Other” answer for pets"},
     hidden=["colour_other", "contact_other"], rules=CHOICE_RULES)
case("exclusive option given twice is one item too many", CHOICE_FIELDS, {"pets": ["none", " none "]}, {"pets": NONE_ERROR},
     hidden=ALL_HIDDEN, rules=CHOICE_RULES)
case("other options together are fine", CHOICE_FIELDS, {"pets": ["cat", "dog"]}, {}, hidden=ALL_HIDDEN, rules=CHOICE_RULES,
     data={"pets": ["cat", "dog"]})
case("a single string holding the exclusive option", CHOICE_FIELDS, {"pets": "none"}, {}, hidden=ALL_HIDDEN, rules=CHOICE_RULES,
     data={"pets": ["none"]})
case("checkbox Other chosen, its text empty", CHOICE_FIELDS, {"pets": ["cat", "other"], "pets_other": "  "},
     {"pets_other": "Enter your “Other” answer for pets"}, hidden=["colour_other", "contact_other"], rules=CHOICE_RULES)
case("checkbox Other chosen with its text", CHOICE_FIELDS, {"pets": ["cat", "other"], "pets_other": " Ferret "}, {},
     hidden=["colour_other", "contact_other"], rules=CHOICE_RULES, data={"pets": ["cat", "other"], "pets_other": "Ferret"})
case("Other's text without Other is hidden and not sent", CHOICE_FIELDS, {"pets": ["cat"], "pets_other": "Ferret"}, {},
     hidden=ALL_HIDDEN, rules=CHOICE_RULES, data={"pets": ["cat"]})
case("radio Other chosen, its text missing", CHOICE_FIELDS, {"pets": ["dog"], "contact": "other"},
     {"contact_other": "Enter your “Something else” answer for contact"}, hidden=["colour_other", "pets_other"], rules=CHOICE_RULES)
case("radio Other chosen with its text", CHOICE_FIELDS, {"pets": ["dog"], "contact": "other", "contact_other": "Pigeon"}, {},
     hidden=["colour_other", "pets_other"], rules=CHOICE_RULES, data={"pets": ["dog"], "contact": "other", "contact_other": "Pigeon"})
case("select Other chosen, its text missing", CHOICE_FIELDS, {"pets": ["dog"], "colour": "other"},
     {"colour_other": "Enter your “Other” answer for colour"}, hidden=["contact_other", "pets_other"], rules=CHOICE_RULES)
case("select Other chosen with its text", CHOICE_FIELDS, {"pets": ["dog"], "colour": "other", "colour_other": "Teal"}, {},
     hidden=["contact_other", "pets_other"], rules=CHOICE_RULES, data={"pets": ["dog"], "colour": "other", "colour_other": "Teal"})
case("select another option, Other's text left out", CHOICE_FIELDS, {"pets": ["dog"], "colour": "red", "colour_other": "Teal"}, {},
     hidden=ALL_HIDDEN, rules=CHOICE_RULES, data={"pets": ["dog"], "colour": "red"})
# As the page posts without JavaScript: every text box sent, Other's too, empty or not.
choice_bodies = [NONE_OF, PETS_OTHER]


def choice_body(name, pairs, errors, data=None):
    chosen = [value for key, value in pairs if key == "pets"]
    bodies(name, choice_bodies, pairs, errors, data=data, rules=[CHOICE_RULES[0]], hidden=[] if "other" in chosen else ["pets_other"])


choice_body("exclusive option with another refused", [("pets", "none"), ("pets", "cat"), ("pets_other", "")], {"pets": NONE_ERROR})
choice_body("exclusive option alone", [("pets", "none"), ("pets_other", "")], {}, data={"pets": ["none"]})
choice_body("Other chosen, its text empty", [("pets", "other"), ("pets_other", "")], {"pets_other": "Enter your “Other” answer for pets"})
choice_body("Other chosen with its text", [("pets", "other"), ("pets_other", "Ferret")], {}, data={"pets": ["other"], "pets_other": "Ferret"})
choice_body("Other's text sent without Other", [("pets", "cat"), ("pets_other", "Ferret")], {}, data={"pets": ["cat"]})

# ---------------------------------------------------------------- dropIf: which entries of a list a field does not offer
# DropRule (Swift, at build time for remote lists) and options.js (in the page, for optionsFrom) read the same rule.
DROPS = []


def drop(name, rule, entry, dropped):
    DROPS.append({"name": name, "rule": rule, "entry": entry, "dropped": dropped})


MID = {"key": "valMid", "in": [0, None, ""]}
drop("the number 0", MID, {"shortName": "XXX", "valMid": 0}, True)
drop("0.0 is the number 0", MID, {"shortName": "XXX", "valMid": 0.0}, True)
drop("-0 is the number 0", MID, {"valMid": -0.0}, True)
drop("the empty text", MID, {"valMid": ""}, True)
drop("null", MID, {"valMid": None}, True)
drop("a missing key counts as null", MID, {"shortName": "XXX"}, True)
drop("another number stays", MID, {"shortName": "EUR", "valMid": 4.31}, False)
drop("the text '0' is not the number 0", MID, {"valMid": "0"}, False)
drop("false is not 0", MID, {"valMid": False}, False)
drop("a space is not the empty text", MID, {"valMid": " "}, False)
drop("a list is not null", MID, {"valMid": []}, False)
drop("an object is not null", MID, {"valMid": {}}, False)
drop("the number 0 is not the text '0'", {"key": "valMid", "in": ["0"]}, {"valMid": 0}, False)
drop("texts compare exactly", {"key": "code", "in": ["XXX", "xts"]}, {"code": "XTS"}, False)
drop("a text in the list", {"key": "code", "in": ["XXX", "XTS"]}, {"code": "XTS"}, True)
drop("true in the list", {"key": "hidden", "in": [True]}, {"hidden": True}, True)
drop("1 is not true", {"key": "hidden", "in": [True]}, {"hidden": 1}, False)
drop("1e2 is 100", {"key": "n", "in": [100]}, {"n": 1e2}, True)
drop("an empty list drops nothing", {"key": "valMid", "in": []}, {"valMid": None}, False)
drop("an entry that is not an object is never dropped", MID, None, False)
drop("a text entry is never dropped", MID, "XXX", False)
drop("another key's null does not count", {"key": "valMid", "in": [None]}, {"valMid": 1, "other": None}, False)

def main():
    names = [c["name"] for c in CASES]
    duplicates = {n for n in names if names.count(n) > 1}
    assert not duplicates, duplicates
    plurals = {lang: {str(n): category(n, lang) for n in PLURAL_NUMBERS} for lang in LANGUAGES}
    body_names = [b["name"] for b in BODIES]
    assert len(set(body_names)) == len(body_names)
    document = {"semantics": SEMANTICS, "messages": read_messages(), "plurals": plurals, "cases": CASES,
                "bodies": BODIES, "dropIf": DROPS, "counts": COUNTS}
    text = json.dumps(document, ensure_ascii=False, indent=1)
    (HERE / "validation.json").write_text(text + "\n")
    print(f"wrote {len(CASES)} cases, {len(BODIES)} bodies and {len(DROPS)} dropIf cases to {HERE / 'validation.json'}")


if __name__ == "__main__":
    main()
