/// A reference page as blocks of inline content, built by `ReferenceWriter` and `FlowReferenceWriter`.
///
/// It is written out as Markdown (to read, and what tests quote) or straight to the page's HTML, without parsing:
/// the HTML is byte for byte what cmark-gfm makes of the Markdown with heading anchors and scrollable tables
/// (`ReferenceDocumentTests` holds the two together), at a fraction of the cost.
struct ReferenceDocument: Sendable {
    enum Block: Sendable {
        case heading(level: Int, ReferenceInline)
        case paragraph(ReferenceInline)
        case table(Table)
        /// A numbered list; each item may have a list of bullets under it.
        case numberedList([(item: ReferenceInline, bullets: [ReferenceInline])])
        case bulletList([ReferenceInline])
    }

    struct Table: Sendable {
        var header: [ReferenceInline]
        /// The columns whose cells are centred.
        var centred: Set<Int> = []
        var rows: [[ReferenceInline]] = []
    }

    var blocks: [Block] = []

    mutating func heading(_ level: Int, _ inline: ReferenceInline) { blocks.append(.heading(level: level, inline)) }
    mutating func paragraph(_ inline: ReferenceInline) { blocks.append(.paragraph(inline)) }
    mutating func table(_ table: Table) { blocks.append(.table(table)) }

    /// The document as Markdown, every config string escaped.
    func markdown() -> String {
        blocks.map(Self.markdown).joined(separator: "\n\n") + "\n"
    }

    private static func markdown(_ block: Block) -> String {
        switch block {
        case let .heading(level, inline):
            return String(repeating: "#", count: level) + " " + markdown(inline.parts, inTable: false)
        case let .paragraph(inline):
            return markdown(inline.parts, inTable: false)
        case let .table(table):
            func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
            var lines = [row(table.header.map { markdown($0.parts, inTable: true) })]
            lines.append(row(table.header.indices.map { table.centred.contains($0) ? ":---:" : "---" }))
            lines += table.rows.map { row($0.map { markdown($0.parts, inTable: true) }) }
            return lines.joined(separator: "\n")
        case let .numberedList(items):
            return items.enumerated().map { number, entry in
                let marker = "\(number + 1). "
                let indent = String(repeating: " ", count: marker.count)
                return ([marker + markdown(entry.item.parts, inTable: false)]
                    + entry.bullets.map { indent + "- " + markdown($0.parts, inTable: false) }).joined(separator: "\n")
            }.joined(separator: "\n")
        case let .bulletList(items):
            return items.map { "- " + markdown($0.parts, inTable: false) }.joined(separator: "\n")
        }
    }

    static func markdown(_ parts: [ReferenceInline.Part], inTable: Bool) -> String {
        var output = ""
        for part in parts {
            switch part {
            case .words(let words): output += words
            case .text(let text): output += Markdown.escape(text)
            case .code(let code): output += Markdown.code(code, inTable: inTable)
            case .emphasis(let inner): output += "*" + markdown(inner, inTable: inTable) + "*"
            case .strong(let inner): output += "**" + markdown(inner, inTable: inTable) + "**"
            case let .link(href, inner): output += "[" + markdown(inner, inTable: inTable) + "](" + href + ")"
            case .lineBreak: output += "  \n"
            }
        }
        return output
    }
}

extension ReferenceInline {
    /// The content as Markdown, outside a table.
    var markdown: String { ReferenceDocument.markdown(parts, inTable: false) }
}
