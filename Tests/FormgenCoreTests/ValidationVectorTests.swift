import Foundation
import Testing
@testable import FormgenCore

/// The shared vectors in Tests/vectors/validation.json, which the browser runtime's node suite runs too.
enum ValidationVectors {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors/validation.json")

    static let document: [String: JSONValue] = {
        guard let data = FileManager.default.contents(atPath: url.path), case .object(let object)? = try? JSONValue.decode(data) else {
            return [:]
        }
        return object
    }()

    static var cases: [VectorCase] {
        guard case .array(let entries)? = document["cases"] else { return [] }
        return entries.compactMap { entry in
            guard case .object(let object) = entry else { return nil }
            return VectorCase(object)
        }
    }

    /// The bodies: each case's submission as a JSON, urlencoded or multipart body (`contentType`, `body`).
    static var bodies: [VectorCase] {
        guard case .array(let entries)? = document["bodies"] else { return [] }
        return entries.compactMap { entry in
            guard case .object(let object) = entry else { return nil }
            return VectorCase(object)
        }
    }

    /// The dropIf cases: a rule (`{key, in}`), a list entry, and whether the entry is dropped.
    static var drops: [VectorCase] {
        guard case .array(let entries)? = document["dropIf"] else { return [] }
        return entries.compactMap { entry in
            guard case .object(let object) = entry else { return nil }
            return VectorCase(object)
        }
    }

    static func messages(_ language: String) -> [String: String] {
        guard case .object(let tables)? = document["messages"], case .object(let table)? = tables[language] else { return [:] }
        return table.compactMapValues { if case .string(let text) = $0 { return text } else { return nil } }
    }
}

/// One vector: a form snippet, a submission, and what must come out.
struct VectorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var object: [String: JSONValue]

    init?(_ object: [String: JSONValue]) {
        guard case .string(let name)? = object["name"] else { return nil }
        self.name = name
        self.object = object
    }

    var testDescription: String { name }

    func string(_ key: String) -> String? {
        if case .string(let text)? = object[key] { return text }
        return nil
    }

    /// The snippet completed with the spec's defaults and decoded as the page's FormSpec.
    func spec() throws -> FormSpec {
        guard case .object(let form)? = object["form"], case .array(let fields)? = form["fields"] else { throw VectorError.malformed(name) }
        let rules: [JSONValue]
        if case .array(let list)? = form["rules"] { rules = list } else { rules = [] }
        let completedFields: [JSONValue] = fields.map { field in
            guard case .object(var entry) = field else { return field }
            for (key, value) in ["required": JSONValue.bool(false), "readOnly": .bool(false), "sensitive": .bool(false), "validations": .array([])]
                where entry[key] == nil {
                entry[key] = value
            }
            return .object(entry)
        }
        let ids: [JSONValue] = fields.compactMap { if case .object(let entry) = $0 { return entry["id"] } else { return nil } }
        let language = string("lang") ?? "en"
        let pages: JSONValue
        if case .array(let written)? = form["pages"] { pages = .array(written) } else { pages = .array([.object(["fields": .array(ids)])]) }
        let spec: JSONValue = .object([
            "version": .number(1), "id": .string("vector"), "path": .string("vector"), "title": .string(name), "lang": .string(language),
            "pages": pages, "fields": .array(completedFields), "rules": .array(rules),
            "dataSources": .array([]), "submit": .object(["method": .string("post"), "encoding": .string("json")]),
            "drafts": .object(["enabled": .bool(true), "maxAge": .number(86400)]),
            "messages": .object(ValidationVectors.messages(language).mapValues(JSONValue.string)),
        ])
        return try JSONDecoder().decode(FormSpec.self, from: Data(spec.jsonText().utf8))
    }

    /// Noon UTC of the case's `now` date.
    var now: Date {
        let parts = (string("now") ?? "2025-06-15").split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
    }

    var values: [String: JSONValue] {
        if case .object(let values)? = object["values"] { return values }
        return [:]
    }
}

enum VectorError: Error {
    case malformed(String)
}

@Suite("Shared validation vectors")
struct ValidationVectorTests {
    @Test func theFileHoldsAtLeast300Cases() {
        #expect(ValidationVectors.cases.count >= 300)
    }

