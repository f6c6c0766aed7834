import Foundation
import Testing
@testable import FormgenCore

/// Every diagnostic the loader and the checks can emit, pinned by its exact text and position: one
/// small config per message. A new message gets a row here.
@Suite struct DiagnosticCatalogTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let bytes: [String: [UInt8]]
        let expected: [String]
        init(_ name: String, _ files: [String: String], bytes: [String: [UInt8]] = [:], _ expected: [String]) {
            self.name = name
            self.files = files
            self.bytes = bytes
            self.expected = expected
        }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case("field key not text", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, dataSource: [x]}\n"],
             ["configs/forms/f.yaml:3:35: error: expected 'dataSource' to be text, found a list"]),
        Case("text or languages", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: [A]}\n"],
             ["configs/forms/f.yaml:3:5: error: field 'a' is missing 'label'", "configs/forms/f.yaml:3:20: error: expected 'label' to be text, or a mapping of language to text, found a list"]),
        Case("language text not text", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: {en: [A]}}\n"],
             ["configs/forms/f.yaml:3:5: error: field 'a' is missing 'label'", "configs/forms/f.yaml:3:20: error: 'label' has no text", "configs/forms/f.yaml:3:25: error: expected the 'en' text of 'label' to be text, found a list"]),
        Case("texts by language empty", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: {}}\n"],
             ["configs/forms/f.yaml:3:5: error: field 'a' is missing 'label'", "configs/forms/f.yaml:3:20: error: 'label' has no text"]),
        Case("bool", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, required: maybe}\n"],
             ["configs/forms/f.yaml:3:33: error: expected 'required' to be true or false, found 'maybe'"]),
        Case("whole number", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "---\ntitle: A\norder: first\n---\n# A\n"],
             ["configs/docs/a.md:3:8: error: expected 'order' to be a whole number, found 'first'"]),
        Case("list entries text", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, action: hide, targets: [[b]]}\n"],
             ["configs/forms/f.yaml:6:56: error: rule has no targets", "configs/forms/f.yaml:6:57: error: expected each entry of 'targets' to be text, found a list"]),
        Case("not a list", ["configs/forms/f.yaml": "title: T\nfields: x\n"],
             ["configs/forms/f.yaml:2:9: error: expected 'fields' to be a list, found 'x'"]),
        Case("not a mapping", ["configs/forms/f.yaml": "title: T\nfields:\n  - just text\n"],
             ["configs/forms/f.yaml:3:5: error: expected a field to be a mapping, found 'just text'"]),
        Case("docs same path", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "# A\n", "configs/docs/a/index.md": "# A2\n"],
             ["configs/docs/a/index.md:1:1: error: docs 'a.md' and 'a/index.md' would both be written to 'docs/a/'; rename one"]),
        Case("form where docs go", ["configs/forms/docs.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/index.md": "# Docs\n"],
             ["configs/forms/docs.yaml:1:1: error: form 'docs' would be written to 'docs/', where the docs go; give it another 'id' or file name"]),
        Case("doc link missing", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "# A\n\n[gone](missing.md)\n"],
             ["configs/docs/a.md:3:1: error: link to 'missing.md': there is no doc 'missing.md'"]),
        Case("doc anchor on other page", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "# A\n\n[b](b.md#nowhere)\n", "configs/docs/b.md": "# B\n"],
             ["configs/docs/a.md:3:1: warning: link to 'b.md#nowhere': that page has no heading with the anchor '#nowhere'"]),
        Case("doc anchor on this page", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "# A\n\n[x](#nope)\n"],
             ["configs/docs/a.md:3:1: warning: link to '#nope': this page has no heading with that anchor"]),
        Case("doc file missing", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "# A\n\n[f](../assets/none.pdf)\n"],
             ["configs/docs/a.md:3:1: warning: link '../assets/none.pdf' points to 'configs/assets/none.pdf', which does not exist"]),
        Case("doc file not published", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "# A\n\n![s](shot.png)\n", "configs/docs/shot.png": "x"],
             ["configs/docs/a.md:3:1: warning: image 'shot.png' points to 'docs/shot.png', but only Markdown files of docs/ are published; put the file in assets/ and link to it there"]),
        Case("duplicate field", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: a, label: B}\n"],
             ["configs/forms/f.yaml:4:5: error: duplicate field id 'a' (first defined at configs/forms/f.yaml:3:5)"]),
        Case("duplicate data source", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {id: s, type: api, endpoint: /a, fields: [a]}\n  - {id: s, type: api, endpoint: /b, fields: [a]}\nfields:\n  - {id: a, label: A, dataSource: s}\n"],
             ["configs/forms/f.yaml:4:5: error: duplicate data source id 's' (first defined at configs/forms/f.yaml:3:5)"]),
        Case("data source fills unknown field", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {id: s, type: api, endpoint: /a, fields: [b]}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:3:47: error: data source 's' fills unknown field 'b' (known: a)"]),
        Case("rule tests unknown", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {when: z, condition: empty, action: hide, targets: [a]}\n"],
             ["configs/forms/f.yaml:5:5: error: rule tests unknown field 'z' (known: a)"]),
        Case("rule targets unknown", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {when: a, condition: empty, action: hide, targets: [b]}\n"],
             ["configs/forms/f.yaml:5:57: error: rule targets unknown field 'b' (known: a)"]),
        Case("rule targets itself", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {when: a, condition: empty, action: hide, targets: [a]}\n"],
             ["configs/forms/f.yaml:5:57: error: rule on 'a' targets the field it tests"]),
        Case("source does not list field", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {id: s, type: api, endpoint: /a, fields: [b]}\nfields:\n  - {id: a, label: A, dataSource: s}\n  - {id: b, label: B}\n"],
             ["configs/forms/f.yaml:5:35: error: field 'a' uses data source 's', which does not list it in its 'fields'"]),
        Case("unknown data source", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, dataSource: s}\n"],
             ["configs/forms/f.yaml:3:35: error: field 'a' uses unknown data source 's' (known: none)"]),
        Case("options from unknown source", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: select, optionsFrom: {dataSource: s}}\n"],
             ["configs/forms/f.yaml:3:50: error: field 'a' takes options from unknown data source 's' (known: none)"]),
        Case("select without options", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: s, label: S, type: select}\n"],
             ["configs/forms/f.yaml:3:29: error: field 's' of type select has no 'options'"]),
        Case("image without src", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: i, label: Logo, type: image}\n"],
             ["configs/forms/f.yaml:3:5: error: image 'i' has no 'src'"]),
        Case("unsafe src", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: i, label: Logo, type: image, src: 'javascript:alert(1)'}\n"],
             ["configs/forms/f.yaml:3:44: error: unsafe URL \"javascript:alert(1)\" in 'src': the scheme 'javascript:' is not allowed (allowed: https, http, or a relative URL)"]),
        Case("equals unknown", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: pw, label: P, type: password}\n  - {id: pw2, label: P2, type: password, validation: {equalsField: pwd}}\n"],
             ["configs/forms/f.yaml:4:55: error: field 'pw2' must equal unknown field 'pwd' (did you mean 'pw'?)"]),
        Case("equals itself", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: pw, label: P, type: password, validation: {equalsField: pw}}\n"],
             ["configs/forms/f.yaml:3:53: error: field 'pw' must equal itself"]),
        Case("min greater than max", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {minLength: 5, maxLength: 2}}\n"],
             ["configs/forms/f.yaml:3:36: error: field 'a' has minLength 5 greater than maxLength 2"]),
        Case("rule cycle", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, action: hide, targets: [b]}\n  - {when: b, condition: empty, action: hide, targets: [a]}\n"],
             ["configs/forms/f.yaml:6:5: error: rule cycle: 'a' → 'b' → 'a'"]),
        Case("lumiform image without src", ["configs/forms/l.json": "{\"type\": \"page\", \"title\": \"P\", \"items\": [{\"type\": \"image\", \"title\": \"I\"}]}"],
             ["configs/forms/l.json:1:42: error: image 'image_1' has no 'src'", "configs/forms/l.json:1:42: error: image item is missing 'src'"]),
        Case("lumiform text without title", ["configs/forms/l.json": "{\"type\": \"page\", \"title\": \"P\", \"items\": [{\"type\": \"text\"}]}"],
             ["configs/forms/l.json:1:42: error: text item is missing 'title'"]),
        Case("lumiform unknown item type", ["configs/forms/l.json": "{\"type\": \"page\", \"title\": \"P\", \"items\": [{\"type\": \"video\", \"title\": \"V\"}]}"],
             ["configs/forms/l.json:1:51: error: unknown item type 'video' (known: page, section, text, image)"]),
        Case("lumiform item without type", ["configs/forms/l.json": "{\"type\": \"page\", \"title\": \"P\", \"items\": [{\"title\": \"V\"}]}"],
             ["configs/forms/l.json:1:42: error: item is missing 'type'"]),
        Case("rule without when", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {condition: empty, action: hide, targets: [a]}\n"],
             ["configs/forms/f.yaml:5:5: error: rule is missing 'when' (the id of the field it tests)"]),
        Case("rule without condition", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, action: hide, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:5: error: rule is missing 'condition' (one of equals, notEquals, in, notIn, empty, notEmpty, greaterThan, lessThan)"]),
        Case("unknown condition", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: eqals, value: x, action: show, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:26: error: unknown condition 'eqals' (did you mean 'equals'?)"]),
        Case("condition needs value", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: equals, action: show, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:5: error: rule with condition 'equals' needs a 'value'"]),
        Case("condition needs number", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: number}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: greaterThan, value: lots, action: show, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:46: error: rule with condition 'greaterThan' needs a number, found 'lots'"]),
        Case("rule without action", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:5: error: rule is missing 'action' (one of show, hide, require, unrequire)"]),
        Case("rule without targets", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {when: a, condition: empty, action: hide}\n"],
             ["configs/forms/f.yaml:5:5: error: rule is missing 'targets' (the ids of the fields it acts on)"]),
        Case("rule with no targets", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\nrules:\n  - {when: a, condition: empty, action: hide, targets: []}\n"],
             ["configs/forms/f.yaml:5:56: error: rule has no targets"]),
        Case("unknown action", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, action: toggle, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:41: error: unknown action 'toggle' (known: show, hide, require, unrequire)"]),
        Case("unknown otherwise", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, action: hide, otherwise: flip, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:58: error: unknown otherwise 'flip' (known: show, hide, require, unrequire)"]),
        Case("data source without id", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {type: api, endpoint: /a}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:3:5: error: data source is missing 'id'"]),
        Case("unknown data source type", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {id: s, type: soap, endpoint: /a}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:3:19: error: unknown data source type 'soap' (known: api)"]),
        Case("data source without endpoint", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {id: s, type: api}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:3:5: error: data source 's' is missing 'endpoint'"]),
        Case("unknown submit method", ["configs/forms/f.yaml": "title: T\nsubmit: {action: /x, method: put}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:30: error: unknown submit method 'put' (known: post, get)"]),
        Case("unknown submit encoding", ["configs/forms/f.yaml": "title: T\nsubmit: {action: /x, encoding: xml}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:32: error: unknown submit encoding 'xml' (known: json, form)"]),
        Case("field without id", ["configs/forms/f.yaml": "title: T\nfields:\n  - label: Name\n"],
             ["configs/forms/f.yaml:3:5: error: field is missing 'id'"]),
        Case("bad field id", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: '1st', label: First}\n"],
             ["configs/forms/f.yaml:3:10: error: field id '1st' may only use letters, digits, '_' and '-', and must start with a letter"]),
        Case("unknown field type", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: nope}\n"],
             ["configs/forms/f.yaml:3:29: error: unknown field type 'nope' (known: text, textarea, number, date, email, tel, password, select, radio, checkbox, yesno, formattednumeric, image, paragraph, file)"]),
        Case("field without label", ["configs/forms/f.yaml": "title: T\nfields:\n  - id: name\n"],
             ["configs/forms/f.yaml:3:5: error: field 'name' is missing 'label'"]),
        Case("unknown keyboard", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, keyboard: qwerty}\n"],
             ["configs/forms/f.yaml:3:33: error: unknown keyboard 'qwerty' (known: normal, numeric, decimal, email, tel, url, password)"]),
        Case("mask without placeholder", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, mask: '---'}\n"],
             ["configs/forms/f.yaml:3:29: error: mask '---' has no placeholder: use # for a digit, A for a letter, * for either"]),
        Case("optionsFrom without dataSource", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: select, optionsFrom: {valueKey: v}}\n"],
             ["configs/forms/f.yaml:3:29: error: field 'a' of type select has no 'options'", "configs/forms/f.yaml:3:50: error: 'optionsFrom' is missing 'dataSource' (options fetched by the page) or 'list' (a 'remote.lists' entry)"]),
        Case("option without value", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: select, options: [{label: X}]}\n"],
             ["configs/forms/f.yaml:3:29: error: field 'a' of type select has no 'options'", "configs/forms/f.yaml:3:47: error: option is missing 'value'"]),
        Case("pages and fields", ["configs/forms/f.yaml": "title: T\npages:\n  - {title: P, fields: [{id: a, label: A}]}\nfields:\n  - {id: b, label: B}\n"],
             ["configs/forms/f.yaml:5:3: error: a form has either 'pages' or 'fields', not both"]),
        Case("form without title", ["configs/forms/f.yaml": "fields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:1:1: warning: form 'f' has no 'title'; using its id"]),
        Case("form without fields", ["configs/forms/f.yaml": "title: T\nfields: []\n"],
             ["configs/forms/f.yaml:1:1: error: form 'f' has no fields: give it 'fields' or 'pages'"]),
        Case("page without fields", ["configs/forms/f.yaml": "title: T\npages:\n  - {title: P}\n  - {title: Q, fields: [{id: a, label: A}]}\n"],
             ["configs/forms/f.yaml:3:5: error: page has no 'fields' or 'sections'"]),
        Case("unknown format", ["configs/forms/f.yaml": "name: x\n"],
             ["configs/forms/f.yaml:1:1: error: cannot tell this config's format: expected 'fields' or 'pages' (formgen), 'country' (KYC country), 'pages' with 'sections' of 'elements' (pet adoption), or 'type: page' with 'items' (Lumiform)"]),
        Case("two flows", ["configs/forms/kyc.yaml": "id: kyc\ntitle: K\ncountries: [NL]\n", "configs/forms/kyc2.yaml": "id: kyc2\ntitle: K2\ncountries: [NL]\n", "configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/kyc2.yaml:1:1: error: only one form may declare 'countries'; 'kyc' already does (configs/forms/kyc.yaml:1:1)"]),
        Case("country twice", ["configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: a, label: A}\n", "configs/countries/nl2.yaml": "country: NL\nfields:\n  - {id: a, label: A}\n"],
             ["configs/countries/nl2.yaml:1:1: error: country 'NL' is configured twice (first at configs/countries/nl.yaml:1:1)"]),
        Case("flow lists unknown country", ["configs/forms/kyc.yaml": "id: kyc\ntitle: K\ncountries: [NL, FR]\n", "configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/kyc.yaml:3:17: error: flow 'kyc' lists country 'FR' but no country config has 'country: FR'"]),
        Case("two forms one path", ["configs/forms/a.yaml": "id: same\ntitle: T\nfields:\n  - {id: a, label: A}\n", "configs/forms/b.yaml": "id: same\ntitle: T\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/b.yaml:1:1: error: two forms would be written to 'same/' (the other is at configs/forms/a.yaml:1:1); give one a different 'id' or file name"]),
        Case("front matter not closed", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "---\ntitle: A\n\n# A\n"],
             ["configs/docs/a.md:1:1: error: front matter is not closed: add a line '---' after it"]),
        Case("front matter empty title", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "configs/docs/a.md": "---\ntitle: ' '\n---\n# A\n"],
             ["configs/docs/a.md:2:8: error: 'title' is empty"]),
        Case("file not UTF-8", [:], bytes: ["configs/forms/f.yaml": [116, 105, 116, 108, 101, 58, 32, 255, 10]],
             ["configs/forms/f.yaml:1:1: error: file is not UTF-8 text"]),
        Case("file empty", ["configs/forms/f.yaml": ""],
             ["configs/forms/f.yaml:1:1: error: file is empty"]),
        Case("top not a mapping", ["configs/forms/f.yaml": "- a\n- b\n"],
             ["configs/forms/f.yaml:1:1: error: expected the file to hold a mapping at its top, found a list"]),
        Case("YAML syntax", ["configs/forms/f.yaml": "title: T\nfields:\n  - id: a\n   label: A\n"],
             ["configs/forms/f.yaml:4:4: error: syntax error: this line is not lined up with the '- ' items above it (while parsing a block collection at 3:3)"]),
        Case("duplicate key", ["configs/forms/f.yaml": "title: T\ntitle: U\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:1:1: error: duplicate key 'title' in mapping"]),
        Case("control character", ["configs/forms/f.yaml": "title: T\u{1}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:1:1: error: cannot read file: control characters are not allowed at byte 8"]),
        Case("pet element without id", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"text\", \"label\": \"A\"}]}]}]}"],
             ["configs/forms/p.json:1:92: error: element is missing 'unique_id'"]),
        Case("pet unknown keyboard", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"text\", \"label\": \"A\", \"unique_id\": \"a\", \"keyboard\": \"qwerty\"}]}]}]}"],
             ["configs/forms/p.json:1:153: error: unknown keyboard 'qwerty' (known: normal, numeric, email, password)"]),
        Case("pet datetime mode", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"datetime\", \"label\": \"A\", \"unique_id\": \"a\", \"mode\": \"time\"}]}]}]}"],
             ["configs/forms/p.json:1:153: error: datetime mode 'time' is not supported (known: date)"]),
        Case("pet unknown element type", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"slider\", \"label\": \"A\", \"unique_id\": \"a\"}]}]}]}"],
             ["configs/forms/p.json:1:101: error: unknown element type 'slider' (known: embeddedphoto, text, yesno, formattednumeric, datetime)"]),
        Case("pet element without label", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"text\", \"unique_id\": \"a\"}]}]}]}"],
             ["configs/forms/p.json:1:92: error: element 'a' is missing 'label'"]),
        Case("pet mask without placeholder", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"formattednumeric\", \"label\": \"A\", \"unique_id\": \"a\", \"formattedNumeric\": \"---\"}]}]}]}"],
             ["configs/forms/p.json:1:173: error: mask '---' has no placeholder: use # for a digit"]),
        Case("pet formattednumeric without mask", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"formattednumeric\", \"label\": \"A\", \"unique_id\": \"a\"}]}]}]}"],
             ["configs/forms/p.json:1:92: error: element 'a' of type formattednumeric is missing 'formattedNumeric' (a mask such as ####-###-####)"]),
        Case("validation entry without type", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: [{value: 2}]}\n"],
             ["configs/forms/f.yaml:3:36: error: validation entry is missing 'type' (one of required, regex, minLength, maxLength, minValue, maxValue, email, mask, minDate, maxDate, minAge, maxAge, equalsField)"]),
        Case("validation needs value", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {minLength: null}}\n"],
             ["configs/forms/f.yaml:3:36: error: validation 'minLength' needs a value (a whole number of 0 or more)"]),
        Case("validation wrong value", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {minLength: -1}}\n"],
             ["configs/forms/f.yaml:3:47: error: validation 'minLength' expects a whole number of 0 or more, found '-1'"]),
        Case("validation expects bool", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {required: often}}\n"],
             ["configs/forms/f.yaml:3:46: error: validation 'required' expects true or false, found 'often'"]),
        Case("invalid regex", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {regex: '^[0-9+$'}}\n"],
             ["configs/forms/f.yaml:3:43: error: invalid regex '^[0-9+$': it has an unclosed '['"]),
        Case("unknown validation", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {minLenght: 2}}\n"],
             ["configs/forms/f.yaml:3:36: error: unknown validation 'minLenght' (did you mean 'minLength'?)"]),
        Case("country not a code", ["configs/countries/nl.yaml": "country: [NL]\nfields:\n  - {id: a, label: A}\n"],
             ["configs/countries/nl.yaml:1:10: error: 'country' must be a country code such as NL", "configs/countries/nl.yaml:1:10: error: expected 'country' to be text, found a list"]),
        Case("country not ISO", ["configs/countries/nl.yaml": "country: Netherlands\nfields:\n  - {id: a, label: A}\n"],
             ["configs/countries/nl.yaml:1:10: error: 'country' must be an ISO 3166 code of two or three letters such as NL or NLD, found 'Netherlands'"]),
        Case("country without fields", ["configs/countries/nl.yaml": "country: NL\n"],
             ["configs/countries/nl.yaml:1:1: error: country config 'NL' has no 'fields'"]),
        Case("flow country not a code", ["configs/forms/kyc.yaml": "id: kyc\ntitle: K\ncountries: [[NL]]\n", "configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/kyc.yaml:3:13: error: expected a country code, found a list"]),
        Case("template syntax", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n", "templates/partials/field.mustache": "{{#isImage}}\n<p>{{label}</p>\n"],
             ["templates/partials/field.mustache:2:12: error: template syntax error: unfinishedName"]),
    ]

    /// Loads and checks a site as `formgen check` does: configs, docs and templates.
    static func diagnostics(_ testCase: Case) throws -> [String] {
        let site = try TestSite(testCase.files)
        for (path, bytes) in testCase.bytes {
            let url = site.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        defer { try? FileManager.default.removeItem(at: site.root) }
        let log = DiagnosticLog()
        let templates = site.root.appendingPathComponent("templates").path
        let options = BuildOptions(configDirectory: site.configs, templatesDirectory: FileManager.default.fileExists(atPath: templates) ? templates : nil)
        _ = SiteBuilder(options: options).load(log: log)
        let prefix = site.root.path + "/"
        return log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") }
    }

    @Test(arguments: cases)
    func pinnedMessage(_ testCase: Case) throws {
        let lines = try Self.diagnostics(testCase)
        if ProcessInfo.processInfo.environment["FORMGEN_PRINT_CATALOG"] != nil {
            print("CATALOG\t\(testCase.name)\t\(String(decoding: try JSONEncoder().encode(lines), as: UTF8.self))")
        }
        #expect(lines == testCase.expected)
    }

    @Test func everyCaseHasAName() {
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }
}
