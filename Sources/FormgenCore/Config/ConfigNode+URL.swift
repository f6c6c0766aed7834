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
