import Foundation

/// The document straight to HTML, as cmark-gfm renders its Markdown: text escaped as cmark escapes it, blocks and
/// table rows on lines of their own, each block's text trimmed at its ends and around line breaks, code spans
/// stripped of their padding, link addresses escaped as cmark escapes them; then what `Markdown.render` adds for a
/// reference page: heading ids (GitHub's slugs, unique, none of `reservedIDs`) and each table in a scrollable
/// region named by the heading above it (`fg-table-wide` from `Markdown.tableWideColumns` columns).
extension ReferenceDocument {
    /// The page's HTML and its level-1 heading's text.
    func html(reservedIDs: Set<String>) -> (html: String, title: String?) {
        var html = HTMLBytes()
        html.bytes.reserveCapacity(16_384)
        var ids = UniqueIDs(reserved: reservedIDs)
        var lastHeading: String?
        var title: String?
        for block in blocks {
            switch block {
            case let .heading(level, inline):
                let text = Self.plainText(inline.parts)
                let id = ids.make(Markdown.slug(text))
                if level == 1 && title == nil { title = text }
                lastHeading = text
                html.append("<h\(level) id=\"\(id)\">")
                Self.writeBlockContent(inline.parts, into: &html)
                html.append("</h\(level)>\n")
            case .paragraph(let inline):
                html.append("<p>")
                Self.writeBlockContent(inline.parts, into: &html)
                html.append("</p>\n")
            case .table(let table):
                html.append(table.header.count >= Markdown.tableWideColumns ? "<div class=\"fg-table fg-table-wide\" role=\"region\" tabindex=\"0\" aria-label=\""
                                                                            : "<div class=\"fg-table\" role=\"region\" tabindex=\"0\" aria-label=\"")
                html.append(HTMLEscaping.escape(lastHeading ?? "Table"))
                html.append("\"><table>\n<thead>\n<tr>\n")
                Self.writeRow(table.header, cell: "th", centred: table.centred, into: &html)
                html.append("</tr>\n</thead>\n")
                if !table.rows.isEmpty {
                    html.append("<tbody>\n")
                    for row in table.rows {
                        html.append("<tr>\n")
                        Self.writeRow(row, cell: "td", centred: table.centred, into: &html)
                        html.append("</tr>\n")
                    }
                    html.append("</tbody>\n")
                }
                html.append("</table></div>\n")
            case .numberedList(let items):
                html.append("<ol>\n")
                for entry in items {
                    html.append("<li>")
                    Self.writeBlockContent(entry.item.parts, into: &html)
                    if !entry.bullets.isEmpty {
                        html.append("\n")
                        Self.writeBullets(entry.bullets, into: &html)
                    }
                    html.append("</li>\n")
                }
                html.append("</ol>\n")
            case .bulletList(let items):
                Self.writeBullets(items, into: &html)
            }
        }
        return (String(decoding: html.bytes, as: UTF8.self), title)
    }

    /// The page's HTML as it is written: bytes, appended to without a string's bookkeeping.
    private struct HTMLBytes {
        var bytes: [UInt8] = []

        mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        /// Text escaped as cmark escapes it: `&`, `<`, `>` and `"`; the runs between them appended whole.
        mutating func appendEscaped(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                var start = 0
                for index in utf8.indices {
                    let entity: StaticString
                    switch utf8[index] {
                    case UInt8(ascii: "&"): entity = "&amp;"
                    case UInt8(ascii: "<"): entity = "&lt;"
                    case UInt8(ascii: ">"): entity = "&gt;"
                    case UInt8(ascii: "\""): entity = "&quot;"
                    default: continue
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
                    start = index + 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            }
        }

        mutating func removeTrailingSpaces() {
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        }
    }

    private static func writeRow(_ cells: [ReferenceInline], cell: String, centred: Set<Int>, into html: inout HTMLBytes) {
        for (column, inline) in cells.enumerated() {
            html.append("<")
            html.append(cell)
            html.append(centred.isEmpty || !centred.contains(column) ? ">" : " align=\"center\">")
            writeBlockContent(inline.parts, into: &html)
            html.append("</")
            html.append(cell)
            html.append(">\n")
        }
    }

    private static func writeBullets(_ items: [ReferenceInline], into html: inout HTMLBytes) {
        html.append("<ul>\n")
        for item in items {
            html.append("<li>")
            writeBlockContent(item.parts, into: &html)
            html.append("</li>\n")
        }
        html.append("</ul>\n")
    }

