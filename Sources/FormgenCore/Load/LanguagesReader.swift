/// `languages: [nl, fr, de]`: the languages a site, form or country is published in, the default first.
struct LanguagesReader {
    /// The list as written, lower-cased tags; nil when the key is absent or wrong (reported).
    func read(_ node: ConfigNode) -> [String]? {
        guard let value = node["languages"], !value.isNull, let items = value.expectSequence("'languages'") else { return nil }
        var languages: [String] = []
        for item in items {
            guard let tag = item.scalarText, tag.range(of: #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil else {
                item.error("expected a language tag such as 'fr' or 'nl-BE' in 'languages', found \(item.kindName)")
                continue
            }
            if languages.contains(tag.lowercased()) {
                item.warning("'\(tag)' is listed twice in 'languages'")
                continue
            }
            languages.append(tag.lowercased())
        }
        return languages.isEmpty ? nil : languages
    }
}
