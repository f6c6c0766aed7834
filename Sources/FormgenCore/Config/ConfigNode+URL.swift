extension ConfigNode {
    /// The text under `key` as a URL checked by `ConfigURL` (a protocol-relative one comes back as
    /// `https:`); a refused URL is a located error, and its text is returned as is so that nothing
    /// else complains about a missing value (the build fails anyway).
    func url(_ key: String, for use: ConfigURL.Use) -> String? {
        guard let text = string(key) else { return nil }
        switch ConfigURL.check(text, for: use) {
        case .success(let url):
            return url
        case .failure(let refusal):
            self[key]?.error("unsafe URL \(JSONValue.quoted(text)) in '\(key)': \(refusal)")
            return text
        }
    }
}

extension ConfigNode {
    /// The text under `key`, which is Markdown: each link or image whose address `ConfigURL` refuses
    /// (`javascript:`, `data:`, `vbscript:` …) is a located error; the page would show it as plain text.
    func markdown(_ key: String) -> String? {
        guard let text = string(key) else { return nil }
        checkLinks(in: [text], key: key)
        return text
    }

    /// Reports the refused link and image addresses of Markdown texts written under `key`.
    func checkLinks(in texts: [String], key: String) {
        guard let node = self[key] else { return }
        for text in Set(texts).sorted() where Markdown.mayHoldLinksOrTables(text) {
            let rendered = Markdown.render(text)
            if let table = rendered.oversizedTable { node.error("'\(key)': \(Markdown.oversizedTableMessage(table))") }
            for link in rendered.links {
                guard let refusal = link.refusal else { continue }
                node.error("unsafe \(link.isImage ? "image" : "link") \(JSONValue.quoted(link.url)) in '\(key)': \(refusal)")
            }
        }
    }
}
