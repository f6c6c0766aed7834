import FormgenCore
import Foundation

/// The shared vectors in Tests/vectors/validation.json (the same cases `formgen validate` and the runtime run),
/// each as a one-form site.
struct SharedVector: Sendable, CustomStringConvertible {
    var name: String
    var spec: FormSpec
    var now: Date
    var values: [String: JSONValue]
    var errors: [String: String]
    var data: [String: JSONValue]?
    /// For a body vector: its `Content-Type` and the body as sent.
    var contentType: String?
    var body: String?

    var description: String { name }

    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors/validation.json")

    /// The vectors of `list`: `cases` (values), or `bodies` (the same checks on JSON, urlencoded and multipart bodies).
    static func all(_ list: String = "cases") throws -> [SharedVector] {
        guard let bytes = FileManager.default.contents(atPath: url.path), case .object(let document) = try JSONValue.decode(bytes),
              case .array(let cases)? = document[list], case .object(let tables)? = document["messages"]
        else { throw CocoaError(.fileReadCorruptFile) }
        return try cases.map { entry in
            guard case .object(let object) = entry, case .string(let name)? = object["name"],
                  case .object(let form)? = object["form"], case .array(let fields)? = form["fields"]
            else { throw CocoaError(.fileReadCorruptFile) }
            var language = "en"
            if case .string(let lang)? = object["lang"] { language = lang }
            var rules: [JSONValue] = []
            if case .array(let list)? = form["rules"] { rules = list }
            let completed: [JSONValue] = fields.map { field in
                guard case .object(var entry) = field else { return field }
                for (key, value) in ["required": JSONValue.bool(false), "readOnly": .bool(false), "sensitive": .bool(false),
                                     "validations": .array([])] where entry[key] == nil {
                    entry[key] = value
                }
                return .object(entry)
            }
            let ids: [JSONValue] = fields.compactMap { if case .object(let entry) = $0 { return entry["id"] } else { return nil } }
            var pages: JSONValue = .array([.object(["fields": .array(ids)])])
            if case .array(let written)? = form["pages"] { pages = .array(written) }
            let spec: JSONValue = .object([
                "version": .number(1), "id": .string("vector"), "path": .string("vector"), "title": .string(name), "lang": .string(language),
                "pages": pages, "fields": .array(completed), "rules": .array(rules),
                "dataSources": .array([]), "submit": .object(["method": .string("post"), "encoding": .string("json")]),
                "drafts": .object(["enabled": .bool(false), "maxAge": .number(0)]),
                "messages": tables[language] ?? .object([:]),
            ])
            var day = "2025-06-15"
            if case .string(let text)? = object["now"] { day = text }
            let parts = day.split(separator: "-").compactMap { Int($0) }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            var values: [String: JSONValue] = [:]
            if case .object(let given)? = object["values"] { values = given }
            var errors: [String: String] = [:]
            if case .object(let expected)? = object["errors"] {
                errors = expected.compactMapValues { if case .string(let text) = $0 { return text } else { return nil } }
            }
            var data: [String: JSONValue]?
            if case .object(let expected)? = object["data"] { data = expected }
            var vector = SharedVector(name: name, spec: try JSONDecoder().decode(FormSpec.self, from: Data(spec.jsonText().utf8)),
                                      now: calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!,
                                      values: values, errors: errors, data: data)
            if case .string(let type)? = object["contentType"], case .string(let body)? = object["body"] { (vector.contentType, vector.body) = (type, body) }
            return vector
        }
    }
}
