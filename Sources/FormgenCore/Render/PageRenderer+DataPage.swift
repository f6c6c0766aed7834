import FormgenRuntime

/// Rendering of data pages (`configs/pages/`).
extension PageRenderer {
    /// A data page: its title, description and blocks; a block over a data file rendered with its data, a live block
    /// as a container `data.js` fills (with a note for browsers without JavaScript).
    public func renderDataPage(_ dataPage: DataPage, data: [String: JSONValue]) -> String {
        let texts = theme.messages.table(for: dataPage.language)
        let formatter = DataValueFormatter(language: dataPage.language, words: .init(up: texts["dataUp"] ?? "up", down: texts["dataDown"] ?? "down",
                                                                                      unchanged: texts["dataUnchanged"] ?? "no change"))
        let writer = DataBlockHTML(formatter: formatter, defaultEmpty: texts["dataEmpty"] ?? "")
        let live = !dataPage.liveBlocks.isEmpty
        let script = live ? theme.runtime.dataScript() : nil
        var csp = staticPolicy
        if let script { csp.scriptHashes = [script.cspSource] }
        let used = Set(dataPage.liveBlocks.compactMap(\.liveSource))
        csp.connectSources = Set(dataPage.dataSources.filter { used.contains($0.id) }.compactMap { ContentSecurityPolicy.source(for: $0.endpoint) })
        var context = base(path: dataPage.path, title: dataPage.title, language: dataPage.language, csp: csp, script: script)
        context["title"] = .text(dataPage.title)
        context["descriptionHTML"] = .text(dataPage.description.map(Markdown.html))
        context["blocks"] = .objects(dataPage.blocks.enumerated().map { index, block in
            var body: String?
            if case .data(let name) = block.source { body = writer.body(block, index: index, data: data[name] ?? .null) }
            let captioned = block.kind == .table && block.groupBy == nil
            return ["id": .text("fg-data-\(index)"), "heading": .text(captioned ? nil : block.title),
                    "label": .text(captioned && block.liveSource != nil ? block.title : nil),
                    "bodyHTML": .text(body ?? ""), "live": .bool(block.liveSource != nil)]
        })
        context["noScript"] = .text(texts["dataNoScript"])
        context["specJSON"] = .text(script == nil ? nil : DataPageSpec(page: dataPage, tables: theme.messages).embeddableJSON())
        return page("data", context, script: script)
    }
}
