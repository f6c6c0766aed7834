import Foundation

/// The document straight to HTML, as cmark-gfm renders its Markdown: text escaped as cmark escapes it, blocks and
/// table rows on lines of their own, each block's text trimmed at its ends and around line breaks, code spans
/// stripped of their padding, link addresses escaped as cmark escapes them; then what `Markdown.render` adds for a
/// reference page: heading ids (GitHub's slugs, unique, none of `reservedIDs`) and each table in a scrollable
/// region named by the heading above it.
extension ReferenceDocument {
    /// The page's HTML and its level-1 heading's text.
    func html(reservedIDs: Set<String>) -> (html: String, title: String?) {
        var html = ""
        html.reserveCapacity(16_384)
        var usedIDs = reservedIDs
        var lastHeading: String?
        var title: String?
        for block in blocks {
            switch block {
            case let .heading(level, inline):
                let tokens = Self.trimmed(Self.tokens(inline.parts))
                let text = Self.plainText(tokens)
                let id = Markdown.uniqueID(Markdown.slug(text), used: &usedIDs)
                if level == 1 && title == nil { title = text }
                lastHeading = text
                html += "<h\(level) id=\"\(id)\">"
                Self.write(tokens, into: &html)
                html += "</h\(level)>\n"
            case .paragraph(let inline):
                html += "<p>"
                Self.write(Self.trimmed(Self.tokens(inline.parts)), into: &html)
                html += "</p>\n"
            case .table(let table):
                html += "<div class=\"fg-table\" role=\"region\" tabindex=\"0\" aria-label=\"\(HTMLEscaping.escape(lastHeading ?? "Table"))\"><table>\n<thead>\n<tr>\n"
                Self.writeRow(table.header, cell: "th", centred: table.centred, into: &html)
                html += "</tr>\n</thead>\n"
                if !table.rows.isEmpty {
                    html += "<tbody>\n"
                    for row in table.rows {
                        html += "<tr>\n"
                        Self.writeRow(row, cell: "td", centred: table.centred, into: &html)
                        html += "</tr>\n"
                    }
                    html += "</tbody>\n"
                }
                html += "</table></div>\n"
            case .numberedList(let items):
                html += "<ol>\n"
                for entry in items {
                    html += "<li>"
                    Self.write(Self.trimmed(Self.tokens(entry.item.parts)), into: &html)
                    if !entry.bullets.isEmpty {
                        html += "\n"
                        Self.writeBullets(entry.bullets, into: &html)
                    }
                    html += "</li>\n"
                }
                html += "</ol>\n"
            case .bulletList(let items):
                Self.writeBullets(items, into: &html)
            }
        }
        return (html, title)
    }

    private static func writeRow(_ cells: [ReferenceInline], cell: String, centred: Set<Int>, into html: inout String) {
        let open = "<" + cell + ">", openCentred = "<" + cell + " align=\"center\">", close = "</" + cell + ">\n"
        for (column, inline) in cells.enumerated() {
            html += centred.isEmpty || !centred.contains(column) ? open : openCentred
            write(trimmed(tokens(inline.parts)), into: &html)
            html += close
        }
    }

    private static func writeBullets(_ items: [ReferenceInline], into html: inout String) {
        html += "<ul>\n"
        for item in items {
            html += "<li>"
            write(trimmed(tokens(item.parts)), into: &html)
            html += "</li>\n"
        }
        html += "</ul>\n"
    }

    // MARK: Inline content

    /// Inline content flattened: text as shown (unescaped), code as shown, markup.
    private enum Token {
        case text(String)
        case code(String)
        case markup(String)
        case lineBreak
    }

    private static func tokens(_ parts: [ReferenceInline.Part]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(parts.count)
        append(parts, to: &tokens)
        return tokens
    }

    private static func append(_ parts: [ReferenceInline.Part], to tokens: inout [Token]) {
        for part in parts {
            switch part {
            case .words(let words): tokens.append(.text(words))
            case .text(let text): tokens.append(.text(folded(text)))
            case .code(let code): tokens.append(.code(codeContent(code)))
            case .emphasis(let inner):
                tokens.append(.markup("<em>"))
                append(inner, to: &tokens)
                tokens.append(.markup("</em>"))
            case .strong(let inner):
                tokens.append(.markup("<strong>"))
                append(inner, to: &tokens)
                tokens.append(.markup("</strong>"))
            case let .link(href, inner):
                tokens.append(.markup("<a href=\"\(escapedHref(href))\">"))
                append(inner, to: &tokens)
                tokens.append(.markup("</a>"))
            case .lineBreak:
                tokens.append(.lineBreak)
            }
        }
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
        let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") || body.hasSuffix(" ") || body.isEmpty
        return padded && body.utf8.allSatisfy({ $0 == 0x20 }) ? " \(body) " : body
    }

    /// Spaces removed where cmark removes them: at the ends of a block and on both sides of a line break.
    private static func trimmed(_ tokens: [Token]) -> [Token] {
        var tokens = tokens
        /// Removes the spaces at one end of a text token; whether nothing is left of it (so trimming goes on).
        func trim(_ index: Int, leading: Bool) -> Bool {
            guard case .text(let text) = tokens[index] else { return false }
            let utf8 = text.utf8
            guard (leading ? utf8.first : utf8.last) == 0x20 else { return text.isEmpty }
            var start = utf8.startIndex, end = utf8.endIndex
            if leading {
                while start < end, utf8[start] == 0x20 { start = utf8.index(after: start) }
            } else {
                while start < end, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
            }
            tokens[index] = .text(String(text[start..<end]))
            return start == end
        }
        var index = 0
        while index < tokens.count, trim(index, leading: true) { index += 1 }
        index = tokens.count - 1
        while index >= 0, trim(index, leading: false) { index -= 1 }
        for position in tokens.indices {
            guard case .lineBreak = tokens[position] else { continue }
            var before = position - 1
            while before >= 0, trim(before, leading: false) { before -= 1 }
            var after = position + 1
            while after < tokens.count, trim(after, leading: true) { after += 1 }
        }
        return tokens
    }

    /// A heading's text as `Markdown.render` names it: text and code, line breaks as spaces, ends trimmed.
    private static func plainText(_ tokens: [Token]) -> String {
        var text = ""
        for token in tokens {
            switch token {
            case .text(let words), .code(let words): text += words
            case .lineBreak: text += " "
            case .markup: break
            }
        }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.value > 0x20, first.value < 0x7F, last.value > 0x20, last.value < 0x7F else {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text
    }

    private static func write(_ tokens: [Token], into html: inout String) {
        for token in tokens {
            switch token {
            case .text(let text): escape(text, into: &html)
            case .code(let code):
                html += "<code>"
                escape(code, into: &html)
                html += "</code>"
            case .markup(let markup): html += markup
            case .lineBreak: html += "<br />\n"
            }
        }
    }

    /// Escaped as cmark escapes text: `&`, `<`, `>` and `"`.
    private static func escape(_ text: String, into html: inout String) {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
            html += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\"": html += "&quot;"
            default: html.unicodeScalars.append(scalar)
            }
        }
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
