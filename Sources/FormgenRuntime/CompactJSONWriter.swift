/// Writes compact JSON straight into bytes, as `JSONEncoder` writes it with `.sortedKeys` and
/// `.withoutEscapingSlashes`: the caller writes an object's members in sorted key order (`FormSpec+JSON` does, and
/// its tests compare every example form's spec with `JSONEncoder`'s). With `scriptSafe`, `<`, `>`, `&`, U+2028 and
/// U+2029 are `\u` escapes, so that the text can sit inside a `<script>` element (every form page embeds its spec so).
package struct CompactJSONWriter {
    package let scriptSafe: Bool
    private(set) var bytes: [UInt8] = []
    /// Whether the next key or list item needs a comma before it.
    private var needsComma = false
    /// Set when a number could not be written (not finite): `JSONEncoder` refuses such a value.
    private(set) var failed = false

    package init(scriptSafe: Bool) {
        self.scriptSafe = scriptSafe
        bytes.reserveCapacity(4096)
    }

    /// The bytes written, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Containers

    package mutating func object(_ members: (inout CompactJSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        members(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    package mutating func list<Items: Sequence>(_ items: Items, _ write: (inout CompactJSONWriter, Items.Element) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for item in items { write(&self, item) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object member's key; its value is written next.
    package mutating func key(_ name: String) {
        separate()
        quote(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A dictionary of text as an object, keys sorted.
    package mutating func object(_ members: [String: String]) {
        object { writer in
            for (key, text) in members.sorted(by: { $0.key < $1.key }) {
                writer.key(key)
                writer.string(text)
            }
        }
    }

    /// A member with text, left out when there is none.
    package mutating func member(_ key: String, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// A member with a whole number, left out when there is none.
    package mutating func member(_ key: String, _ number: Int?) {
        guard let number else { return }
        self.key(key)
        int(number)
    }

    /// A member with a flag, left out when there is none.
    package mutating func member(_ key: String, _ flag: Bool?) {
        guard let flag else { return }
        self.key(key)
        bool(flag)
    }

    // MARK: Scalars

    package mutating func string(_ text: String) {
        separate()
        quote(text)
        needsComma = true
    }

    package mutating func bool(_ value: Bool) {
        scalar(value ? "true" : "false")
    }

    package mutating func int(_ value: Int) {
        scalar(String(value))
    }

    /// A number as the spec's values encode themselves: an `Int` when it is whole and below 10^15, otherwise as
    /// `JSONEncoder` writes a `Double` (its description without a trailing `.0`).
    package mutating func number(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 { return int(Int(value)) }
        guard value.isFinite else {
            failed = true
            return scalar("null")
        }
        let text = value.description
        scalar(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }

    package mutating func null() {
        scalar("null")
    }

    /// A JSON value as it encodes itself: whole numbers as integers, object members sorted.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items): list(items) { $0.value($1) }
        case .object(let members):
            object { writer in
                for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                    writer.key(key)
                    writer.value(member)
                }
            }
        }
    }

    // MARK: Bytes

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func scalar(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A string's text quoted; a String's bytes are valid UTF-8, so a lead byte 0xE2 has two more after it.
    private mutating func quote(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let scriptSafe = scriptSafe
        func isPlain(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte != 0x22 && byte != 0x5C && !(scriptSafe && (byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2))
        }
        // Most texts need no escape: checked in one pass over their contiguous bytes, then copied whole.
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isPlain) }) ?? text.utf8.allSatisfy(isPlain) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20: escape(UInt16(byte))
            case UInt8(ascii: "<") where scriptSafe: escape(0x3C)
            case UInt8(ascii: ">") where scriptSafe: escape(0x3E)
            case UInt8(ascii: "&") where scriptSafe: escape(0x26)
            case 0xE2 where scriptSafe:
                let second = utf8.next()!, third = utf8.next()!
                if second == 0x80, third == 0xA8 || third == 0xA9 {
                    escape(third == 0xA8 ? 0x2028 : 0x2029)
                } else {
                    bytes.append(byte)
                    bytes.append(second)
                    bytes.append(third)
                }
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX`, lower-case hex digits as `JSONEncoder` writes them.
    private mutating func escape(_ unit: UInt16) {
        bytes.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }
}
