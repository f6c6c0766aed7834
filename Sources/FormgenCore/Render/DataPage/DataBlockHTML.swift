import FormgenRuntime

/// A data page's block as HTML: a table (caption, `th scope=col`, numbers right-aligned, in a focusable region that
/// scrolls sideways), a list of entries (each a list of label and value) or details (a summary list), under a
/// heading per group. `data.js` builds the same markup from a fetched answer; values are always text, escaped.
struct DataBlockHTML {
    let formatter: DataValueFormatter
    /// `empty:` when the block has none.
    let defaultEmpty: String

    /// The block's content (what goes inside `#fg-data-N-body`) for its data.
    func body(_ block: DataBlock, index: Int, data: JSONValue) -> String {
        if block.kind == .details {
            guard let entry = DataArrangement.value(in: data, path: block.items), case .object = entry else { return empty(block) }
            return "<dl class=\"fg-summary-list\">" + block.columns.map { column in
                "<div class=\"fg-summary-row\"><dt class=\"fg-summary-key\">\(escape(column.label))</dt><dd class=\"fg-summary-value\">\(cell(column, entry))</dd></div>"
            }.joined() + "</dl>"
        }
        let groups = DataArrangement.groups(block, body: data, formatter: formatter)
        guard !groups.isEmpty else { return empty(block) }
        return groups.enumerated().map { number, group in
            let id = "fg-data-\(index)-\(number)"
            if block.kind == .table { return table(block, caption: group.label ?? block.title ?? "", id: id, entries: group.entries) }
            let heading = group.label.map { "<h3 class=\"fg-data-group\">\(escape($0))</h3>" } ?? ""
            return heading + "<ul class=\"fg-data-list\">" + group.entries.map { entry in
                "<li><dl class=\"fg-data-pairs\">" + block.columns.map { column in
                    "<div><dt>\(escape(column.label))</dt><dd>\(cell(column, entry))</dd></div>"
                }.joined() + "</dl></li>"
            }.joined() + "</ul>"
        }.joined()
    }

    private func table(_ block: DataBlock, caption: String, id: String, entries: [JSONValue]) -> String {
        let head = block.columns.map { column in "<th scope=\"col\"\(column.isNumeric ? " class=\"fg-num\"" : "")>\(escape(column.label))</th>" }.joined()
        let rows = entries.map { entry in
            "<tr>" + block.columns.map { column in "<td\(column.isNumeric ? " class=\"fg-num\"" : "")>\(cell(column, entry))</td>" }.joined() + "</tr>"
        }.joined()
        return "<div class=\"fg-table\" role=\"region\" tabindex=\"0\" aria-labelledby=\"\(id)\"><table class=\"fg-data-table\">"
            + "<caption class=\"fg-caption\" id=\"\(id)\">\(escape(caption))</caption><thead><tr>\(head)</tr></thead><tbody>\(rows)</tbody></table></div>"
    }

    /// A value as text; a change with its arrow (hidden from screen readers) and its word (for them only).
    private func cell(_ column: DataColumn, _ entry: JSONValue) -> String {
        let value = formatter.format(DataValueFormatter.member(column.key, of: entry), column: column, entry: entry)
        guard let change = value.change else { return escape(value.text) }
        return "<span class=\"fg-change fg-change-\(change)\"><span aria-hidden=\"true\">\(DataValueFormatter.arrow(for: change)) </span>"
            + "<span class=\"fg-vh\">\(escape(formatter.word(for: change))) </span>\(escape(value.text))</span>"
    }

    private func empty(_ block: DataBlock) -> String {
        "<p class=\"fg-data-empty\">\(escape(block.empty ?? defaultEmpty))</p>"
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
