/// Escapes text for HTML content and quoted attribute values, exactly as Mustache's `{{…}}` does.
///
/// Both directions work on UTF-8 bytes, never on `Character`s: `"` followed by a combining mark (or after a
/// prepended mark) is one grapheme cluster, and a cluster-wise comparison would let the quote through.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = entity(for: byte) {
                bytes.append(contentsOf: entity.utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` has one of the five escaped bytes (most texts have none: they are returned as they are).
    static func needsEscaping(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isEscaped) } ?? text.utf8.contains(where: isEscaped)
    }

    /// `"` (34), `&` (38), `'` (39), `<` (60) or `>` (62): one bit each of a mask of the bytes below 64.
    @inline(__always) private static func isEscaped(_ byte: UInt8) -> Bool {
        byte < 64 && (0x5000_00C4_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0
    }

    /// The entity that stands for one of the five escaped ASCII bytes, or nil for any other byte.
    @inline(__always)
    static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return nil
        }
    }

    /// The spellings `unescape` reads back, each with the byte it stands for.
    private static let entities: [(spelling: [UInt8], byte: UInt8)] = [
        ("&#39;", "'"), ("&#x27;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
    ].map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

    /// Undoes `escape` (and the other common spellings of the same five characters), in one pass over the bytes.
    public static func unescape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let input = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var index = 0
        scan: while index < input.count {
            if input[index] == UInt8(ascii: "&") {
                for entity in entities where input[index...].starts(with: entity.spelling) {
                    bytes.append(entity.byte)
                    index += entity.spelling.count
                    continue scan
                }
            }
            bytes.append(input[index])
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
