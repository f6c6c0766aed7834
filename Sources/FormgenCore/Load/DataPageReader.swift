import FormgenRuntime

/// Reads a page config of `configs/pages/`: `id`, `title`, `description`, `lang`, `dataSources`, `blocks`,
/// `requiresSession` and `logout` (as a form's), checking each block against the page's data sources, the site's data files and its own columns.
struct DataPageReader {
    static let keys: Set<String> = ["id", "title", "description", "lang", "dataSources", "blocks", "requiresSession", "logout"]
    static let blockKeys: Set<String> = ["type", "title", "dataSource", "data", "items", "columns", "fields", "dropIf", "sort", "groupBy", "empty"]
    static let columnKeys: Set<String> = ["key", "label", "format", "currency", "currencyKey", "decimals"]

    /// The names of `configs/data/` files (`rates` for `rates.json`) and the ids of site.yaml's `remote.lists`.
    var dataFiles: Set<String>

    func read(_ root: ConfigNode, path: String, settings: SiteSettings) -> DataPage? {
        guard root.expectMapping("a page config") else { return nil }
        root.warnUnknownKeys(allowed: Self.keys, in: "page config")
        let id = root.string("id") ?? path
        guard let title = root.text("title") else {
            root.error("page config is missing 'title'")
            return nil
        }
        var page = DataPage(id: id, path: slug(id), title: title, language: root.string("lang") ?? settings.language, at: root.location)
        page.description = root.localizedMarkdown("description")
        if let sources = root["dataSources"] { page.dataSources = DataSourceReader().read(sources) }
        page.requiresSession = root["requiresSession"].flatMap { SessionPolicyReader().read($0) }
        page.logout = root["logout"].flatMap { LogoutActionReader().read($0) }
        if let session = page.requiresSession, !session.checksOneOf(page.dataSources.map(\.id)) {
            root["requiresSession"]?["check"]?.error(session.unknownSourceMessage(among: page.dataSources.map(\.id)))
        }
        guard let blocks = root["blocks"] else {
            root.error("page config is missing 'blocks' (the tables, lists and details it shows)")
            return page
        }
        let sources = page.dataSources.map(\.id).sorted()
        page.blocks = blocks.expectSequence("'blocks'")?.compactMap { readBlock($0, sources: sources) } ?? []
        return page
    }

    private func readBlock(_ node: ConfigNode, sources: [String]) -> DataBlock? {
        guard node.expectMapping("a block") else { return nil }
        node.warnUnknownKeys(allowed: Self.blockKeys, in: "block")
        guard let typeText = node.string("type") else {
            node.error("block is missing 'type' (table, list or details)")
            return nil
        }
        guard let kind = DataBlock.Kind(rawValue: typeText) else {
            var message = "unknown block type '\(typeText)' (known: details, list, table)"
            if let suggestion = closestMatch(to: typeText, in: DataBlock.Kind.allCases.map(\.rawValue)) { message += " (did you mean '\(suggestion)'?)" }
            node["type"]?.error(message)
            return nil
        }
        guard let source = readSource(node, sources: sources) else { return nil }
        var block = DataBlock(kind: kind, source: source, at: node.location)
        block.title = node.text("title")
        block.items = node.string("items")
        block.empty = node.text("empty")
        if kind == .table, block.title == nil { node.error("a table needs 'title': it is the table's caption") }
        let columnsKey = kind == .table ? "columns" : "fields"
        let otherKey = kind == .table ? "fields" : "columns"
        if let other = node[otherKey] { other.error("a \(kind.rawValue) takes '\(columnsKey)', not '\(otherKey)'") }
        guard let columnNodes = node[columnsKey]?.expectSequence("'\(columnsKey)'"), !columnNodes.isEmpty else {
            node.error("\(kind.rawValue) is missing '\(columnsKey)' (each with 'key', 'label' and 'format')")
            return nil
        }
        block.columns = columnNodes.compactMap(readColumn)
        let keys = block.columns.map(\.key)
        for name in ["dropIf", "sort", "groupBy"] where kind == .details {
            node[name]?.error("'\(name)' does not apply to details, which show one entry")
        }
        if kind != .details, let drop = node["dropIf"], !drop.isNull { block.dropIf = RemoteSourcesReader.dropRule(drop) }
        if kind != .details, let sort = node["sort"], !sort.isNull, sort.expectMapping("'sort'") {
            sort.warnUnknownKeys(allowed: ["key", "order"], in: "'sort'")
            let order = sort.string("order") ?? "asc"
            if order != "asc", order != "desc" { sort["order"]?.error("'order' must be asc or desc, found '\(order)'") }
            if let key = sort.string("key") {
                let groupKey = node["groupBy"]?.string("key")
                checkColumn(key, named: "sort", keys: keys + (groupKey.map { [$0] } ?? []), columnsKey: columnsKey, at: sort["key"]!)
                block.sort = DataSort(key: key, descending: order == "desc")
            } else {
                sort.error("'sort' is missing 'key'")
            }
        }
        if kind != .details, let group = node["groupBy"], !group.isNull, group.expectMapping("'groupBy'") {
            group.warnUnknownKeys(allowed: ["key", "format"], in: "'groupBy'")
            let format = group.string("format") ?? "text"
            if format != "date", format != "text" { group["format"]?.error("'groupBy.format' must be date or text, found '\(format)'") }
            if let key = group.string("key") {
                block.groupBy = DataGroup(key: key, format: format == "date" ? .date : .text)
            } else {
                group.error("'groupBy' is missing 'key'")
            }
        }
        return block
    }