    // MARK: Inline content

    /// A block's inline content, with spaces removed where cmark removes them: at the block's ends and on both sides
    /// of a line break. Only text writes spaces at the end of the HTML (markup and code end with `>`), so trailing
    /// spaces are taken off what was written; leading ones are skipped until something else is written.
    private static func writeBlockContent(_ parts: [ReferenceInline.Part], into html: inout HTMLBytes) {
        var atLineStart = true
        writeInline(parts, into: &html, atLineStart: &atLineStart)
        html.removeTrailingSpaces()
    }

    private static func writeInline(_ parts: [ReferenceInline.Part], into html: inout HTMLBytes, atLineStart: inout Bool) {
        for part in parts {
            switch part {
            case .words(let words): writeText(words, into: &html, atLineStart: &atLineStart)
            case .text(let text): writeText(folded(text), into: &html, atLineStart: &atLineStart)
            case .code(let code):
                atLineStart = false
                html.append("<code>")
                html.appendEscaped(codeContent(code))
                html.append("</code>")
            case .emphasis(let inner):
                atLineStart = false
                html.append("<em>")
                writeInline(inner, into: &html, atLineStart: &atLineStart)
                html.append("</em>")
            case .strong(let inner):
                atLineStart = false
                html.append("<strong>")
                writeInline(inner, into: &html, atLineStart: &atLineStart)
                html.append("</strong>")
            case let .link(href, inner):
                atLineStart = false
                html.append("<a href=\"")
                html.append(escapedHref(href))
                html.append("\">")
                writeInline(inner, into: &html, atLineStart: &atLineStart)
                html.append("</a>")
            case .lineBreak:
                html.removeTrailingSpaces()
                html.append("<br />\n")
                atLineStart = true
            }
        }
    }

    private static func writeText(_ text: String, into html: inout HTMLBytes, atLineStart: inout Bool) {
        guard atLineStart else { return html.appendEscaped(text) }
        guard text.utf8.first == 0x20 else {
            if !text.isEmpty { atLineStart = false }
            return html.appendEscaped(text)
        }
        let kept = text.unicodeScalars.drop { $0 == " " }
        guard !kept.isEmpty else { return }
        atLineStart = false
        html.appendEscaped(String(kept))
    }

    /// A config string's text as the escaped Markdown shows it: tabs and line breaks folded to one space.
    private static func folded(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                if output.unicodeScalars.last != " " { output.unicodeScalars.append(" ") }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// What a code span written by `Markdown.code` shows: line breaks as spaces; the padding `Markdown.code` adds is
    /// removed again, except around a span of nothing but spaces, which cmark leaves as it is.
    private static func codeContent(_ code: String) -> String {
        var body = code
        if body.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            body = body.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
        }
        // A span of nothing but spaces (or none) is always one `Markdown.code` pads.
        return body.utf8.allSatisfy({ $0 == 0x20 }) ? " \(body) " : body
    }

    /// A heading's text as `Markdown.render` names it: text and code as shown, line breaks as spaces, ends trimmed.
    private static func plainText(_ parts: [ReferenceInline.Part]) -> String {
        var text = ""
        func add(_ parts: [ReferenceInline.Part]) {
            for part in parts {
                switch part {
                case .words(let words): text += words
                case .text(let config): text += folded(config)
                case .code(let code): text += codeContent(code)
                case .emphasis(let inner), .strong(let inner), .link(_, let inner): add(inner)
                case .lineBreak: text += " "
                }
            }
        }
        add(parts)
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.value > 0x20, first.value < 0x7F, last.value > 0x20, last.value < 0x7F else {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text
    }

    /// A link address escaped as cmark escapes it: bytes outside its safe set as `%XX`, `&` and `'` as entities.
    private static func escapedHref(_ href: String) -> String {
        guard !href.utf8.allSatisfy(hrefSafe) else { return href }
        var output = ""
        for byte in href.utf8 {
            switch byte {
            case 0x26: output += "&amp;"
            case 0x27: output += "&#x27;"
            case _ where hrefSafe(byte): output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                output += "%"
                output.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                output.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0xF)]))
            }
        }
        return output
    }

    /// cmark's `HREF_SAFE`: letters, digits and `-_.+!*(),%#@?=;:/$~`.
    private static func hrefSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "-_.+!*(),%#@?=;:/$~".utf8.contains(byte)
        }
    }
}
