/// A form: one or more pages of sections and fields, with rules, data sources and submission settings.
public struct Form: Sendable, Hashable {
    /// Identifier; also the output path (`kyc/nl`, `pet-adoption`).
    public var id: String
    public var path: String
    public var title: String
    /// Markdown.
    public var description: String?
    /// BCP 47 language of the page (`en`, `nl`, `de`).
    public var language: String
    public var pages: [Page]
    public var dataSources: [DataSource]
    public var rules: [VisibilityRule]
    public var submission: Submission
    /// `review:`: a "Check your answers" step before sending; nil when the config does not say (see `hasReview`).
    public var review: Bool?
    /// Whether and how long the browser keeps a draft of the answers.
    public var drafts = DraftPolicy()
    /// The languages the form is published in, the default first (`languages:`); empty: its `language` alone.
    public var languages: [String] = []
    /// The form's translatable texts as its config files wrote them, for other languages and missing translations.
    public var texts: [TranslatableText] = []
    /// The same form in every language it is published in, the default first, each with its output path.
    public var alternates: [LanguageAlternate] = []
    /// Which input format the form was read from.
    public var format: ConfigFormat
    /// Which other sites may frame the form's page (`embed:`, else `site.yaml`'s).
    public var embed = EmbedPolicy()
    /// `requiresSession:`: the page checks a data source on load and sends a person without a session elsewhere.
    public var requiresSession: SessionPolicy?
    /// `logout:`: a "Log out" button on the page.
    public var logout: LogoutAction?
    public var location: SourceLocation

    public init(id: String, path: String, title: String, language: String, format: ConfigFormat, at location: SourceLocation) {
        self.id = id
        self.path = path
        self.title = title
        self.description = nil
        self.language = language
        self.pages = []
        self.dataSources = []
        self.rules = []
        self.submission = Submission()
        self.format = format
        self.location = location
    }

    /// Every field in page order, depth first through nested sections. Made on each call: a form does not keep a
    /// second copy of its fields (at 10,000 forms that copy is a quarter of a build's memory).
    public var allFields: [Field] { pages.flatMap { $0.items.flatMap(\.fields) } }

    /// Whether a field (sections included) satisfies `test`, without collecting the fields first.
    public func containsField(where test: (Field) -> Bool) -> Bool {
        pages.contains { page in page.items.contains { item in item.containsField(where: test) } }
    }

    /// The fields that carry a value (not images or paragraphs).
    public var inputFields: [Field] { allFields.filter { !$0.kind.isDisplayOnly } }

    /// Whether the form ends in a "Check your answers" step: as `review:` says, else when it has 2+ pages that ask something.
    public var hasReview: Bool { review ?? (pages.filter { !$0.isExit }.count > 1) }

    /// The form with `transform` applied to every field, in place, sections included (pages keep their journey).
    func mappingFields(_ transform: (inout Field) -> Void) -> Form {
        var form = self
        form.pages = pages.map { page in
            var copy = page
            copy.items = page.items.map { $0.mappingFields(transform) }
            return copy
        }
        return form
    }
}

/// One step of a multi-page form; with `id`, a journey can branch to it (`next`), and an exit page ends the journey.
public struct Page: Sendable, Hashable {
    /// `id:`, the name branches use in `goTo`.
    public var id: String?
    public var title: String?
    public var items: [FormItem]
    /// Branches tested after this page, first match wins; without a match the next page in order follows.
    public var next: [PageBranch] = []
    /// `exit: true`: the journey ends here, showing `text`, with no Next and no submit.
    public var isExit = false
    /// An exit page's Markdown text.
    public var text: String?
    public var location: SourceLocation?

    public init(title: String?, items: [FormItem]) {
        self.title = title
        self.items = items
    }
}

/// `next: [{when, condition, value, goTo}]` on a page: where the journey goes when the condition holds.
public struct PageBranch: Sendable, Hashable {
    /// The condition, read as a rule's (`targets` empty, `action` unused).
    public var field: String
    public var condition: VisibilityRule.Condition
    public var values: [String]
    /// A later page's id or `review`.
    public var goTo: String
    public var location: SourceLocation
    public var goToLocation: SourceLocation

    public init(field: String, condition: VisibilityRule.Condition, values: [String], goTo: String, at location: SourceLocation, goToLocation: SourceLocation) {
        self.field = field
        self.condition = condition
        self.values = values
        self.goTo = goTo
        self.location = location
        self.goToLocation = goToLocation
    }
}

/// A group of fields and nested groups, rendered as a `fieldset`.
public struct Section: Sendable, Hashable {
    /// `id:`, required on a repeating section: the submission's key for its list.
    public var id: String?
    public var title: String?
    /// Markdown.
    public var description: String?
    public var items: [FormItem]
    /// `repeat:`: the section is a list of items ("Add another"); nil for a plain section.
    public var `repeat`: RepeatPolicy?
    public var location: SourceLocation?
    public init(title: String?, description: String? = nil, items: [FormItem]) {
        self.title = title
        self.description = description
        self.items = items
    }
}

/// A page's or section's content, in order.
public indirect enum FormItem: Sendable, Hashable {
    case field(Field)
    case section(Section)

    /// The item with every field's texts in `language`.
    func translated(to language: String) -> FormItem {
        switch self {
        case .field(let field): return .field(field.translated(to: language))
        case .section(var section):
            section.items = section.items.map { $0.translated(to: language) }
            return .section(section)
        }
    }

    func mappingFields(_ transform: (inout Field) -> Void) -> FormItem {
        switch self {
        case .field(var field):
            transform(&field)
            return .field(field)
        case .section(var section):
            section.items = section.items.map { $0.mappingFields(transform) }
            return .section(section)
        }
    }

    var fields: [Field] {
        switch self {
        case .field(let field): return [field]
        case .section(let section): return section.items.flatMap(\.fields)
        }
    }

    /// Whether this field, or a field of this section, satisfies `test`.
    func containsField(where test: (Field) -> Bool) -> Bool {
        switch self {
        case .field(let field): return test(field)
        case .section(let section): return section.items.contains { $0.containsField(where: test) }
        }
    }
}

