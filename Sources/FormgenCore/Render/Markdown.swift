import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through the cmark-gfm C library: tables, strikethrough, autolinks,
/// task lists and the tag filter; raw HTML is never passed through, and a link or image whose address
/// `ConfigURL` refuses (`javascript:`, `data:`, `vbscript:`, whitespace …) is written as plain text.
public enum Markdown {
    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
    /// cmark-gfm registers its extensions in a global list without a lock; a Swift static is initialised
    /// exactly once, even when pages are rendered on several threads.
    private static let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()
    /// cmark-gfm's inline parsing adds the extensions' special characters (`~` for strikethrough) to a
    /// process-wide table and removes them when done, so two documents finishing at once could lose each
    /// other's `~~` (a build's output then depended on thread timing): one finish at a time.
    private static let inlineParsing = NSLock()
    private static let options = CMARK_OPT_DEFAULT | CMARK_OPT_GITHUB_PRE_LANG | CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE

    /// A heading of a document, with the `id` its anchor gets.
    public struct Heading: Sendable, Hashable {
        public var level: Int
        public var text: String
        public var id: String
    }

    /// A link or image address as written, with its position in the source.
    public struct Link: Sendable, Hashable {
        public var url: String
        public var line: Int
        public var column: Int
        public var isImage: Bool

        /// Why `ConfigURL` refuses the address, or nil (an empty address is harmless and allowed).
        public var refusal: ConfigURL.Refusal? {
            if url.isEmpty { return nil }
            if case .failure(let refusal) = ConfigURL.check(url, for: isImage ? .image : .link) { return refusal }
            return nil
        }
    }

    /// What rendering can do besides turning Markdown into HTML.
    public struct Options {
        /// Give every heading an `id` (GitHub's slugs), unique within the page.
        public var headingAnchors = false
        /// Ids the page already uses, which headings must not take.
        public var reservedIDs: Set<String> = []
        /// Turn bare addresses (`www.example.com`, `name@example.com`) into links. Generated
        /// documents turn it off, so that text from configs never becomes a link.
        public var autolinks = true
        /// Rewrites each link and image address before it is rendered (unsafe ones are still dropped after).
        public var rewriteURL: ((Link) -> String)?

        public init(headingAnchors: Bool = false, reservedIDs: Set<String> = [], autolinks: Bool = true,
                    rewriteURL: ((Link) -> String)? = nil) {
            self.headingAnchors = headingAnchors
            self.reservedIDs = reservedIDs
            self.autolinks = autolinks
            self.rewriteURL = rewriteURL
        }
    }

    /// A rendered document and what was found in it.
    public struct Rendered: Sendable, Hashable {
        public var html: String
        public var headings: [Heading]
        /// Links and images in document order, addresses as written.
        public var links: [Link]
        /// The plain text of the first paragraph, for listings.
        public var summary: String?
        /// The first table too large to render as one (its rows and columns would multiply into more than
        /// ``Markdown/maximumTableCells`` cells); the document's tables are then rendered as plain text.
        public var oversizedTable: TableSize?

        /// The text of the first level-1 heading.
        public var title: String? { headings.first { $0.level == 1 }?.text }
    }

    /// Renders a Markdown document to HTML.
    public static func html(_ markdown: String) -> String {
        render(markdown).html
    }

    /// Renders Markdown meant to sit inside another element (a hint, a label):
    /// a single paragraph loses its `<p>` wrapper.
    public static func inlineHTML(_ markdown: String) -> String {
        let rendered = Markdown.html(markdown)
        var html = ASCIIWords.trimmed(rendered)
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), isOneParagraph(html) {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }

