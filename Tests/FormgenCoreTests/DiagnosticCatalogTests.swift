import FormgenTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import FormgenCore

/// Every diagnostic the loader and the checks can emit, pinned by its exact text and position: one
/// small config per message. A new message gets a row here (`DiagnosticCoverageTests` fails until it has one).
@Suite struct DiagnosticCatalogTests {
    /// A file a config folder can hold that text cannot describe.
    enum Special: Sendable {
        /// A symbolic link to this target.
        case link(String)
        /// A Unix socket: it is listed like a file, but cannot be opened.
        case socket
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let bytes: [String: [UInt8]]
        let special: [String: Special]
        let expected: [String]
        init(_ name: String, _ files: [String: String], bytes: [String: [UInt8]] = [:], special: [String: Special] = [:], _ expected: [String]) {
            self.name = name
            self.files = files
            self.bytes = bytes
            self.special = special
            self.expected = expected
        }
        var testDescription: String { name }
    }

    static let form = "title: T\nfields:\n  - {id: a, label: A}\n"
    static let frenchForm = "title: T\nlanguages: [en, fr]\nfields:\n  - {id: a, label: A}\n"

    static let cases: [Case] = [
        Case("requiresSession unknown source", ["configs/forms/f.yaml": "title: T\nrequiresSession: {check: mee, else: /login/}\ndataSources:\n  - {id: me, endpoint: /api/me, fields: [a]}\nfields:\n  - {id: a, label: A, dataSource: me}\n"],
             ["configs/forms/f.yaml:2:26: error: requiresSession check 'mee' is not a data source of this page (did you mean 'me'?)"]),
        Case("requiresSession no source", ["configs/forms/f.yaml": "title: T\nrequiresSession: {check: zzz, else: /login/}\ndataSources:\n  - {id: me, endpoint: /api/me, fields: [a]}\n  - {id: list, endpoint: /api/list}\nfields:\n  - {id: a, label: A, dataSource: me}\n"],
             ["configs/forms/f.yaml:2:26: error: requiresSession check 'zzz' is not a data source of this page (known: list, me)"]),
        Case("requiresSession none at all", ["configs/forms/f.yaml": "title: T\nrequiresSession: {check: me, else: /login/}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:26: error: requiresSession check 'me' is not a data source of this page (it has none: add one under 'dataSources')"]),
        Case("requiresSession incomplete", ["configs/forms/f.yaml": "title: T\nrequiresSession: {else: /login/, chek: me}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:18: error: requiresSession is missing 'check': the id of the data source that answers 401 without a session",
              "configs/forms/f.yaml:2:34: warning: unknown key 'chek' in requiresSession (did you mean 'check'?)"]),
        Case("requiresSession without else", ["configs/forms/f.yaml": "title: T\nrequiresSession: {check: me}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:18: error: requiresSession is missing 'else': the page a person without a session goes to (/login/)"]),
        Case("requiresSession not a mapping", ["configs/forms/f.yaml": "title: T\nrequiresSession: yes\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:18: error: expected 'requiresSession' (a mapping like {check: me, else: /login/}) to be a mapping, found 'yes'"]),
        Case("requiresSession bad else", ["configs/forms/f.yaml": "title: T\nrequiresSession: {check: me, else: 'javascript:alert(1)'}\ndataSources:\n  - {id: me, endpoint: /api/me}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:36: error: unsafe URL \"javascript:alert(1)\" in 'else': the scheme 'javascript:' is not allowed (allowed: https, http, or a relative URL)"]),
        Case("logout incomplete", ["configs/forms/f.yaml": "title: T\nlogout: {goTo: /login/, lable: Out}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:9: error: logout is missing 'endpoint': where the page posts to end the session (/api/logout)",
              "configs/forms/f.yaml:2:25: warning: unknown key 'lable' in logout (did you mean 'label'?)"]),
        Case("logout without goTo", ["configs/forms/f.yaml": "title: T\nlogout: {endpoint: /api/logout}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:9: error: logout is missing 'goTo': the page to go to once signed out (/login/)"]),
        Case("logout not a mapping", ["configs/forms/f.yaml": "title: T\nlogout: /api/logout\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:9: error: expected 'logout' (a mapping like {endpoint: /api/logout, goTo: /login/}) to be a mapping, found '/api/logout'"]),
        Case("unknown credentials", ["configs/forms/f.yaml": "title: T\ndataSources:\n  - {id: me, endpoint: /api/me, fields: [a], credentials: includes}\nsubmit: {action: /a, credentials: cookies}\nfields:\n  - {id: a, label: A, dataSource: me}\n"],
             ["configs/forms/f.yaml:3:59: error: unknown credentials 'includes' (known: omit, same-origin, include); did you mean 'include'?",
              "configs/forms/f.yaml:4:35: error: unknown credentials 'cookies' (known: omit, same-origin, include)"]),
        Case("onSuccess bad goTo", ["configs/forms/f.yaml": "title: T\nsubmit: {action: /a, onSuccess: {goTo: 'data:text/html,x', then: 1}}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:40: error: unsafe URL \"data:text/html,x\" in 'goTo': the scheme 'data:' is not allowed (allowed: https, http, or a relative URL)",
              "configs/forms/f.yaml:2:60: warning: unknown key 'then' in onSuccess"]),
        Case("onSuccess without goTo", ["configs/forms/f.yaml": "title: T\nsubmit: {action: /a, onSuccess: {}}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:33: error: onSuccess is missing 'goTo': the page to go to once the server accepted the answers"]),
        Case("onSuccess not a mapping", ["configs/forms/f.yaml": "title: T\nsubmit: {action: /a, onSuccess: /home/}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:33: error: expected 'onSuccess' (a mapping like {goTo: /home/}) to be a mapping, found '/home/'"]),
        Case("onSuccess and redirect disagree", ["configs/forms/f.yaml": "title: T\nsubmit: {action: /a, redirect: /a/, onSuccess: {goTo: /b/}}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:32: error: 'redirect' (/a/) and 'onSuccess.goTo' (/b/) disagree; write only 'onSuccess: {goTo: …}'"]),
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
             ["configs/forms/f.yaml:3:29: error: unknown field type 'nope' (known: text, textarea, number, date, email, tel, password, select, radio, checkbox, yesno, formattednumeric, image, paragraph, file, grid, scale, autocomplete)"]),
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
             ["configs/forms/f.yaml:3:36: error: validation entry is missing 'type' (one of required, regex, minLength, maxLength, maxWords, minValue, maxValue, email, mask, minDate, maxDate, minAge, maxAge, equalsField)"]),
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
        Case("template not UTF-8", ["configs/forms/f.yaml": form], bytes: ["templates/partials/field.mustache": [123, 123, 108, 125, 125, 255, 10]],
             ["templates/partials/field.mustache:1:1: error: cannot read template"]),
        Case("message table not an object", ["configs/forms/f.yaml": form, "templates/i18n/en.json": "[1]\n"],
             ["templates/i18n/en.json:1:1: error: expected a JSON object of message keys to texts"]),
        Case("message not text", ["configs/forms/f.yaml": form, "templates/i18n/en.json": "{\"required\": 1}\n"],
             ["templates/i18n/en.json:1:1: error: 'required' is not text"]),
        Case("symbolic link", ["configs/forms/f.yaml": form], special: ["configs/forms/link.yaml": .link("f.yaml")],
             ["configs/forms/link.yaml:1:1: error: this is a symbolic link; formgen reads and copies only real files, so that no link can bring a file from outside the site into it (copy the file here instead)"]),
        Case("file cannot be read", ["configs/forms/f.yaml": form], special: ["configs/forms/s.yaml": .socket],
             ["configs/forms/s.yaml:1:1: error: cannot read file"]),
        // Journeys
        Case("page id review", ["configs/forms/f.yaml": "title: T\npages:\n  - {id: review, title: P, fields: [{id: a, label: A}]}\n"],
             ["configs/forms/f.yaml:3:5: error: page id 'review' is reserved for the \"Check your answers\" step"]),
        Case("page id not an id", ["configs/forms/f.yaml": "title: T\npages:\n  - {id: '1p', title: P, fields: [{id: a, label: A}]}\n"],
             ["configs/forms/f.yaml:3:10: error: page id '1p' may hold only letters, digits, '_' and '-', starting with a letter"]),
        Case("exit page with next", ["configs/forms/f.yaml": "title: T\npages:\n  - {title: P, fields: [{id: a, label: A}], next: [{when: a, condition: empty, goTo: out}]}\n  - {id: out, exit: true, text: Bye, next: []}\n"],
             ["configs/forms/f.yaml:4:44: error: exit page has 'next'; an exit page ends the journey"]),
        Case("text on a page that is no exit", ["configs/forms/f.yaml": "title: T\npages:\n  - {title: P, text: Hi, fields: [{id: a, label: A}]}\n"],
             ["configs/forms/f.yaml:3:22: warning: 'text' is shown only on an exit page (exit: true); use 'description' on a section"]),
        Case("branch without when", ["configs/forms/f.yaml": "title: T\npages:\n  - {title: P, fields: [{id: a, label: A}], next: [{condition: empty, goTo: two}]}\n  - {id: two, title: Q, fields: [{id: b, label: B}]}\n"],
             ["configs/forms/f.yaml:3:52: error: branch is missing 'when' (the id of the field it tests)"]),
        // Repeating sections
        Case("repeating section id not an id", ["configs/forms/f.yaml": "title: T\nsections:\n  - {id: '1kids', repeat: true, fields: [{id: a, label: A}]}\n"],
             ["configs/forms/f.yaml:3:10: error: section id '1kids' may hold only letters, digits, '_' and '-', starting with a letter"]),
        Case("repeating section without fields", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: x, label: X}\nsections:\n  - {id: kids, repeat: true, fields: []}\n"],
             ["configs/forms/f.yaml:5:5: error: repeating section 'kids' has no 'fields'"]),
        Case("repeating section id twice", ["configs/forms/f.yaml": "title: T\nsections:\n  - {id: kids, repeat: true, fields: [{id: a, label: A}]}\n  - {id: kids, repeat: true, fields: [{id: b, label: B}]}\n"],
             ["configs/forms/f.yaml:4:5: error: duplicate repeating section id 'kids' (first defined at configs/forms/f.yaml:3:5)"]),
        Case("item equals a field outside its item", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: x, label: X}\nsections:\n  - {id: kids, repeat: true, fields: [{id: a, label: A, validation: {equalsField: x}}]}\n"],
             ["configs/forms/f.yaml:5:70: error: field 'a' in repeating section 'kids' must equal 'x', which is not in the same item"]),
        // Fields
        Case("field id of every object", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: constructor, label: A}\n"],
             ["configs/forms/f.yaml:3:5: error: field id 'constructor' is a name every JavaScript object already has, so the page could not tell the field from it; rename the field (for example 'constructor_')"]),
        Case("unknown keyboard close to one", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, keyboard: numerc}\n"],
             ["configs/forms/f.yaml:3:33: error: unknown keyboard 'numerc' (did you mean 'numeric'?)"]),
        Case("unknown dateStyle", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: date, dateStyle: zzzzzz}\n"],
             ["configs/forms/f.yaml:3:46: error: unknown dateStyle 'zzzzzz' (known: native, boxes)"]),
        Case("optionsFrom list and dataSource", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: select, optionsFrom: {list: l, dataSource: s}}\n"],
             ["configs/forms/f.yaml:3:50: error: 'optionsFrom' takes 'list' (fetched at build time) or 'dataSource' (fetched by the page), not both",
              "configs/forms/f.yaml:3:50: error: field 'a' takes its options from unknown list 'l' (known: none; lists come from 'remote.lists' in site.yaml)"]),
        Case("unknown condition far from any", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: zzzzzzzz, action: show, targets: [b]}\n"],
             ["configs/forms/f.yaml:6:26: error: unknown condition 'zzzzzzzz' (known: equals, notEquals, in, notIn, empty, notEmpty, greaterThan, lessThan)"]),
        Case("Markdown table too large", ["configs/forms/f.yaml": "title: T\ndescription: |\n  a\n  " + String(repeating: "|-", count: 1001) + "|\n" + String(repeating: "  x\n", count: 50) + "fields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:14: error: 'description': this table has 1001 columns and 51 rows (51051 cells); a table may have at most 50000 cells, so it is shown as plain text"]),
        Case("lumiform unknown item type close to one", ["configs/forms/l.json": "{\"type\": \"page\", \"title\": \"P\", \"items\": [{\"type\": \"imag\", \"title\": \"I\"}]}"],
             ["configs/forms/l.json:1:51: error: unknown item type 'imag' (did you mean 'image'?)"]),
        Case("pet unknown element type close to one", ["configs/forms/p.json": "{\"id\": \"p\", \"name\": \"P\", \"pages\": [{\"label\": \"L\", \"sections\": [{\"label\": \"S\", \"elements\": [{\"type\": \"textt\", \"label\": \"A\", \"unique_id\": \"a\"}]}]}]}"],
             ["configs/forms/p.json:1:101: error: unknown element type 'textt' (did you mean 'text'?)"]),
        // Uploads
        Case("maxFiles without multiple", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: file, maxFiles: 2}\n"],
             ["configs/forms/f.yaml:3:45: warning: 'maxFiles' applies only with 'multiple: true'; this field takes one file"]),
        Case("file key on another field", ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, maxSize: 5MB}\n"],
             ["configs/forms/f.yaml:3:32: warning: 'maxSize' applies only to file fields (type: file); this is a text field"]),
        // Submission and drafts
        Case("drafts not a policy", ["configs/forms/f.yaml": "title: T\ndrafts: [x]\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:9: error: 'drafts' must be true, false or a mapping like {maxAge: 24h}, not a list"]),
        Case("collect provider without url", ["configs/forms/f.yaml": "title: T\nsubmit: {provider: collect}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:20: error: submit provider 'collect' needs url: the http(s) address of the formgen collect instance"]),
        Case("unknown submit provider", ["configs/forms/f.yaml": "title: T\nsubmit: {provider: zzzzzz}\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:2:20: error: unknown submit provider 'zzzzzz' (known: collect, netlify, formspree, webhook)"]),
        // Languages and i18n files
        Case("language listed twice", ["configs/forms/f.yaml": "title: T\nlanguages: [en, fr, en]\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:1:8: warning: 'title' has no 'fr' translation; the 'en' text “T” is shown",
              "configs/forms/f.yaml:2:21: warning: 'en' is listed twice in 'languages'",
              "configs/forms/f.yaml:4:20: warning: 'label' has no 'fr' translation; the 'en' text “A” is shown"]),
        Case("translation for a language not published", ["configs/forms/f.yaml": form, "configs/i18n/fr.yaml": "f:\n  title: Titre\n"],
             ["configs/i18n/fr.yaml:1:1: warning: form 'f' is not published in 'fr' (its languages: en); add 'fr' to its 'languages'"]),
        Case("translation not text", ["configs/forms/f.yaml": frenchForm, "configs/i18n/fr.yaml": "f:\n  title: [Titre]\n"],
             ["configs/forms/f.yaml:1:8: warning: 'title' has no 'fr' translation; the 'en' text “T” is shown",
              "configs/forms/f.yaml:4:20: warning: 'label' has no 'fr' translation; the 'en' text “A” is shown",
              "configs/i18n/fr.yaml:2:10: error: expected the translation of 'title' to be text, found a list"]),
        Case("translation of nothing", ["configs/forms/f.yaml": frenchForm, "configs/i18n/fr.yaml": "f:\n  title: Titre\n  description: Rien\n  fields:\n    a: {label: Un}\n"],
             ["configs/i18n/fr.yaml:3:16: warning: the form has no 'description' to translate"]),
        Case("translation of an unknown page", ["configs/forms/f.yaml": frenchForm, "configs/i18n/fr.yaml": "f:\n  title: Titre\n  fields:\n    a: {label: Un}\n  pages:\n    welcome: {title: Bienvenue}\n"],
             ["configs/i18n/fr.yaml:6:5: warning: 'welcome' is neither a page's id nor a page number of 'f' (1 to 1)"]),
        // Remote sources in site.yaml (read offline: a source not in the cache is also an error)
        Case("remote form id from its URL", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nremote:\n  forms:\n    - url: https://example.org/9.json\n"],
             ["configs/site.yaml:4:12: error: remote form id '9' must start with a letter and hold only letters, digits, '-' and '_'; set 'id'"]),
        Case("remote source without url", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nremote:\n  forms:\n    - {id: x}\n"],
             ["configs/site.yaml:4:7: error: remote source is missing 'url'"]),
        Case("remote header not text", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nremote:\n  forms:\n    - url: https://example.org/f.json\n      headers: {Authorization: [x]}\n"],
             ["configs/site.yaml:4:7: error: https://example.org/f.json: no cached copy of this form, and --offline allows no download",
              "configs/site.yaml:5:32: error: header 'Authorization' must be text"]),
        Case("dropIf without key", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nremote:\n  lists:\n    - {id: l, url: https://example.org/l.json, value: v, dropIf: {in: [0]}}\n"],
             ["configs/site.yaml:4:7: error: https://example.org/l.json: no cached copy of this list, and --offline allows no download",
              "configs/site.yaml:4:66: error: 'dropIf' is missing 'key'"]),
        // Embedding, brand and the accessibility statement (#40)
        Case("embed origins refused", ["configs/forms/f.yaml": "title: T\nembed:\n  origins:\n    - http://www.example.org\n    - https://www.example.org/forms/\n    - ftp://x.org\n    - https://user@x.org\n    - [x]\nfields:\n  - {id: a, label: A}\n"],
             ["configs/forms/f.yaml:4:7: error: origin \"http://www.example.org\" in 'embed.origins' is refused: an origin must use https: (http: only for localhost, 127.0.0.1 or [::1])",
              "configs/forms/f.yaml:5:7: error: origin \"https://www.example.org/forms/\" in 'embed.origins' is refused: it is not an origin: write scheme://host[:port] with no path, query or fragment",
              "configs/forms/f.yaml:6:7: error: origin \"ftp://x.org\" in 'embed.origins' is refused: the scheme 'ftp:' is not allowed for an origin (allowed: https, and http only for localhost, 127.0.0.1 or [::1])",
              "configs/forms/f.yaml:7:7: error: origin \"https://user@x.org\" in 'embed.origins' is refused: it does not name a host as scheme://host[:port]/… (a DNS name or an IP address, a port from 1 to 65535, no user or password)",
              "configs/forms/f.yaml:8:7: error: an origin in 'embed.origins' must be text like https://www.example.org, not a list"]),
        Case("embed without origins", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nembed: {}\n"],
             ["configs/site.yaml:2:8: error: 'embed' needs 'origins': the sites that may show the forms in a frame, like [https://www.example.org]"]),
        Case("brand contrast", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nbrand:\n  font: serif\n  colour: \"#7fb3d5\"\n"],
             ["configs/site.yaml:4:11: error: link text #7fb3d5 on #f3f2f1 has contrast 2.0:1; needs 4.5:1 (nearest passing: #34749f)",
              "configs/site.yaml:4:11: error: the focus ring #ffdd00 on #7fb3d5 has contrast 1.6:1; needs 3.0:1 (nearest passing: #34749f)",
              "configs/site.yaml:4:11: error: white text on #7fb3d5 has contrast 2.2:1; needs 4.5:1 (nearest passing: #34749f)"]),
        Case("brand values", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nbrand:\n  textColour: blue\n  font: seriff\n  radius: big\n  logo: ../x.png\n"],
             ["configs/site.yaml:3:15: error: brand textColour 'blue' is not a colour: write #rrggbb (like #1d70b8), #rgb, white or black",
              "configs/site.yaml:4:9: error: brand font 'seriff' is not one of: system, sans, serif, rounded, mono (did you mean 'serif'?)",
              "configs/site.yaml:5:11: error: brand radius 'big' is not a whole number of pixels from 0 to 32 (like 4 or 4px)",
              "configs/site.yaml:6:9: error: brand logo '../x.png' must be a file under assets/ (like assets/logo.svg) or an https: URL"]),
        Case("brand text without colour", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nbrand:\n  textColour: white\n"],
             ["configs/site.yaml:3:15: error: brand 'textColour' is the colour of text on the brand colour: set 'colour' too"]),
        Case("brand logo missing", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nbrand: {colour: \"#1d70b8\", logo: assets/missing.svg}\n"],
             ["configs/site.yaml:2:34: error: brand logo 'assets/missing.svg' does not exist in the config folder"]),
        Case("brand logo unsafe", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\nbrand: {logo: \"javascript:alert(1)\"}\n"],
             ["configs/site.yaml:2:15: error: unsafe URL \"javascript:alert(1)\" in 'logo': the scheme 'javascript:' is not allowed (allowed: https, http, or a relative URL)"]),
        Case("accessibility missing keys", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\naccessibility:\n  knownIssues: [[x]]\n"],
             ["configs/site.yaml:3:3: error: 'accessibility' needs 'contact': who to tell about a problem, like an email address or a link",
              "configs/site.yaml:3:3: error: 'accessibility' needs 'lastReviewed': the day the statement was last checked, written yyyy-mm-dd",
              "configs/site.yaml:3:17: error: a known issue must be text (Markdown), not a list"]),
        Case("accessibility bad day and link", ["configs/forms/f.yaml": form, "configs/site.yaml": "title: S\naccessibility:\n  contact: a@example.org\n  lastReviewed: 2026-02-30\n  knownIssues:\n    - \"[x](javascript:alert(1))\"\n"],
             ["configs/site.yaml:4:17: error: 'lastReviewed' must be a real day written yyyy-mm-dd (like 2026-11-01), not '2026-02-30'",
              "configs/site.yaml:6:7: error: unsafe link \"javascript:alert(1)\" in 'knownIssues': the scheme 'javascript:' is not allowed (allowed: https, http, mailto, or a relative URL)"]),
    ]

    /// Loads and checks a site as `formgen check` does: configs, docs and templates.
    static func diagnostics(_ testCase: Case) throws -> [String] {
        let site = try TestSite(testCase.files)
        defer { try? FileManager.default.removeItem(at: site.root) }
        for (path, bytes) in testCase.bytes {
            let url = site.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        for (path, special) in testCase.special {
            let url = site.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch special {
            case .link(let target): try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            case .socket: try bindSocket(at: url.path)
            }
        }
        let log = DiagnosticLog()
        let templates = site.root.appendingPathComponent("templates").path
        var options = BuildOptions(configDirectory: site.configs.path, templatesDirectory: FileManager.default.fileExists(atPath: templates) ? templates : nil)
        options.remote.offline = true
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
        let names = (Self.cases + Self.mockCases).map(\.name) + Self.remoteCases.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A Unix socket bound at `path` (and left there): the walk lists it, reading it fails.
    static func bindSocket(at path: String) throws {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    // MARK: mocks.yaml

    /// `configs/mocks/mocks.yaml`, read by `MockConfigReader` as `formgen serve` reads it (it is no part of the site's load).
    static let mockCases: [Case] = [
        Case("mock cookies", ["configs/mocks/mocks.yaml": "endpoints:\n  /api/a:\n    setCookie: {name: s, value: v, sameSite: sometimes, path: x}\n    cases:\n      - {when: {cookie: {s: [v]}}, setCokie: 1}\n"],
             ["configs/mocks/mocks.yaml:3:46: error: unknown sameSite 'sometimes' (known: Strict, Lax, None)",
              "configs/mocks/mocks.yaml:3:63: error: a cookie's 'path' is a request path starting with '/'",
              "configs/mocks/mocks.yaml:5:29: error: 'when: {cookie: …}' maps cookie names to the values that choose this case",
              "configs/mocks/mocks.yaml:5:36: warning: unknown key 'setCokie' in a mock case (did you mean 'setCookie'?)"]),
        Case("mock endpoints not a mapping", ["configs/mocks/mocks.yaml": "endpoints: [/api/a]\n"],
             ["configs/mocks/mocks.yaml:1:12: error: 'endpoints' must map request paths (/api/…) to settings"]),
        Case("mock settings and cases", ["configs/mocks/mocks.yaml": "endpoints:\n  /api/a: 5\n  /api/b:\n    cases:\n      - just text\n      - {when: x, status: 200}\n      - {when: {id: [1]}, status: 200}\n"],
             ["configs/mocks/mocks.yaml:2:11: error: the settings of '/api/a' must be a mapping (body, cases, clearCookie, delay, failFirst, setCookie, status)",
              "configs/mocks/mocks.yaml:5:9: error: a case must be a mapping with 'when' and 'status' or 'body'",
              "configs/mocks/mocks.yaml:6:16: error: 'when' must map field names to the values that choose this case",
              "configs/mocks/mocks.yaml:7:21: error: 'when' values must be plain values (text, numbers, true/false)"]),
    ]

    @Test(arguments: mockCases)
    func pinnedMockMessage(_ testCase: Case) throws {
        let (path, text) = try #require(testCase.files.first)
        let lines = MockConfigReader.parse(text, file: path).1.map(\.description)
        if ProcessInfo.processInfo.environment["FORMGEN_PRINT_CATALOG"] != nil {
            print("CATALOG\t\(testCase.name)\t\(String(decoding: try JSONEncoder().encode(lines), as: UTF8.self))")
        }
        #expect(lines == testCase.expected)
    }

    // MARK: Remote sources fetched

    /// A remote source fetched from a `TestOrigin` serving `/f.json`; `ORIGIN` stands for the origin's address in
    /// `site` and `environment` and in the lines, `CACHE` for the cache folder in the lines.
    struct RemoteCase: CustomTestStringConvertible, Sendable {
        enum Cache: Sendable {
            /// A folder of the site.
            case folder
            /// A regular file where the folder should be: nothing can be written in it.
            case file
            /// A folder filled by a first load, then moved so deep that an entry's path still fits `PATH_MAX` but
            /// the temporary file written to update it does not: the second load's refresh fails.
            case tooDeepToUpdate
        }

        let name: String
        let site: String
        let body: [UInt8]
        var environment: [String: String] = [:]
        var cache = Cache.folder
        let expected: [String]
        var testDescription: String { name }
    }

    static let lumiform = Array(#"{"type": "page", "title": "P", "items": [{"type": "text", "title": "T"}]}"#.utf8)
    static let remoteForm = "title: S\nremote:\n  forms:\n    - url: ORIGIN/f.json\n      id: r\n      maxAge: 0\n"

    static let remoteCases: [RemoteCase] = [
        RemoteCase(name: "remote form not UTF-8", site: remoteForm, body: [0x7B, 0xFF, 0x7D],
                   expected: ["configs/site.yaml:4:7: error: ORIGIN/f.json: invalid data (1:1: the downloaded form is not UTF-8 text), and there is no cached copy of this form",
                              "ORIGIN/f.json:1:1: error: the downloaded form is not UTF-8 text"]),
        RemoteCase(name: "remote form is a country", site: remoteForm, body: Array(#"{"country": "NL", "fields": [{"id": "a", "label": "A"}]}"#.utf8),
                   expected: ["configs/site.yaml:4:7: error: ORIGIN/f.json: invalid data (1:1: a remote form must be a form (formgen, pet adoption or Lumiform), not a KYC country or flow), and there is no cached copy of this form",
                              "ORIGIN/f.json:1:1: error: a remote form must be a form (formgen, pet adoption or Lumiform), not a KYC country or flow"]),
        RemoteCase(name: "remote form of no format", site: remoteForm, body: Array(#"{"name": "x"}"#.utf8),
                   expected: ["configs/site.yaml:4:7: error: ORIGIN/f.json: invalid data (1:1: cannot tell this config's format: expected 'fields' or 'pages' (formgen), 'pages' with 'sections' of 'elements' (pet adoption), or 'type: page' with 'items' (Lumiform)), and there is no cached copy of this form",
                              "ORIGIN/f.json:1:1: error: cannot tell this config's format: expected 'fields' or 'pages' (formgen), 'pages' with 'sections' of 'elements' (pet adoption), or 'type: page' with 'items' (Lumiform)"]),
        RemoteCase(name: "remote address not http once filled", site: "title: S\nremote:\n  forms:\n    - url: ${FORMS}/f.json\n      id: r\n",
                   body: lumiform, environment: ["FORMS": "ftp://example.org"],
                   expected: ["configs/site.yaml:4:7: error: ${FORMS}/f.json: the address must start with https:// or http:// once its variables are filled in"]),
        RemoteCase(name: "remote cache not writable", site: remoteForm, body: lumiform, cache: .file,
                   expected: ["configs/site.yaml:4:7: warning: ORIGIN/f.json: cannot write the cache in CACHE"]),
        RemoteCase(name: "remote cache not updatable", site: remoteForm, body: lumiform, cache: .tooDeepToUpdate,
                   expected: ["configs/site.yaml:4:7: warning: ORIGIN/f.json: cannot update the cache in CACHE"]),
    ]

    static func load(_ options: BuildOptions) async -> [Diagnostic] {
        await offPool {
            let log = DiagnosticLog()
            _ = SiteBuilder(options: options).load(log: log)
            return log.diagnostics
        }
    }

    @Test(arguments: remoteCases)
    func pinnedRemoteMessage(_ testCase: RemoteCase) async throws {
        let origin = try await TestOrigin.start()
        defer { Task { await origin.stop() } }
        origin.set("/f.json", .init(body: Data(testCase.body), contentType: "application/json", etag: "\"f-1\""))
        let site = try TestSite(["configs/site.yaml": testCase.site.replacingOccurrences(of: "ORIGIN", with: origin.base),
                                 "configs/forms/f.yaml": Self.form])
        defer { try? FileManager.default.removeItem(at: site.root) }
        var options = BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil)
        options.remote.environment = testCase.environment.mapValues { $0.replacingOccurrences(of: "ORIGIN", with: origin.base) }
        var cache = site.root.appendingPathComponent("cache").path
        switch testCase.cache {
        case .folder:
            break
        case .file:
            try Data().write(to: URL(fileURLWithPath: cache))
        case .tooDeepToUpdate:
            options.remote.cacheDirectory = cache
            let first = await Self.load(options)
            #expect(first.isEmpty, "the first load fills the cache: \(first)")
            // An entry is `<folder>/<32 hex>.json` (folder + 38 characters), its update `<folder>/.<32 hex>.json.<pid>.<n>.tmp`
            // (at least folder + 47): a folder of 4053 characters keeps the first within PATH_MAX (4095) and not the second.
            var deep = site.root.appendingPathComponent("deep").path
            while deep.utf8.count < 4053 {
                let remaining = 4053 - deep.utf8.count - 1
                deep += "/" + String(repeating: "d", count: remaining <= 200 ? remaining : remaining - 200 < 2 ? 150 : 200)
            }
            try FileManager.default.createDirectory(atPath: (deep as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: cache, toPath: deep)
            cache = deep
        }
        options.remote.cacheDirectory = cache
        let lines = await Self.load(options).map {
            $0.description.replacingOccurrences(of: cache, with: "CACHE").replacingOccurrences(of: site.root.path + "/", with: "")
                .replacingOccurrences(of: origin.base, with: "ORIGIN")
        }
        if ProcessInfo.processInfo.environment["FORMGEN_PRINT_CATALOG"] != nil {
            print("CATALOG\t\(testCase.name)\t\(String(decoding: try JSONEncoder().encode(lines), as: UTF8.self))")
        }
        #expect(lines == testCase.expected)
    }
}
