import Foundation
import FormgenRuntime

/// Settings from `configs/site.yaml`.
public struct SiteSettings: Sendable, Hashable {
    public var title: String = "Forms"
    public var description: String?
    /// `title` and `description` as written, when written per language (`title: {en: Forms, fr: Formulaires}`).
    public var titleText: TranslatableText?
    public var descriptionText: TranslatableText?
    /// `footer:`: Markdown every page's footer shows (per language, as `title`); without it, the site's title.
    public var footerText: TranslatableText?
    /// Absolute base URL (`https://forms.example.org/`) or a path prefix (`/`).
    public var baseURL: String = "/"
    public var language: String = "en"
    /// `languages:`: every form is published in these, the first the default (a form or country may list its own).
    public var languages: [String] = []
    /// Submission defaults every form inherits.
    public var submission = Submission()
    /// `strict: true`: warnings fail the build like errors.
    public var strict = false
    /// Draft settings every form inherits.
    public var drafts = DraftPolicy()
    /// Titles and descriptions set over forms' own, by form id (`forms:` in `site.yaml`).
    public var formOverrides: [String: FormOverride] = [:]
    /// Forms, option lists and images fetched at build time (`remote:` in `site.yaml`).
    public var remote = RemoteSources()
    /// Which other sites may frame every form's page (`embed:`; a form's own `embed:` replaces it).
    public var embed = EmbedPolicy()
    /// `brand:`: the site's colour, logo, font and corner radius over the theme's.
    public var brand = Brand()
    /// `accessibility:`: what the generated accessibility statement says of the site; nil: no statement.
    public var accessibility: AccessibilityStatement?

    public init() {}

    /// The site's title in a language: its translation, else the default language's.
    public func title(in language: String) -> String { titleText?.text(in: language) ?? title }

    /// The site's description (Markdown) in a language: its translation, else the default language's.
    public func description(in language: String) -> String? { descriptionText?.text(in: language) ?? description }

    /// The site's footer (Markdown) in a language: its translation, else the default language's; nil when not set.
    public func footer(in language: String) -> String? { footerText.map { $0.text(in: language) ?? $0.text } }

    /// The languages of the site's own pages (`languages:`), the default first; only the default without a list.
    public var pageLanguages: [String] { languages.isEmpty ? [language] : languages }
}

/// A country-specific flow: one variant of a form per country, and a page to pick one.
public struct CountryFlow: Sendable, Hashable {
    public var id: String
    public var title: String
    /// Markdown.
    public var description: String?
    public var language: String
    /// One form per country, sorted by country code.
    public var countries: [CountryForm]
    /// The form config with `countries:` that defines the flow, if one does.
    public var definitionFile: String?

    public init(id: String, title: String, description: String?, language: String, countries: [CountryForm]) {
        self.id = id
        self.title = title
        self.description = description
        self.language = language
        self.countries = countries
    }
}

/// A country variant of a flow.
public struct CountryForm: Sendable, Hashable {
    /// Upper-case ISO code as written (`NL`).
    public var code: String
    /// Display name (`Nederland`).
    public var name: String
    public var form: Form
}

/// Everything a build renders: settings, forms, country flows and docs.
public struct Site: Sendable, Hashable {
    public var settings: SiteSettings
    public var forms: [Form] { didSet { sorted = SortedForms() } }
    public var flows: [CountryFlow] { didSet { sorted = SortedForms() } }
    /// Pages from `configs/docs/`, sorted by path.
    public var docs: [DocPage]
    /// Forms' and countries' pages in their other languages (`fr/kyc/be`), made by the build after checking.
    public var translations: [Form] = [] { didSet { sorted = SortedForms() } }
    /// A digest of each config file's text, by path: what a page's cached output depends on.
    public var sourceDigests: [String: String] = [:]
    /// Downloaded images' copies by output path (`assets/remote/….png`).
    public var remoteFiles: [String: Data] = [:]
    /// Pages of `configs/pages/` that show data, sorted by path.
    public var pages: [DataPage] = []
    /// The files of `configs/data/` by name (`rates` for `rates.json`), read at build time for the pages' blocks.
    public var data: [String: JSONValue] = [:]
    /// `allForms`, made on first use after a change.
    private var sorted = SortedForms()

    public init(settings: SiteSettings, forms: [Form], flows: [CountryFlow], docs: [DocPage] = []) {
        self.settings = settings
        self.forms = forms
        self.flows = flows
        self.docs = docs
    }

    /// Every form to render, flows' country variants included, sorted by path.
    public var allForms: [Form] {
        sorted.forms { (forms + flows.flatMap { $0.countries.map(\.form) } + translations).sorted { $0.path < $1.path } }
    }
}

/// A site's forms sorted by path, made once per change of the site's forms (several steps of a build list them all).
private final class SortedForms: @unchecked Sendable, Hashable {
    private let lock = NSLock()
    private var made: [Form]?

    func forms(_ make: () -> [Form]) -> [Form] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let forms = make()
        made = forms
        return forms
    }

    /// Derived from the site's other values: never what tells two sites apart.
    static func == (lhs: SortedForms, rhs: SortedForms) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
