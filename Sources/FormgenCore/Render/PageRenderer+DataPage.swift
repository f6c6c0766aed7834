import FormgenRuntime

/// Rendering of data pages (`configs/pages/`).
extension PageRenderer {
    /// A data page: its title, description and blocks; a block over a data file rendered with its data, a live block
    /// as a container `data.js` fills (with a note for browsers without JavaScript); with `requiresSession` or
    /// `logout`, the session spec `session.js` reads and the Log out button before the heading.
    public func renderDataPage(_ dataPage: DataPage, data: [String: JSONValue]) -> String {
        let texts = theme.messages.table(for: dataPage.language)
        let formatter = DataValueFormatter(language: dataPage.language, words: .init(up: texts["dataUp"] ?? "up", down: texts["dataDown"] ?? "down",
                                                                                      unchanged: texts["dataUnchanged"] ?? "no change"))
        let writer = DataBlockHTML(formatter: formatter, defaultEmpty: texts["dataEmpty"] ?? "")
        let live = !dataPage.liveBlocks.isEmpty
        let session = dataPage.session
        let script = theme.runtime.dataScript(live: live, session: session != nil)
        var csp = staticPolicy
        if let script { csp.scriptHashes = [script.cspSource] }
        var used = Set(dataPage.liveBlocks.compactMap(\.liveSource))
        if let check = dataPage.requiresSession?.check { used.insert(check) }
        csp.connectSources = Set(dataPage.dataSources.filter { used.contains($0.id) }.compactMap { ContentSecurityPolicy.source(for: $0.endpoint) })
        if let logout = dataPage.logout, let source = ContentSecurityPolicy.source(for: logout.endpoint) {
            csp.connectSources.insert(source)
            csp.formActions = [source]
        }
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
        context["specJSON"] = .text(script == nil || !live ? nil : DataPageSpec(page: dataPage, tables: theme.messages).embeddableJSON())
        context["sessionJSON"] = .text(script == nil ? nil : session.map { Self.sessionSpecJSON($0, texts: texts) })
        context["logout"] = .object(logoutContext(dataPage.logout, language: dataPage.language))
        return page("data", context, script: script)
    }

    /// A data page's `#fg-session-spec` (not `#fg-spec`, which marks a form's page for `formgen collect` and the
    /// tools that read built forms): what `session.js` reads, the page's `session` and the texts it shows.
    static func sessionSpecJSON(_ session: SessionSpec, texts: [String: String]) -> String {
        var writer = CompactJSONWriter(scriptSafe: true)
        writer.object { json in
            json.key("messages")
            json.object(Dictionary(uniqueKeysWithValues: ["checkingSession", "logOutFailed", "retry", "sessionFailed"].map { ($0, texts[$0] ?? "") }))
            json.key("session")
            session.write(into: &json)
        }
        return writer.text
    }
}
