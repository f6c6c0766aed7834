import Foundation
import Testing
@testable import FormgenCore

/// An unknown key is a warning in every config kind, with its position and a suggestion when one is close;
/// the reader goes on with the keys it knows. (Docs front matter: `DocsTests`.)
@Suite struct UnknownKeyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let kind: String
        let files: [String: String]
        let expected: String
        var testDescription: String { kind }
    }

    static let form = "title: T\nfields:\n  - {id: a, label: A}\n"

    static let cases: [Case] = [
        Case(kind: "site.yaml", files: ["configs/site.yaml": "title: S\nlanguge: en\n", "configs/forms/f.yaml": form],
             expected: "configs/site.yaml:2:1: warning: unknown key 'languge' in site config (did you mean 'language'?)"),
        Case(kind: "site.yaml form override", files: ["configs/site.yaml": "title: S\nforms:\n  f: {title: F, descripton: D}\n", "configs/forms/f.yaml": form],
             expected: "configs/site.yaml:3:17: warning: unknown key 'descripton' in 'forms.f' (did you mean 'description'?)"),
        Case(kind: "form", files: ["configs/forms/f.yaml": "title: T\ndescriptoin: D\nfields:\n  - {id: a, label: A}\n"],
             expected: "configs/forms/f.yaml:2:1: warning: unknown key 'descriptoin' in form (did you mean 'description'?)"),
        Case(kind: "page", files: ["configs/forms/f.yaml": "title: T\npages:\n  - {titel: P, fields: [{id: a, label: A}]}\n"],
             expected: "configs/forms/f.yaml:3:6: warning: unknown key 'titel' in page (did you mean 'title'?)"),
        Case(kind: "section", files: ["configs/forms/f.yaml": "title: T\nsections:\n  - {title: S, field: [{id: a, label: A}]}\n"],
             expected: "configs/forms/f.yaml:3:16: warning: unknown key 'field' in section (did you mean 'fields'?)"),
        Case(kind: "field", files: ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, requird: true}\n"],
             expected: "configs/forms/f.yaml:3:23: warning: unknown key 'requird' in field (did you mean 'required'?)"),
        Case(kind: "option", files: ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, type: select, options: [{value: x, lable: X}]}\n"],
             expected: "configs/forms/f.yaml:3:58: warning: unknown key 'lable' in option (did you mean 'label'?)"),
        Case(kind: "optionsFrom", files: ["configs/forms/f.yaml": "title: T\ndataSources: [{id: s, type: api, endpoint: /x}]\nfields:\n  - {id: a, label: A, type: select, optionsFrom: {dataSource: s, valuekey: v}}\n"],
             expected: "configs/forms/f.yaml:4:66: warning: unknown key 'valuekey' in optionsFrom (did you mean 'valueKey'?)"),
        Case(kind: "validation rule", files: ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: {minLength: {value: 2, mesage: Short}}}\n"],
             expected: "configs/forms/f.yaml:3:58: warning: unknown key 'mesage' in validation rule 'minLength' (did you mean 'message'?)"),
        Case(kind: "validation entry", files: ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, validation: [{type: minLength, value: 2, mesage: Short}]}\n"],
             expected: "configs/forms/f.yaml:3:64: warning: unknown key 'mesage' in validation entry (did you mean 'message'?)"),
        Case(kind: "submit", files: ["configs/forms/f.yaml": "title: T\nsubmit: {acton: /x}\nfields:\n  - {id: a, label: A}\n"],
             expected: "configs/forms/f.yaml:2:10: warning: unknown key 'acton' in submit (did you mean 'action'?)"),
        Case(kind: "data source", files: ["configs/forms/f.yaml": "title: T\ndataSources: [{id: s, type: api, endpoint: /x, feilds: [a]}]\nfields:\n  - {id: a, label: A}\n"],
             expected: "configs/forms/f.yaml:2:48: warning: unknown key 'feilds' in data source (did you mean 'fields'?)"),
        Case(kind: "rule", files: ["configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n  - {id: b, label: B}\nrules:\n  - {when: a, condition: empty, action: hide, targets: [b], otherwize: show}\n"],
             expected: "configs/forms/f.yaml:6:61: warning: unknown key 'otherwize' in rule (did you mean 'otherwise'?)"),
        Case(kind: "country config", files: ["configs/countries/nl.yaml": "country: NL\nnmae: Nederland\nfields:\n  - {id: a, label: A}\n"],
             expected: "configs/countries/nl.yaml:2:1: warning: unknown key 'nmae' in country config (did you mean 'name'?)"),
        Case(kind: "country entry", files: ["configs/forms/kyc.yaml": "id: kyc\ntitle: K\ncountries:\n  NL: {name: Nederland, locle: nl-NL}\n",
                                            "configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: a, label: A}\n"],
             expected: "configs/forms/kyc.yaml:4:25: warning: unknown key 'locle' in country entry (did you mean 'locale'?)"),
        Case(kind: "pet-adoption element", files: ["configs/forms/p.json": #"{"id": "p", "name": "P", "pages": [{"label": "L", "sections": [{"label": "S", "elements": [{"type": "text", "label": "A", "unique_id": "a", "isMandatry": true}]}]}]}"#],
             expected: "configs/forms/p.json:1:141: warning: unknown key 'isMandatry' in element (did you mean 'isMandatory'?)"),
        Case(kind: "Lumiform item", files: ["configs/forms/l.json": #"{"type": "page", "title": "P", "items": [{"type": "text", "title": "A", "itms": []}]}"#],
             expected: "configs/forms/l.json:1:73: warning: unknown key 'itms' in item (did you mean 'items'?)"),
    ]

    @Test(arguments: cases)
    func anUnknownKeyIsAWarning(_ testCase: Case) throws {
        let files = Dictionary(uniqueKeysWithValues: testCase.files.map { (String($0.key.dropFirst("configs/".count)), $0.value) })
        let log = DiagnosticLog()
        _ = SiteBuilder(options: BuildOptions(templatesDirectory: nil), source: .memory(files)).load(log: log)
        let lines = log.diagnostics.map(\.description)
        #expect(lines.filter { $0.contains("unknown key") } == [testCase.expected])
        #expect(!lines.contains { $0.contains(": error: ") }, "\(lines)")
    }
}
