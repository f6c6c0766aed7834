import Foundation

extension Markdown {
    /// The summaries of texts that are not plain (``summary(of:)``), by text: a listing of a thousand forms renders
    /// each distinct description once per process. Cleared when it grows past ``summaryMemoLimit`` entries.
    private static let summaryMemo = SummaryMemo()
    static let summaryMemoLimit = 4096

    /// The first paragraph of `markdown` as plain text, as ``render(_:options:)`` gives it in `summary`. A plain
    /// one-line text (a letter first, then only letters, digits, spaces and `.,;?!'"()-`) has no markup cmark would
    /// read, so it is its own summary; any other text is rendered, once per distinct text.
    public static func summary(of markdown: String) -> String? {
        if isPlainLine(markdown) {
            // A plain line starts with a letter and has no white space but spaces: only trailing spaces go.
            let utf8 = markdown.utf8
            guard utf8.last == UInt8(ascii: " ") else { return markdown }
            return String(markdown[..<(utf8.lastIndex { $0 != UInt8(ascii: " ") }.map { utf8.index(after: $0) } ?? utf8.startIndex)])
        }
        return summaryMemo.value(for: markdown) { render(markdown).summary }
    }

    /// Whether cmark reads `text` as one paragraph of a single text node: ASCII, a letter first, no line break,
    /// no character that starts markup, an entity, an escape, an autolink (`:`, `/`, `@`, `www.` stay out) or a table.
    static func isPlainLine(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        var previous = first
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "!"),
                 UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "-"):
                break
            case UInt8(ascii: "."):
                // `www.` starts an autolink.
                if previous == UInt8(ascii: "w") || previous == UInt8(ascii: "W") { return false }
            default:
                return false
            }
            previous = byte
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}

/// Summaries by text, shared by the threads that render pages.
private final class SummaryMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var summaries: [String: String?] = [:]

    /// The summary kept for `text`, or `make()`'s, then kept.
    func value(for text: String, make: () -> String?) -> String? {
        lock.lock()
        if let kept = summaries[text] {
            lock.unlock()
            return kept
        }
        lock.unlock()
        let made = make()
        lock.lock()
        if summaries.count >= Markdown.summaryMemoLimit { summaries.removeAll(keepingCapacity: true) }
        summaries[text] = made
        lock.unlock()
        return made
    }
}