/// Where a form's data comes from at run time: `{id, type: api, endpoint, fields}`.
public struct DataSource: Sendable, Hashable {
    public var id: String
    public var type: String
    public var endpoint: String
    public var fields: [String]
    /// `credentials:`: whether the request carries cookies (default same-origin).
    public var credentials: FetchCredentials = .sameOrigin
    public var location: SourceLocation
    /// Where `endpoint` is written (for errors about its `${VAR}`s).
    public var endpointLocation: SourceLocation
    public var fieldLocations: [SourceLocation]

    public init(id: String, type: String, endpoint: String, fields: [String], at location: SourceLocation,
                endpointLocation: SourceLocation? = nil, fieldLocations: [SourceLocation] = []) {
        self.id = id
        self.type = type
        self.endpoint = endpoint
        self.fields = fields
        self.location = location
        self.endpointLocation = endpointLocation ?? location
        self.fieldLocations = fieldLocations.isEmpty ? fields.map { _ in location } : fieldLocations
    }
}

/// What happens when the form is sent.
public struct Submission: Sendable, Hashable {
    public enum Encoding: String, Sendable, Hashable { case json, form }

    /// Where the data goes; without one the page shows the collected data as JSON.
    public var action: String?
    public var method: String = "post"
    public var encoding: Encoding = .json
    public var successMessage: String?
    /// `successMessage` in other languages: lower-case language tag → text.
    public var successMessageTranslations: [String: String] = [:]
    /// Where the page goes once the server accepted the answers: `onSuccess: {goTo: …}`, or its alias `redirect:`.
    public var redirect: String?
    /// `credentials:`: whether the post carries cookies, and keeps the ones the answer sets (default same-origin).
    public var credentials: FetchCredentials = .sameOrigin
    /// The button's text (`Log in`); the language's "Submit" when nil.
    public var label: String?
    /// `label` in other languages: lower-case language tag → text.
    public var labelTranslations: [String: String] = [:]
    /// `enableWhen: complete`: the button is `aria-disabled` until every required field has a value.
    public var enableWhenComplete = false
    /// Text shown for a server answer with this status (`401` → "Wrong email or password").
    public var messages: [Int: String] = [:]
    /// `messages` in other languages: status → lower-case language tag → text.
    public var messageTranslations: [Int: [String: String]] = [:]
    /// What the form does, which decides password autocomplete.
    public var kind: Kind?
    /// `submit: {provider: collect, url}`: the `formgen collect` instance the form posts to.
    public var collectURL: String?
    /// Who receives the submissions; nil: the page posts to `action` (or shows the data without one).
    public var provider: Provider?
    /// `submit: {minSeconds: 3}`: a submission sooner after the page opened is refused as a bot's.
    public var minSeconds: Int?
    /// `submit: {retention: 90d}`: `formgen collect` deletes a stored submission this many seconds after it arrived.
    public var retentionSeconds: Int?

    /// A service that takes a static site's submissions.
    public enum Provider: Sendable, Hashable {
        /// `formgen collect` at a URL.
        case collect
        /// Netlify Forms: `data-netlify`, a `form-name` field, urlencoded posts to the page itself.
        case netlify
        /// Formspree: JSON to `https://formspree.io/f/<form>`, `_subject`, `_replyto`, the `_gotcha` honeypot.
        case formspree(form: String)
        /// A plain JSON POST to `url`.
        case webhook

        /// The honeypot field's name: a bot fills it, a person never sees it.
        public var honeypot: String { self == .netlify ? "bot-field" : "_gotcha" }

        /// The name a config writes (`netlify`).
        public var name: String {
            switch self {
            case .collect: return "collect"
            case .netlify: return "netlify"
            case .formspree: return "formspree"
            case .webhook: return "webhook"
            }
        }
    }

    /// `submit.kind`: a login form's password is `current-password`, a register form's `new-password`.
    public enum Kind: String, Sendable, Hashable, CaseIterable { case login, register }

    public init() {}

    /// Where the form at `path` posts: Formspree's address for its form, the explicit action, `<collect
    /// url>/submit/<path>`, or for Netlify the page itself (`./`).
    public func action(forPath path: String) -> String? {
        if case .formspree(let form)? = provider { return "https://formspree.io/f/" + form }
        if let action { return action }
        if provider == .netlify { return "./" }
        guard let collectURL else { return nil }
        return (collectURL.hasSuffix("/") ? String(collectURL.dropLast()) : collectURL) + "/submit/" + path
    }

    /// The submission with its texts in `language` (`de-DE`, else `de`), where the config gives them.
    public func translated(to language: String) -> Submission {
        let tag = language.lowercased()
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        var copy = self
        copy.label = labelTranslations[tag] ?? labelTranslations[primary] ?? label
        copy.successMessage = successMessageTranslations[tag] ?? successMessageTranslations[primary] ?? successMessage
        for (status, texts) in messageTranslations {
            if let text = texts[tag] ?? texts[primary] { copy.messages[status] = text }
        }
        return copy
    }
}

/// The input formats formgen reads, detected from their keys.
public enum ConfigFormat: String, Sendable, Hashable {
    case native = "formgen"
    case kycCountry = "kyc-country"
    case petAdoption = "pet-adoption"
    case lumiform = "lumiform"
}
