/// A country config in the KYC format: `country:`, `dataSources:`, `fields:`.
struct CountryConfig {
    var code: String
    var name: String?
    var locale: String?
    var title: String?
    var description: String?
    var items: [FormItem]
    var dataSources: [DataSource]
    var rules: [VisibilityRule]
    var submit: ConfigNode?
    var location: SourceLocation
    /// `languages:`: the country's page in each, the first the default.
    var languages: [String]? = nil
    var texts: [TranslatableText] = []
}

/// A form config with `countries:`: the flow's title, per-country names and locales, and the
/// fields every country inherits.
struct FlowDefinition {
    struct CountryEntry {
        var name: String?
        var locale: String?
        var location: SourceLocation
    }

    var id: String
    var title: String
    var description: String?
    var countries: [String: CountryEntry]
    var body: NativeFormReader.Body
    var location: SourceLocation
    var texts: [TranslatableText] = []
    /// `embed:`, nil when not written (the site's then).
    var embed: EmbedPolicy?
}

struct CountryReader {
    static let keys: Set<String> = ["country", "name", "locale", "languages", "title", "description", "dataSources", "fields", "rules", "submit"]

    func read(_ root: ConfigNode) -> CountryConfig? {
        root.warnUnknownKeys(allowed: Self.keys, in: "country config")
        guard let code = root.string("country"), !code.isEmpty else {
            root["country"]?.error("'country' must be a country code such as NL")
            return nil
        }
        guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            root["country"]?.error("'country' must be an ISO 3166 code of two or three letters such as NL or NLD, found '\(code)'")
            return nil
        }
        var rules: [VisibilityRule] = []
        let items = readFields(root["fields"], rules: &rules)
        if items.isEmpty { root.error("country config '\(code)' has no 'fields'") }
        if let extra = root["rules"], let list = extra.expectSequence("'rules'") {
            rules += list.compactMap { RuleReader().read($0, field: nil) }
        }
        var country = CountryConfig(
            code: code.uppercased(), name: root.string("name"), locale: root.string("locale"),
            title: root.text("title"), description: root.localizedMarkdown("description"), items: items,
            dataSources: root["dataSources"].map { DataSourceReader().read($0) } ?? [], rules: rules,
            submit: root["submit"], location: root.location)
        country.languages = LanguagesReader().read(root)
        country.texts = root.texts.all
        return country
    }

    func readFlow(_ root: ConfigNode, path: String, defaults: Submission) -> FlowDefinition {
        root.warnUnknownKeys(allowed: NativeFormReader.keys, in: "flow")
        var countries: [String: FlowDefinition.CountryEntry] = [:]
        if let node = root["countries"] {
            if node.isSequence {
                for item in node.elements {
                    if let code = item.scalarText { countries[code.uppercased()] = .init(location: item.location) }
                    else { item.error("expected a country code, found \(item.kindName)") }
                }
            } else if node.expectMapping("'countries'") {
                for entry in node.entries {
                    var country = FlowDefinition.CountryEntry(location: entry.keyNode.location)
                    if entry.value.isMapping {
                        entry.value.warnUnknownKeys(allowed: ["name", "locale"], in: "country entry")
                        country.name = entry.value.string("name")
                        country.locale = entry.value.string("locale")
                    } else if !entry.value.isNull {
                        country.name = entry.value.scalarText
                    }
                    countries[entry.key.uppercased()] = country
                }
            }
        }
        let id = root.string("id") ?? path
        checkPathID(root)
        var flow = FlowDefinition(id: slug(id), title: root.string("title") ?? "Choose your country",
                                  description: root.markdown("description"), countries: countries,
                                  body: NativeFormReader().readBody(root, defaults: defaults), location: root.location)
        flow.texts = root.texts.all
        flow.embed = root["embed"].map { EmbedPolicyReader().read($0) }
        return flow
    }
}
