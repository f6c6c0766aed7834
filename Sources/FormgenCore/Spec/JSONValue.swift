import Foundation

/// Any JSON value: a submission's field values, the cleaned data formgen sends on, and the
/// documents it writes (JSON Schema). One type for the validator and the schema writer alike.
public indirect enum JSONValue: Codable, Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A number (written as an integer when it is one).
    public static func numeric(_ value: Double) -> JSONValue { .number(value) }

    /// The value under `key` of an object.
    public subscript(key: String) -> JSONValue? {
        get {
            if case .object(let members) = self { return members[key] }
            return nil
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses a JSON document in one linear pass; arrays and objects may nest at most
    /// `JSONParser.maximumDepth` (64) levels deep.
    public static func decode(_ data: Data) throws -> JSONValue {
        var parser = JSONParser(data)
        return try parser.parse()
    }

    /// The value as compact JSON with sorted keys.
    public func jsonText(pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func pretty() -> String {
        var output = ""
        write(into: &output, indent: 0)
        return output + "\n"
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += value.isFinite ? formatNumber(value) : "null"
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let items):
            if items.isEmpty { output += "[]"; return }
            if items.allSatisfy(\.isScalar), items.count <= 12 {
                output += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { output += ", " }
                    item.write(into: &output, indent: 0)
                }
                output += "]"
                return
            }
            let pad = String(repeating: "  ", count: indent + 1)
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += pad
                item.write(into: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent)
            output += "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            let pad = String(repeating: "  ", count: indent + 1)
            output += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                output += pad
                Self.appendQuoted(key, to: &output)
                output += ": "
                members[key]!.write(into: &output, indent: indent + 1)
                output += index == keys.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent)
            output += "}"
        }
    }

    private static func appendQuoted(_ text: String, to output: inout String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            output += "\""
            output += text
            output += "\""
        } else {
            output += quoted(text)
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// A JSON string; control, format and non-ASCII space characters as `\u` escapes so that they can be seen.
    static func quoted(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                let category = scalar.properties.generalCategory
                let invisible = scalar.value < 0x20 || (scalar.value >= 0x7F && [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator].contains(category))
                if invisible {
                    for unit in String(scalar).utf16 { output += "\\u" + String(unit, radix: 16).leftPadded(to: 4) }
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
