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
            // Let go of the value's own reference first, so that the members are changed in place, not copied.
            self = .null
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
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(into: &output, indent: 0)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(into output: inout [UInt8], indent: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: (value.isFinite ? formatNumber(value) : "null").utf8)
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let items):
            if items.isEmpty { output.append(contentsOf: "[]".utf8); return }
            if items.count <= 12, items.allSatisfy(\.isScalar) {
                output.append(UInt8(ascii: "["))
                for (index, item) in items.enumerated() {
                    if index > 0 { output.append(contentsOf: ", ".utf8) }
                    item.write(into: &output, indent: 0)
                }
                output.append(UInt8(ascii: "]"))
                return
            }
            output.append(contentsOf: "[\n".utf8)
            for (index, item) in items.enumerated() {
                Self.pad(&output, indent + 1)
                item.write(into: &output, indent: indent + 1)
                if index < items.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
            }
            Self.pad(&output, indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { output.append(contentsOf: "{}".utf8); return }
            output.append(contentsOf: "{\n".utf8)
            let sorted = members.sorted { $0.key < $1.key }
            for (index, member) in sorted.enumerated() {
                Self.pad(&output, indent + 1)
                Self.appendQuoted(member.key, to: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.write(into: &output, indent: indent + 1)
                if index < sorted.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
            }
            Self.pad(&output, indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Two spaces per level.
    private static func pad(_ output: inout [UInt8], _ indent: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// `quoted(text)`, written straight into `output`: the runs that need no escape are copied whole.
    private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            var start = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                    index += 1
                    continue
                }
                if byte >= 0x80 {
                    let (scalar, length) = scalarAt(bytes, index)
                    if isInvisible(scalar) {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                        appendUTF16Escapes(scalar, to: &output)
                        start = index + length
                    }
                    index += length
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case 0x22: output.append(contentsOf: [0x5C, 0x22])
                case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default: appendUTF16Escapes(Unicode.Scalar(byte), to: &output)
                }
                index += 1
                start = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length in bytes.
    private static func scalarAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether `quoted` writes the scalar as `\u` escapes: control, format and non-ASCII space characters.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F
            && [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory))
    }

    /// `\uXXXX` (lower-case hex) for each UTF-16 unit of the scalar.
    private static func appendUTF16Escapes(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        for unit in String(scalar).utf16 {
            output.append(contentsOf: [0x5C, UInt8(ascii: "u")])
            for shift in stride(from: 12, through: 0, by: -4) {
                output.append(digits.utf8Start[Int((unit >> UInt16(shift)) & 0xF)])
            }
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// A JSON string; control, format and non-ASCII space characters as `\u` escapes so that they can be seen.
    package static func quoted(_ text: String) -> String {
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
                if isInvisible(scalar) {
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
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
