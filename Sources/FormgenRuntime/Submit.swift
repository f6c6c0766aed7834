// The twin of submit.js: a submission's body (JSON, urlencoded, multipart) read into the values the validator checks.

import Foundation

/// Turns a submission's HTTP body into the JSON object the validator reads, the same way for the preview
/// sink and `formgen collect`.
public enum SubmissionBody {
    /// How a submission was sent.
    public enum Encoding: Sendable, Equatable {
        /// `application/json` from the page's runtime.
        case json
        /// `application/x-www-form-urlencoded` from the form itself, without JavaScript.
        case urlEncoded
        /// `multipart/form-data` from a form with a file field, with or without JavaScript: the answers as ordinary
        /// parts named as the form's controls are (read as `urlEncoded`'s pairs), each file as a part of its field.
        case multipart(boundary: String)

        /// Posted by a form (urlencoded or multipart), which may want an HTML answer.
        public var isFormPost: Bool { self != .json }

        /// The encoding of a `Content-Type` header value, or nil for any other media type.
        public init?(contentType: String?) {
            let media = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch media {
            case "application/json": self = .json
            case "application/x-www-form-urlencoded": self = .urlEncoded
            case "multipart/form-data":
                guard let boundary = SubmissionBody.parameter("boundary", in: contentType ?? ""), !boundary.isEmpty, boundary.count <= 200 else { return nil }
                self = .multipart(boundary: boundary)
            default: return nil
            }
        }
    }

    /// The submission's values; throws `SubmissionError.notAnObject` for a JSON body that is not an object.
    public static func values(_ body: Data, encoding: Encoding, spec: FormSpec) throws -> [String: JSONValue] {
        try parse(body, encoding: encoding, spec: spec).values
    }

    /// The submission's values and, from a multipart body, its files (each file field's value is then the files'
    /// metadata as the server sees them: name, size, type told by the bytes, SHA-256).
    public static func parse(_ body: Data, encoding: Encoding, spec: FormSpec) throws -> Parsed {
        switch encoding {
        case .json:
            guard let value = try? spec.decodeSubmission(body), case .object(let object) = value else { throw SubmissionError.notAnObject }
            if let field = fileValue(in: object, fields: spec.fields) { throw SubmissionError.fileOutsideItsPart(field) }
            return Parsed(values: object, uploads: [])
        case .urlEncoded:
            return Parsed(values: values(fields: pairs(fromURLEncoded: String(decoding: body, as: UTF8.self)), spec: spec), uploads: [])
        case .multipart(let boundary):
            return try multipart(body, boundary: boundary, spec: spec)
        }
    }

    /// The first file field (here or in a repeating section's items) a JSON submission gives a value for: files come
    /// only as parts of a multipart body, whose metadata the server works out from the bytes it received, so a name,
    /// size or type written into JSON (`{"name": "../../etc/passwd", "size": -1}`) is never believed.
    package static func fileValue(in object: [String: JSONValue], fields: [FormSpec.FieldSpec]) -> String? {
        for field in fields {
            if field.kind == .file, let value = object[field.id], value != .null { return field.id }
            if field.kind == .repeat, case .array(let items)? = object[field.id] {
                for case .object(let values) in items {
                    if let inner = fileValue(in: values, fields: field.fields ?? []) { return "\(field.id).\(inner)" }
                }
            }
        }
        return nil
    }

