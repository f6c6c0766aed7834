import Foundation

/// Writes an `Encodable` value as compact JSON with sorted keys: byte for byte what `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes`, for the types specs hold (text, numbers, booleans, lists, objects),
/// without its boxing. With `scriptSafe`, `<`, `>`, `&`, U+2028 and U+2029 are `\u` escapes, so that the text can
/// sit inside a `<script>` element (every form page embeds its spec so).
struct CompactJSONEncoder {
    var scriptSafe = false

    func encode<T: Encodable>(_ value: T) throws -> String {
        let root = Slot()
        try Slot.encode(value, into: root)
        var output = ""
        output.reserveCapacity(4096)
        root.write(into: &output, scriptSafe: scriptSafe)
        return output
    }
}

/// One value being encoded: a written scalar, a list or an object of further slots.
private final class Slot {
    enum Content {
        case empty
        case scalar(String)
        case text(String)
        case list([Slot])
        /// Members in the order encoded (a key encoded twice keeps its last value); sorted when written.
        case object([Member])
    }

    struct Member {
        let key: String
        let slot: Slot
    }

    var content = Content.empty

    /// Scalars by their exact type (a comparison of type metadata); anything else encodes itself, and the
    /// containers write the integer types it may hand them.
    static func encode<T: Encodable>(_ value: T, into slot: Slot) throws {
        if T.self == String.self {
            slot.content = .text(unsafeBitCast(value, to: String.self))
        } else if T.self == Bool.self {
            slot.content = .scalar(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if T.self == Int.self {
            slot.content = .scalar(String(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Double.self {
            slot.content = .scalar(try Self.number(unsafeBitCast(value, to: Double.self)))
        } else if T.self == Float.self {
            let number = unsafeBitCast(value, to: Float.self)
            slot.content = .scalar(try Self.number(Double(number), description: number.description))
        } else {
            try value.encode(to: SlotEncoder(slot: slot))
        }
    }

    /// As `JSONEncoder` writes a `Double`: its description without a trailing `.0`; not-a-number and infinity are errors.
    static func number(_ value: Double, description: String? = nil) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "not a finite number"))
        }
        let text = description ?? value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A new slot under `key` of this object (in place: the members are not copied).
    func member(_ key: String) -> Slot {
        let child = Slot()
        guard case .object(var members) = content else {
            content = .object([Member(key: key, slot: child)])
            return child
        }
        content = .empty
        members.append(Member(key: key, slot: child))
        content = .object(members)
        return child
    }

    /// A new slot at the end of this list.
    func appended() -> Slot {
        let item = Slot()
        guard case .list(var items) = content else {
            content = .list([item])
            return item
        }
        content = .empty
        items.append(item)
        content = .list(items)
        return item
    }

    var count: Int {
        if case .list(let items) = content { return items.count }
        return 0
    }

    func write(into output: inout String, scriptSafe: Bool) {
        switch content {
        case .empty: output += "{}"
        case .scalar(let text): output += text
        case .text(let text): Self.quote(text, into: &output, scriptSafe: scriptSafe)
        case .list(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output, scriptSafe: scriptSafe)
            }
            output += "]"
        case .object(let members):
            output += "{"
            let order = members.indices.sorted { members[$0].key < members[$1].key || (members[$0].key == members[$1].key && $0 < $1) }
            var first = true
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
                if !first { output += "," }
                first = false
                Self.quote(members[index].key, into: &output, scriptSafe: scriptSafe)
                output += ":"
                members[index].slot.write(into: &output, scriptSafe: scriptSafe)
            }
            output += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    static func quote(_ text: String, into output: inout String, scriptSafe: Bool) {
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte < 0x80
                && !(scriptSafe && (byte == 0x3C || byte == 0x3E || byte == 0x26))
        }
        output += "\""
        guard !plain else {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "<" where scriptSafe: output += "\\u003c"
            case ">" where scriptSafe: output += "\\u003e"
            case "&" where scriptSafe: output += "\\u0026"
            case "\u{2028}" where scriptSafe: output += "\\u2028"
            case "\u{2029}" where scriptSafe: output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    output += "\\u00"
                    output.append(hexDigits[Int(scalar.value >> 4)])
                    output.append(hexDigits[Int(scalar.value & 0xF)])
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

private struct SlotEncoder: Encoder {
    let slot: Slot
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([]) }
        return KeyedEncodingContainer(KeyedSlots<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .list = slot.content {} else { slot.content = .list([]) }
        return ListSlots(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleSlot(slot: slot, codingPath: codingPath) }
}

private struct KeyedSlots<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    var codingPath: [CodingKey]

    private func child(_ key: Key) -> Slot { slot.member(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .scalar("null") }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).content = .text(value) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).content = .scalar(value ? "true" : "false") }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { child(key).content = .scalar(try Slot.number(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).content = .scalar(String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try Slot.encode(value, into: child(key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        SlotEncoder(slot: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { SlotEncoder(slot: child(Key(stringValue: "super")!), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> Encoder { SlotEncoder(slot: child(key), codingPath: codingPath + [key]) }
}

private struct ListSlots: UnkeyedEncodingContainer {
    let slot: Slot
    var codingPath: [CodingKey]
    var count: Int { slot.count }

    private func next() -> Slot { slot.appended() }

    mutating func encodeNil() throws { next().content = .scalar("null") }
    mutating func encode(_ value: String) throws { next().content = .text(value) }
    mutating func encode(_ value: Bool) throws { next().content = .scalar(value ? "true" : "false") }
    mutating func encode(_ value: Int) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: Double) throws { next().content = .scalar(try Slot.number(value)) }
    mutating func encode(_ value: Int8) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: Int16) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: Int32) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: Int64) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: UInt) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: UInt8) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: UInt16) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: UInt32) throws { next().content = .scalar(String(value)) }
    mutating func encode(_ value: UInt64) throws { next().content = .scalar(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try Slot.encode(value, into: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: next(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { SlotEncoder(slot: next(), codingPath: codingPath).unkeyedContainer() }
    mutating func superEncoder() -> Encoder { SlotEncoder(slot: next(), codingPath: codingPath) }
}

private struct SingleSlot: SingleValueEncodingContainer {
    let slot: Slot
    var codingPath: [CodingKey]

    mutating func encodeNil() throws { slot.content = .scalar("null") }
    mutating func encode(_ value: String) throws { slot.content = .text(value) }
    mutating func encode(_ value: Bool) throws { slot.content = .scalar(value ? "true" : "false") }
    mutating func encode(_ value: Int) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Double) throws { slot.content = .scalar(try Slot.number(value)) }
    mutating func encode(_ value: Int8) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int16) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int32) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int64) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt8) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt16) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt32) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt64) throws { slot.content = .scalar(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try Slot.encode(value, into: slot) }
}
