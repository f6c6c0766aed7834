/// Byte-level stand-ins for `split(separator:)` and `trimmingCharacters(in: .whitespacesAndNewlines)` on ASCII text,
/// where a character is a byte and the answers are the same (callers check that the text is ASCII, or fall back).
enum ASCIIWords {
    /// Calls `body` with each non-empty run of `text` between separators, in order (as `split(separator:)` gives them).
    static func forEach(in text: String, separator: UInt8, _ body: (Substring) -> Void) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == separator {
                if start != index { body(text[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != index { body(text[start..<index]) }
    }

    /// How many non-empty runs of `text` lie between separators (`split(separator:).count`).
    static func count(in text: String, separator: UInt8) -> Int {
        var count = 0, inWord = false
        for byte in text.utf8 {
            if byte == separator {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
        }
        return count
    }

    /// `text` without ASCII white space (tab to carriage return, space) at its ends, when what is left starts and ends
    /// with a visible ASCII character (then Foundation's trimming of white space and newlines stops at the same places);
    /// nil otherwise, and for text that is all white space.
    static func trimmedASCII(_ text: String) -> String? {
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return nil }
        guard (0x21..<0x7F).contains(utf8[first]), (0x21..<0x7F).contains(utf8[last]) else { return nil }
        if first == utf8.startIndex && utf8.index(after: last) == utf8.endIndex { return text }
        return String(text[first...last])
    }

    /// `text` without white space and newlines at its ends: ``trimmedASCII(_:)`` where it answers, Foundation's
    /// trimming otherwise (any text).
    static func trimmed(_ text: String) -> String {
        trimmedASCII(text) ?? text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