    /// `a=1&b=x+y` → `[("a", "1"), ("b", "x y")]`, in order.
    public static func pairs(fromURLEncoded text: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for part in text.unicodeScalars.split(separator: "&") {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ piece: Substring.UnicodeScalarView) -> String {
                let spaced = String(String.UnicodeScalarView(piece.map { $0 == "+" ? " " : $0 }))
                return spaced.removingPercentEncoding ?? String(piece)
            }
            pairs.append((decode(pieces[0]), pieces.count > 1 ? decode(pieces[1]) : ""))
        }
        return pairs
    }

    /// Name/value pairs of a form posted without JavaScript, as the runtime would have sent them: numbers as
    /// numbers, a single checkbox as `true`, a checkbox group as a list, a three-box date (`ID-day`, `ID-month`,
    /// `ID-year`) as one `YYYY-MM-DD`; names the form does not have dropped.
    public static func values(fields pairs: [(String, String)], spec: FormSpec) -> [String: JSONValue] {
        let fields = Dictionary(spec.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var values: [String: JSONValue] = [:]
        for field in spec.fields where field.dateStyle == "boxes" && values[field.id] == nil {
            let parts = ["day", "month", "year"].map { part in
                pairs.last { $0.0 == "\(field.id)-\(part)" }?.1.trimmingCharacters(in: .whitespaces)
            }
            guard parts.contains(where: { $0 != nil }) else { continue }
            values[field.id] = .string(dateFromBoxes(day: parts[0] ?? "", month: parts[1] ?? "", year: parts[2] ?? ""))
        }
        for (id, list) in listValues(pairs, spec: spec) { values[id] = list }
        for (id, answers) in gridValues(pairs, spec: spec) { values[id] = answers }
        var groups: [String: [JSONValue]] = [:]
        for (name, value) in pairs {
            guard let field = fields[name] else { continue }
            switch field.kind {
            case .checkboxGroup:
                groups[name, default: []].append(.string(value))
            case .checkbox:
                values[name] = .bool(true)
            case .file:
                continue
            case .input where field.type == "number":
                values[name] = FieldValue.decimal(FieldValue.trim(value)).flatMap { $0.isFinite ? JSONValue.number($0) : nil } ?? .string(value)
            default:
                values[name] = .string(value)
            }
        }
        for (name, items) in groups { values[name] = .array(items) }
        return values
    }

    /// Grids posted without JavaScript: `satisfaction.speed=good&satisfaction.price=fair` → `satisfaction: {speed: good,
    /// price: fair}` (each row a list for `multiple`); a row the grid does not have is kept, for the validator to refuse.
    package static func gridValues(_ pairs: [(String, String)], spec: FormSpec) -> [String: JSONValue] {
        let grids = Dictionary(spec.fields.filter { $0.kind == .grid }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard !grids.isEmpty else { return [:] }
        var answers: [String: [String: [String]]] = [:]
        for (name, value) in pairs {
            guard let dot = name.firstIndex(of: "."), grids[String(name[..<dot])] != nil else { continue }
            let row = String(name[name.index(after: dot)...])
            answers[String(name[..<dot]), default: [:]][row, default: []].append(value)
        }
        var values: [String: JSONValue] = [:]
        for (id, rows) in answers {
            let multiple = grids[id]?.multiple == true
            values[id] = .object(rows.mapValues { chosen in
                multiple || chosen.count > 1 ? .array(chosen.map(JSONValue.string)) : .string(chosen[0])
            })
        }
        return values
    }

    /// Repeating sections posted without JavaScript: `pets[0].pet_name=Rex&pets[1].pet_name=Tom` → `pets: [{pet_name: Rex}, …]`,
    /// items in the order of their indices (gaps closed), each item's pairs read as a submission of its fields.
    package static func listValues(_ pairs: [(String, String)], spec: FormSpec) -> [String: JSONValue] {
        let lists = Dictionary(spec.fields.filter { $0.kind == .repeat }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard !lists.isEmpty else { return [:] }
        var byList: [String: [Int: [(String, String)]]] = [:]
        for (name, value) in pairs {
            guard let open = name.firstIndex(of: "["), let close = name.firstIndex(of: "]"), open < close,
                  lists[String(name[..<open])] != nil, let index = Int(name[name.index(after: open)..<close]), index >= 0,
                  name[name.index(after: close)...].first == "." else { continue }
            let inner = String(name[name.index(close, offsetBy: 2)...])
            byList[String(name[..<open]), default: [:]][index, default: []].append((inner, value))
        }
        var values: [String: JSONValue] = [:]
        for (id, items) in byList {
            guard let field = lists[id] else { continue }
            var item = spec
            item.fields = field.fields ?? []
            item.rules = []
            values[id] = .array(items.keys.sorted().map { .object(Self.values(fields: items[$0] ?? [], spec: item)) })
        }
        return values
    }

    /// `27`, `3`, `2007` → `2007-03-27`, as the runtime composes it: nothing when all three are empty, else the
    /// boxes as typed when they are not one or two digits, one or two, and four (the date check then rejects it).
    package static func dateFromBoxes(day: String, month: String, year: String) -> String {
        if day.isEmpty && month.isEmpty && year.isEmpty { return "" }
        func digits(_ text: String, _ counts: ClosedRange<Int>) -> Bool { counts.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber } }
        guard digits(day, 1...2), digits(month, 1...2), digits(year, 4...4) else { return "\(year)-\(month)-\(day)" }
        return "\(year)-\(month.count == 1 ? "0" : "")\(month)-\(day.count == 1 ? "0" : "")\(day)"
    }
}