    @Test(arguments: ["en", "nl", "de", "fr", "pl", "ar"])
    func messageTablesMatchTheBuiltInOnes(language: String) {
        #expect(ValidationVectors.messages(language) == MessageTables.builtin.table(for: language))
    }

    /// The plural categories the vectors list (the browser's Intl.PluralRules gives the same, Tests/runtime/plurals.test.mjs).
    @Test func pluralCategoriesMatchTheVectors() throws {
        guard case .object(let languages)? = ValidationVectors.document["plurals"] else { throw VectorError.malformed("plurals") }
        #expect(languages.keys.sorted() == ["ar", "de", "en", "fr", "nl", "pl"])
        for (language, numbers) in languages {
            guard case .object(let categories) = numbers else { throw VectorError.malformed(language) }
            #expect(categories.count >= 20)
            for (number, expected) in categories {
                #expect(.string(PluralRules.category(Int(number) ?? -1, language: language)) == expected, "\(language) \(number)")
            }
        }
    }

    @Test func theBodiesRefuseTheNumbersSwiftAloneWouldRead() {
        let refused = Set(ValidationVectors.bodies.filter { $0.object["errors"] != .object([:]) }.map(\.name))
        for encoding in ["json", "urlencoded", "multipart"] {
            for number in ["0x10", "+5", "1."] {
                #expect(refused.contains("\(encoding) body: number '\(number)' refused"), "\(encoding) \(number)")
            }
        }
        #expect(ValidationVectors.drops.count >= 20)
    }

    /// Each body read as the server reads it (SubmissionBody: JSON, urlencoded or multipart), then validated.
    @Test(arguments: ValidationVectors.bodies)
    func body(_ vector: VectorCase) throws {
        let spec = try vector.spec()
        let encoding = try #require(SubmissionBody.Encoding(contentType: vector.string("contentType")))
        let values = try SubmissionBody.values(Data((vector.string("body") ?? "").utf8), encoding: encoding, spec: spec)
        try Self.expect(FormValidator(spec: spec, now: vector.now).validate(values), of: vector)
    }

    /// DropRule, as the build applies it to a remote list, against the rule and entry options.js reads.
    @Test(arguments: ValidationVectors.drops)
    func dropIf(_ vector: VectorCase) throws {
        let rule = try JSONDecoder().decode(DropRule.self, from: Data(try #require(vector.object["rule"]).jsonText().utf8))
        #expect(rule.drops(vector.object["entry"] ?? .null) == (vector.object["dropped"] == .bool(true)))
    }

    @Test(arguments: ValidationVectors.cases)
    func vector(_ vector: VectorCase) throws {
        let spec = try vector.spec()
        for field in spec.fields.flatMap({ $0.kind == .repeat ? $0.fields ?? [] : [$0] }) {
            // A scale's spec is a number field's (its checks as validations); its kind says what it is.
            let type = field.kind == .scale ? FieldType.scale : try #require(FieldType(rawValue: field.type))
            #expect(field.kind == FieldKind(type: type, offersOptions: field.options != nil || field.optionsFrom != nil), "\(field.id)")
            if field.kind == .scale { #expect(field.type == FieldType.number.rawValue, "\(field.id)") }
        }
        try Self.expect(FormValidator(spec: spec, now: vector.now).validate(vector.values), of: vector)
    }

    /// The result holds the vector's errors, hidden fields and (when it gives them) data.
    static func expect(_ result: ValidationResult, of vector: VectorCase) throws {
        var expectedErrors: [String: String] = [:]
        if case .object(let errors)? = vector.object["errors"] {
            expectedErrors = errors.compactMapValues { if case .string(let text) = $0 { return text } else { return nil } }
        }
        #expect(result.messages == expectedErrors)
        var expectedHidden: [String] = []
        if case .array(let hidden)? = vector.object["hidden"] {
            expectedHidden = hidden.compactMap { if case .string(let id) = $0 { return id } else { return nil } }
        }
        #expect(result.hidden == expectedHidden)
        if case .object(let data)? = vector.object["data"] {
            #expect(result.data == data)
        }
    }
}