    /// `dataSource:` (one of the page's) or `data:` (a file of `configs/data/`), exactly one of them.
    private func readSource(_ node: ConfigNode, sources: [String]) -> DataBlock.Source? {
        switch (node.string("dataSource"), node.string("data")) {
        case (let id?, nil):
            if !sources.contains(id) {
                var message = "block takes its data from unknown data source '\(id)' (known: \(sources.isEmpty ? "none; declare it under 'dataSources'" : knownList(sources)))"
                if let suggestion = closestMatch(to: id, in: sources) { message += " (did you mean '\(suggestion)'?)" }
                node["dataSource"]?.error(message)
            }
            return .live(id)
        case (nil, let name?):
            if !dataFiles.contains(name) {
                let known = dataFiles.sorted()
                var message = "block takes its data from unknown data file '\(name)' (known: \(known.isEmpty ? "none; data files are configs/data/*.json or *.yaml, or the lists of site.yaml's 'remote.lists'" : knownList(known)))"
                if let suggestion = closestMatch(to: name, in: known) { message += " (did you mean '\(suggestion)'?)" }
                node["data"]?.error(message)
            }
            return .data(name)
        case (.some, .some):
            node.error("a block takes 'dataSource' (fetched by the page) or 'data' (a file of configs/data/, read at build time), not both")
            return nil
        case (nil, nil):
            node.error("block is missing 'dataSource' (fetched by the page) or 'data' (a file of configs/data/, read at build time)")
            return nil
        }
    }

    private func readColumn(_ node: ConfigNode) -> DataColumn? {
        guard node.expectMapping("a column") else { return nil }
        node.warnUnknownKeys(allowed: Self.columnKeys, in: "column")
        guard let key = node.string("key") else {
            node.error("column is missing 'key' (the member of each entry it shows)")
            return nil
        }
        var column = DataColumn(key: key, label: node.text("label") ?? key)
        if let format = node.string("format") {
            if let known = DataFormat(rawValue: format) {
                column.format = known
            } else {
                var message = "unknown format '\(format)' (known: change, currency, date, datetime, number, text)"
                if let suggestion = closestMatch(to: format, in: DataFormat.allCases.map(\.rawValue)) { message += " (did you mean '\(suggestion)'?)" }
                node["format"]?.error(message)
            }
        }
        if let currency = node.string("currency") {
            if currency.count == 3, currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
                column.currency = currency
            } else {
                node["currency"]?.error("'currency' must be a three-letter ISO 4217 code such as EUR, found '\(currency)'")
            }
        }
        column.currencyKey = node.string("currencyKey")
        if let decimals = node["decimals"], !decimals.isNull {
            if let value = decimals.intValue, (0...20).contains(value) { column.decimals = value } else {
                decimals.error("'decimals' must be a whole number from 0 to 20")
            }
        }
        if column.format == .currency, column.currency == nil, column.currencyKey == nil, !node.has("currency") {
            node.error("column '\(key)' has 'format: currency' but neither 'currency' (a code such as EUR) nor 'currencyKey' (the member holding each entry's code)")
        }
        return column
    }

    /// `sort` and `groupBy` name one of the block's columns.
    private func checkColumn(_ key: String, named option: String, keys: [String], columnsKey: String, at node: ConfigNode) {
        guard !keys.contains(key) else { return }
        var message = "'\(option)' names '\(key)', which is not one of the block's \(columnsKey) or its groupBy key (known: \(knownList(keys)))"
        if let suggestion = closestMatch(to: key, in: keys) { message += " (did you mean '\(suggestion)'?)" }
        node.error(message)
    }
}
