/// The spec's members that hold their defaults are left out of every page (version 1, no rules, no data sources, a
/// JSON post, drafts kept a day) and read back as those defaults, as the page's runtime reads them.
extension FormSpec {
    /// The spec format a spec without `version` has.
    public static let currentVersion = 1

    package enum CodingKeys: String, CodingKey {
        case version, id, path, title, lang, pages, fields, rules, dataSources, submit, drafts, messages, review, session
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        id = try container.decode(String.self, forKey: .id)
        path = try container.decode(String.self, forKey: .path)
        title = try container.decode(String.self, forKey: .title)
        lang = try container.decode(String.self, forKey: .lang)
        pages = try container.decode([PageSpec].self, forKey: .pages)
        fields = try container.decode([FieldSpec].self, forKey: .fields)
        rules = try container.decodeIfPresent([RuleSpec].self, forKey: .rules) ?? []
        dataSources = try container.decodeIfPresent([DataSourceSpec].self, forKey: .dataSources) ?? []
        submit = try container.decode(SubmitSpec.self, forKey: .submit)
        drafts = try container.decode(DraftsSpec.self, forKey: .drafts)
        messages = try container.decode([String: String].self, forKey: .messages)
        review = try container.decodeIfPresent(Bool.self, forKey: .review)
        session = try container.decodeIfPresent(SessionSpec.self, forKey: .session)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if version != Self.currentVersion { try container.encode(version, forKey: .version) }
        try container.encode(id, forKey: .id)
        try container.encode(path, forKey: .path)
        try container.encode(title, forKey: .title)
        try container.encode(lang, forKey: .lang)
        try container.encode(pages, forKey: .pages)
        try container.encode(fields, forKey: .fields)
        if !rules.isEmpty { try container.encode(rules, forKey: .rules) }
        if !dataSources.isEmpty { try container.encode(dataSources, forKey: .dataSources) }
        try container.encode(submit, forKey: .submit)
        try container.encode(drafts, forKey: .drafts)
        try container.encode(messages, forKey: .messages)
        try container.encodeIfPresent(review, forKey: .review)
        try container.encodeIfPresent(session, forKey: .session)
    }
}

extension FormSpec.SubmitSpec {
    /// The method and encoding a submit without them has.
    public static let defaultMethod = "post", defaultEncoding = "json"

    package enum CodingKeys: String, CodingKey {
        case action, method, encoding, successMessage, redirect, sentPage, label, enableWhen, messages, kind, provider, extra, replyTo,
             honeypot, minSeconds, retention, credentials
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decodeIfPresent(String.self, forKey: .action)
        method = try container.decodeIfPresent(String.self, forKey: .method) ?? Self.defaultMethod
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding) ?? Self.defaultEncoding
        successMessage = try container.decodeIfPresent(String.self, forKey: .successMessage)
        redirect = try container.decodeIfPresent(String.self, forKey: .redirect)
        sentPage = try container.decodeIfPresent(String.self, forKey: .sentPage)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        enableWhen = try container.decodeIfPresent(String.self, forKey: .enableWhen)
        messages = try container.decodeIfPresent([String: String].self, forKey: .messages)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        provider = try container.decodeIfPresent(String.self, forKey: .provider)
        extra = try container.decodeIfPresent([String: String].self, forKey: .extra)
        replyTo = try container.decodeIfPresent(String.self, forKey: .replyTo)
        honeypot = try container.decodeIfPresent(String.self, forKey: .honeypot)
        minSeconds = try container.decodeIfPresent(Int.self, forKey: .minSeconds)
        retention = try container.decodeIfPresent(Int.self, forKey: .retention)
        credentials = try container.decodeIfPresent(String.self, forKey: .credentials)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(action, forKey: .action)
        if method != Self.defaultMethod { try container.encode(method, forKey: .method) }
        if encoding != Self.defaultEncoding { try container.encode(encoding, forKey: .encoding) }
        try container.encodeIfPresent(successMessage, forKey: .successMessage)
        try container.encodeIfPresent(redirect, forKey: .redirect)
        try container.encodeIfPresent(sentPage, forKey: .sentPage)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(enableWhen, forKey: .enableWhen)
        try container.encodeIfPresent(messages, forKey: .messages)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(provider, forKey: .provider)
        try container.encodeIfPresent(extra, forKey: .extra)
        try container.encodeIfPresent(replyTo, forKey: .replyTo)
        try container.encodeIfPresent(honeypot, forKey: .honeypot)
        try container.encodeIfPresent(minSeconds, forKey: .minSeconds)
        try container.encodeIfPresent(retention, forKey: .retention)
        try container.encodeIfPresent(credentials, forKey: .credentials)
    }
}

extension FormSpec.DraftsSpec {
    /// How long a draft is kept when the spec does not say: a day, as the runtime reads it.
    public static let defaultMaxAge = 86_400

    package enum CodingKeys: String, CodingKey {
        case enabled, maxAge
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decode(Bool.self, forKey: .enabled)
        maxAge = try container.decodeIfPresent(Int.self, forKey: .maxAge) ?? Self.defaultMaxAge
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        if maxAge != Self.defaultMaxAge { try container.encode(maxAge, forKey: .maxAge) }
    }
}