    /// Whether `html`, which starts with `<p>`, has no other `<p>` (Foundation's `components(separatedBy:)` finds two
    /// parts): found by bytes, except where a `<p>` is followed by a non-ASCII character, which may join its `>`.
    private static func isOneParagraph(_ html: String) -> Bool {
        var html = html
        let found: Bool? = html.withUTF8 { bytes in
            var index = 3
            while index + 3 <= bytes.count {
                if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "p"), bytes[index + 2] == UInt8(ascii: ">") {
                    return index + 3 < bytes.count && bytes[index + 3] >= 0x80 ? nil : true
                }
                index += 1
            }
            return false
        }
        guard let found else { return html.components(separatedBy: "<p>").count == 2 }
        return !found
    }

    /// Where a table starts (its line in the document) and how many columns and rows it has.
    public struct TableSize: Sendable, Hashable {
        public var line: Int
        public var columns: Int
        public var rows: Int
    }

    /// The most cells (columns × rows, the header included) a table may have: cmark-gfm fills every row up to the
    /// header's columns, so a few kilobytes of `|-|-|…` could otherwise become a gigabyte and a page of megabytes.
    public static let maximumTableCells = 50_000

    /// Whether `markdown` may hold a link, an image or a table: false when it has none of the characters they need
    /// (`[` for links, images and footnotes, `<` for autolinks and HTML, `:` for addresses with a scheme, `@` for
    /// e-mail addresses, `|` for tables) nor `www.` (in any case), so checking it need not parse it.
    public static func mayHoldLinksOrTables(_ markdown: String) -> Bool {
        var previous: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in markdown.utf8 {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "|"): return true
            case UInt8(ascii: ".") where previous == (0x77, 0x77, 0x77): return true
            default: previous = (previous.1, previous.2, byte | 0x20)
            }
        }
        return false
    }

    /// The first table of `markdown` with more than ``maximumTableCells`` cells, found from its delimiter row
    /// (`|---|:--:|`) before cmark-gfm parses anything.
    public static func oversizedTable(in markdown: String) -> TableSize? {
        let lines = lines(of: markdown)
        func isBlank(_ line: Substring.UTF8View.SubSequence) -> Bool {
            line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        var index = 1
        while index < lines.count {
            let line = lines[index]
            guard line.contains(UInt8(ascii: "-")), line.contains(UInt8(ascii: "|")),
                  line.allSatisfy({ [UInt8(ascii: "|"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains($0) }),
                  !isBlank(lines[index - 1]) else {
                index += 1
                continue
            }
            let columns = line.split(separator: UInt8(ascii: "|")).filter { !isBlank($0) }.count
            var rows = 1
            while index + rows < lines.count, !isBlank(lines[index + rows]) { rows += 1 }
            if columns * rows > maximumTableCells { return TableSize(line: index, columns: columns, rows: rows) }
            index += rows
        }
        return nil
    }

    /// A text's lines as CommonMark reads them: ended by LF, CR+LF or a lone CR.
    static func lines(of text: String) -> [Substring.UTF8View.SubSequence] {
        let bytes = text.utf8
        var lines: [Substring.UTF8View.SubSequence] = []
        var start = bytes.startIndex, index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(Substring(text).utf8[start..<index])
                let next = bytes.index(after: index)
                index = byte == UInt8(ascii: "\r") && next < bytes.endIndex && bytes[next] == UInt8(ascii: "\n") ? bytes.index(after: next) : next
                start = index
            } else {
                index = bytes.index(after: index)
            }
        }
        lines.append(Substring(text).utf8[start..<bytes.endIndex])
        return lines
    }

    /// The error for a table with too many cells.
    static func oversizedTableMessage(_ table: TableSize) -> String {
        "this table has \(table.columns) columns and \(table.rows) rows (\(table.columns * table.rows) cells); a table may have at most \(maximumTableCells) cells, so it is shown as plain text"
    }

    /// Renders a document through its syntax tree: links rewritten, headings given anchors.
    public static func render(_ markdown: String, options renderOptions: Options = Options()) -> Rendered {
        _ = extensionsRegistered
        guard let parser = cmark_parser_new(options) else { return Rendered(html: "", headings: [], links: [], summary: nil) }
        defer { cmark_parser_free(parser) }
        let oversized = oversizedTable(in: markdown)
        for name in extensionNames where (renderOptions.autolinks || name != "autolink") && (oversized == nil || name != "table") {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        markdown.withCString { pointer in
            cmark_parser_feed(parser, pointer, strlen(pointer))
        }
        guard let document = inlineParsing.withLock({ cmark_parser_finish(parser) }) else {
            return Rendered(html: "", headings: [], links: [], summary: nil)
        }
        defer { cmark_node_free(document) }

        var headings: [Heading] = []
        var links: [Link] = []
        var summary: String?
        var ids = UniqueIDs(reserved: renderOptions.reservedIDs)
        var tableLabels: [String] = []
        var tableColumns: [Int] = []
        var refused: [(node: OpaquePointer, isImage: Bool)] = []
        var blockLine = 1, blockColumn = 1
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type.rawValue & UInt32(CMARK_NODE_TYPE_INLINE) != UInt32(CMARK_NODE_TYPE_INLINE) {
                blockLine = Int(cmark_node_get_start_line(node))
                blockColumn = Int(cmark_node_get_start_column(node))
            }
            if let name = cmark_node_get_type_string(node), String(cString: name) == "table" {
                tableLabels.append(headings.last?.text ?? "Table")
                tableColumns.append(cmark_node_first_child(node).map(childCount) ?? 0)
            }
            switch type {
            case CMARK_NODE_HEADING:
                let text = plainText(of: node)
                let id = ids.make(slug(text))
                headings.append(Heading(level: Int(cmark_node_get_heading_level(node)), text: text, id: id))
            case CMARK_NODE_PARAGRAPH where summary == nil:
                let text = plainText(of: node)
                if !text.isEmpty { summary = text }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let line = Int(cmark_node_get_start_line(node))
                let column = Int(cmark_node_get_start_column(node))
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                let link = Link(url: url, line: line > 0 ? line : blockLine, column: line > 0 ? column : blockColumn,
                                isImage: type == CMARK_NODE_IMAGE)
                links.append(link)
                if link.refusal != nil {
                    refused.append((node, link.isImage))
                } else if let rewrite = renderOptions.rewriteURL {
                    let rewritten = rewrite(link)
                    if rewritten != url { cmark_node_set_url(node, rewritten) }
                }
            default:
                break
            }
        }
        for (node, isImage) in refused.sorted(by: { $0.isImage && !$1.isImage }) { unlink(node, isImage: isImage) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return Rendered(html: "", headings: headings, links: links, summary: summary, oversizedTable: oversized)
        }
        defer { free(rendered) }
        var html = scrollableTables(accessibleTaskItems(String(cString: rendered)), labels: tableLabels, columns: tableColumns)
        if renderOptions.headingAnchors { html = addHeadingIDs(html, headings) }
        return Rendered(html: html, headings: headings, links: links, summary: summary, oversizedTable: oversized)
    }

    /// Replaces a refused link by its content, a refused image by its alt text (images first, so that
    /// an image inside a refused link is text before the link goes).
    private static func unlink(_ node: OpaquePointer, isImage: Bool) {
        if isImage {
            guard let text = cmark_node_new(CMARK_NODE_TEXT) else { return }
            cmark_node_set_literal(text, plainText(of: node))
            cmark_node_insert_before(node, text)
        } else {
            while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Task-list boxes become labelled symbols: a disabled checkbox without a label is a form control
    /// screen readers announce without context. Their items (`fg-task-item`) have no bullet: the symbol is the mark.
    private static func accessibleTaskItems(_ html: String) -> String {
        guard ByteReplacement.contains("<input type=\"checkbox\"", in: html) else { return html }
        return html
            .replacingOccurrences(of: "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" />",
                                  with: "<li class=\"fg-task-item\"><span class=\"fg-task fg-task-done\" role=\"img\" aria-label=\"Done:\">☑</span>")
            .replacingOccurrences(of: "<li><input type=\"checkbox\" disabled=\"\" />",
                                  with: "<li class=\"fg-task-item\"><span class=\"fg-task\" role=\"img\" aria-label=\"To do:\">☐</span>")
    }

    /// Each table in a focusable region named by the heading above it, so that a wide table can scroll
    /// sideways (with the theme's `.fg-table` style) instead of widening the page, by keyboard too.
    private static func scrollableTables(_ html: String, labels: [String], columns: [Int]) -> String {
        guard !labels.isEmpty else { return html }
        var next = 0
        let opened = ByteReplacement.replace("<table>", in: html) { _ in
            defer { next += 1 }
            guard next < labels.count else { return "<table>" }
            let wide = next < columns.count && columns[next] >= tableWideColumns ? " fg-table-wide" : ""
            return "<div class=\"fg-table\(wide)\" role=\"region\" tabindex=\"0\" aria-label=\"\(HTMLEscaping.escape(labels[next]))\"><table>"
        }
        var closed = 0
        return ByteReplacement.replace("</table>", in: opened) { _ in
            defer { closed += 1 }
            return closed < min(next, labels.count) ? "</table></div>" : "</table>"
        }
    }

    /// Tables of this many columns or more may be wider than the text column (`fg-table-wide`): comparisons and
    /// field lists, whose cells would otherwise wrap word by word.
    static let tableWideColumns = 4

    /// How many children a node has (a table row's cells).
    private static func childCount(_ node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        return count
    }

    /// The text of a node's inline content, without markup.
    private static func plainText(of root: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return ASCIIWords.trimmed(text)
    }

    /// GitHub's heading slug: lower case, punctuation dropped, spaces as hyphens.
    public static func slug(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
                case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
                default: break
                }
            }
            return bytes.isEmpty ? "section" : String(decoding: bytes, as: UTF8.self)
        }
        var output = ""
        for scalar in text.lowercased().unicodeScalars {
            let category = scalar.properties.generalCategory
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_"
                || category == .nonspacingMark || category == .spacingMark || category == .enclosingMark {
                output.unicodeScalars.append(scalar)
            } else if scalar == " " {
                output.unicodeScalars.append("-")
            }
        }
        return output.isEmpty ? "section" : output
    }

    /// With raw HTML off, every `<hN>` in cmark's output is a heading, in document order.
    private static func addHeadingIDs(_ html: String, _ headings: [Heading]) -> String {
        guard !headings.isEmpty else { return html }
        var next = 0
        let bytes = Array(html.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count + headings.count * 24)
        var index = 0
        while index < bytes.count {
            if next < headings.count, index + 3 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "h"),
               bytes[index + 2] == UInt8(ascii: "0") + UInt8(headings[next].level), bytes[index + 3] == UInt8(ascii: ">") {
                output.append(contentsOf: "<h\(headings[next].level) id=\"\(headings[next].id)\">".utf8)
                next += 1
                index += 4
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Writing Markdown

    /// `text` as Markdown that renders exactly as the text: every ASCII punctuation character
    /// backslash-escaped and line breaks folded, so a config string cannot add markup, links or HTML.
    public static func escape(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x20 }) { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                if output.last != " " { output.append(" ") }
            } else if scalar.isASCII, scalar.properties.isPatternSyntax || scalar == "_" {
                output.append("\\")
                output.unicodeScalars.append(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `text` as a code span, fenced with more backticks than it contains.
    /// Inside a table cell `|` must be escaped even in code, so `inTable` does that.
    public static func code(_ text: String, inTable: Bool = false) -> String {
        var body = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        if inTable {
            var escaped = String.UnicodeScalarView()
            for scalar in body.unicodeScalars {
                if scalar == "|" { escaped.append("\\") }
                escaped.append(scalar)
            }
            body = String(escaped)
        }
        var longest = 0, run = 0
        for byte in body.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let first = body.utf8.first, last = body.utf8.last
        let padded = first == UInt8(ascii: "`") || last == UInt8(ascii: "`") || first == UInt8(ascii: " ") || body.isEmpty ? " \(body) " : body
        return fence + padded + fence
    }
}
