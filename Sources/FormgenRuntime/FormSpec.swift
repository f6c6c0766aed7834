import Foundation

/// The normalised form embedded in every page as JSON (`<script type="application/json" id="fg-spec">`).
///
/// The browser runtime and `formgen validate` both read this shape, so the page and a back end
/// apply the same rules. Keys are written sorted, so the same form gives the same bytes.
public struct FormSpec: Codable, Sendable, Hashable {
    public var version = 1
    public var id: String
    public var path: String
    public var title: String
    public var lang: String
    public var pages: [PageSpec]
    public var fields: [FieldSpec]
    public var rules: [RuleSpec]
    public var dataSources: [DataSourceSpec]
    public var submit: SubmitSpec
    /// Whether the runtime keeps a draft, and for how long.
    public var drafts: DraftsSpec
    /// Interface text in the page's language (each field carries its own messages).
    public var messages: [String: String]
    /// `true` when the form ends in a "Check your answers" step; absent otherwise.
    public var review: Bool?
    /// `requiresSession` and `logout`, for `session.js`; absent when the page has neither.
    public var session: SessionSpec?

    public struct PageSpec: Codable, Sendable, Hashable {
        public var title: String?
        /// Ids of the page's fields in order, nested sections included.
        public var fields: [String]
        /// The page's `id`, when the config gives one.
        public var id: String?
        /// `true` on an exit page; absent otherwise.
        public var exit: Bool?
        /// The page's branches, first match wins; absent when it has none.
        public var next: [BranchSpec]?

        public init(title: String?, fields: [String], id: String? = nil, exit: Bool? = nil, next: [BranchSpec]? = nil) {
            self.title = title
            self.fields = fields
            self.id = id
            self.exit = exit
            self.next = next
        }
    }

    /// A branch: when `field` meets the condition (as a rule's), the journey goes to the page `goTo` (or `review`).
    public struct BranchSpec: Codable, Sendable, Hashable {
        public var field: String
        public var condition: String
        public var values: [String]
        public var goTo: String

        /// Every property, for the spec built from a form (FormgenCore).
        package init(field: String, condition: String, values: [String], goTo: String) {
            self.field = field
            self.condition = condition
            self.values = values
            self.goTo = goTo
        }
    }

    public struct FieldSpec: Codable, Sendable, Hashable {
        public var id: String
        public var type: String
        /// What the field is (`FieldKind`): the runtime and the validator read this, never `type` alone.
        public var kind: FieldKind
        public var label: String
        public var required: Bool
        /// The field's messages by check: `required`, and the format checks it has (`number`, `date`,
        /// `option`, `mask`). Its rules carry their own.
        public var messages: [String: String]?
        public var readOnly: Bool
        public var dataSource: String?
        public var sensitive: Bool
        public var mask: String?
        /// `boxes` for GOV.UK's three-box date input; absent for every other field.
        public var dateStyle: String?
        public var options: [FieldOption]?
        public var optionsFrom: OptionsFromSpec?
        public var validations: [ValidationSpec]
        /// A repeating section's item fields (kind `repeat`); absent for every other field.
        public var fields: [FieldSpec]? = nil
        /// A repeating section's counts and texts (kind `repeat`); absent for every other field.
        public var `repeat`: RepeatSpec? = nil
        /// A file field's limits (kind `file`); absent for every other field.
        public var upload: UploadSpec? = nil
        /// A repeating section's rules that act on its item fields, applied to each item: the tested field is the
        /// item's own or one outside the section (kind `repeat`); absent when none acts on them.
        public var rules: [RuleSpec]? = nil
        /// The id of the text field that says what "Other" is (`other:` on a choice field); absent otherwise.
        public var other: String? = nil
        /// `true` on a select drawn with a search box over it (the `search` module); absent otherwise.
        public var search: Bool? = nil
        /// A grid's rows (kind `grid`): each row's id as `value`; its columns are `options`. Absent for every other field.
        public var rows: [FieldOption]? = nil
        /// `true` for a grid of checkboxes (several columns per row); absent otherwise.
        public var multiple: Bool? = nil
        /// A scale's bounds and end labels (kind `scale`); absent for every other field.
        public var scale: ScaleSpec? = nil

        /// Every property, for the spec built from a form (FormgenCore).
        package init(id: String, type: String, kind: FieldKind, label: String, required: Bool, messages: [String: String]? = nil, readOnly: Bool, dataSource: String? = nil, sensitive: Bool, mask: String? = nil, dateStyle: String? = nil, options: [FieldOption]? = nil, optionsFrom: OptionsFromSpec? = nil, validations: [ValidationSpec], fields: [FieldSpec]? = nil, repeat: RepeatSpec? = nil, upload: UploadSpec? = nil, rules: [RuleSpec]? = nil, rows: [FieldOption]? = nil, multiple: Bool? = nil, scale: ScaleSpec? = nil, other: String? = nil, search: Bool? = nil) {
            self.id = id
            self.type = type
            self.kind = kind
            self.label = label
            self.required = required
            self.messages = messages
            self.readOnly = readOnly
            self.dataSource = dataSource
            self.sensitive = sensitive
            self.mask = mask
            self.dateStyle = dateStyle
            self.options = options
            self.optionsFrom = optionsFrom
            self.validations = validations
            self.fields = fields
            self.`repeat` = `repeat`
            self.upload = upload
            self.rules = rules
            self.other = other
            self.search = search
            self.rows = rows
            self.multiple = multiple
            self.scale = scale
        }
    }

    /// A scale's whole numbers from `min` to `max`, and the texts shown at its two ends (in the page's language).
    public struct ScaleSpec: Codable, Sendable, Hashable {
        public var min: Int
        public var max: Int
        public var minLabel: String?
        public var maxLabel: String?

        /// Every property, for the spec built from a form (FormgenCore).
        package init(min: Int, max: Int, minLabel: String? = nil, maxLabel: String? = nil) {
            self.min = min
            self.max = max
            self.minLabel = minLabel
            self.maxLabel = maxLabel
        }
    }

    /// A file field's limits: `accept` (lower-case MIME types, `type/*`, `.ext`), `maxSize` in bytes, `maxFiles`.
    public struct UploadSpec: Codable, Sendable, Hashable {
        public var accept: [String]?
        public var maxSize: Int?
        public var multiple: Bool?
        public var maxFiles: Int?

        /// Every property, for the spec built from a form (FormgenCore).
        package init(accept: [String]? = nil, maxSize: Int? = nil, multiple: Bool? = nil, maxFiles: Int? = nil) {
            self.accept = accept
            self.maxSize = maxSize
            self.multiple = multiple
            self.maxFiles = maxFiles
        }
    }

    /// A repeating section's item counts and texts, in the page's language; `{n}` in `itemLabel` stands for the item's number.
    public struct RepeatSpec: Codable, Sendable, Hashable {
        public var min: Int
        public var max: Int?
        public var itemLabel: String
        public var addLabel: String
        public var removeLabel: String
        /// Announced after Add and Remove, `{item}` standing for the item's legend.
        public var added: String
        public var removed: String

        /// Every property, for the spec built from a form (FormgenCore).
        package init(min: Int, max: Int? = nil, itemLabel: String, addLabel: String, removeLabel: String, added: String, removed: String) {
            self.min = min
            self.max = max
            self.itemLabel = itemLabel
            self.addLabel = addLabel
            self.removeLabel = removeLabel
            self.added = added
            self.removed = removed
        }
    }

    public struct OptionsFromSpec: Codable, Sendable, Hashable {
        public var dataSource: String
        public var valueKey: String
        public var labelKey: String
        /// Entries not offered (`{key, in}`).
        public var dropIf: DropRule?

        /// Every property, for the spec built from a form (FormgenCore).
        package init(dataSource: String, valueKey: String, labelKey: String, dropIf: DropRule? = nil) {
            self.dataSource = dataSource
            self.valueKey = valueKey
            self.labelKey = labelKey
            self.dropIf = dropIf
        }
    }

    /// One rule: `rule` is its name (`minLength`); `value` a string, number or nothing; `message` what
    /// it says when it fails, `{value}` standing for the value that failed (the bound, the length…).
    public struct ValidationSpec: Codable, Sendable, Hashable {
        public var rule: String
        public var value: SpecValue?
        public var message: String?

        /// Every property, for the spec built from a form (FormgenCore).
        package init(rule: String, value: SpecValue? = nil, message: String? = nil) {
            self.rule = rule
            self.value = value
            self.message = message
        }
    }

    public struct RuleSpec: Codable, Sendable, Hashable {
        public var field: String
        public var condition: String
        public var values: [String]
        public var action: String
        public var otherwise: String?
        public var targets: [String]

        /// Every property, for the spec built from a form (FormgenCore).
        package init(field: String, condition: String, values: [String], action: String, otherwise: String? = nil, targets: [String]) {
            self.field = field
            self.condition = condition
            self.values = values
            self.action = action
            self.otherwise = otherwise
            self.targets = targets
        }
    }

    public struct DataSourceSpec: Codable, Sendable, Hashable {
        public var id: String
        public var endpoint: String
        public var fields: [String]
        /// The Fetch API's `credentials` option when not `same-origin` (the default, left out).
        public var credentials: String?

        /// Every property, for the spec built from a form (FormgenCore).
        package init(id: String, endpoint: String, fields: [String], credentials: String? = nil) {
            self.id = id
            self.endpoint = endpoint
            self.fields = fields
            self.credentials = credentials
        }
    }

    public struct SubmitSpec: Codable, Sendable, Hashable {
        public var action: String?
        public var method: String
        public var encoding: String
        public var successMessage: String?
        public var redirect: String?
        /// For `provider: collect`: the built "sent" page (the site's base URL, the form's path, `sent/`) that
        /// `formgen collect` sends a post without JavaScript to once stored, when there is no `redirect`.
        public var sentPage: String?
        /// The button's text in the page's language.
        public var label: String?
        /// `complete`: the button is `aria-disabled` until every required field has a value.
        public var enableWhen: String?
        /// Texts for server answers by status (`"401"`), in the page's language.
        public var messages: [String: String]?
        /// `login` or `register`.
        public var kind: String?
        /// The receiving service (`netlify`, `formspree`, `webhook`, `collect`).
        public var provider: String?
        /// Fields added to every submission (`form-name` for Netlify, `_subject` for Formspree).
        public var extra: [String: String]?
        /// Formspree: the field whose value is sent again as `_replyto`.
        public var replyTo: String?
        /// The honeypot field's name; its value is sent as typed (empty from a person).
        public var honeypot: String?
        /// A submission sooner than this after the page opened is refused.
        public var minSeconds: Int?
        /// Seconds `formgen collect` keeps a stored submission (`submit.retention`); absent: kept until erased.
        public var retention: Int?
        /// The Fetch API's `credentials` option for the post when not `same-origin` (the default, left out).
        public var credentials: String?

        /// Every property, for the spec built from a form (FormgenCore).
        package init(action: String? = nil, method: String, encoding: String, successMessage: String? = nil, redirect: String? = nil, sentPage: String? = nil, label: String? = nil, enableWhen: String? = nil, messages: [String: String]? = nil, kind: String? = nil, provider: String? = nil, extra: [String: String]? = nil, replyTo: String? = nil, honeypot: String? = nil, minSeconds: Int? = nil, retention: Int? = nil) {
            self.action = action
            self.method = method
            self.encoding = encoding
            self.successMessage = successMessage
            self.redirect = redirect
            self.sentPage = sentPage
            self.label = label
            self.enableWhen = enableWhen
            self.messages = messages
            self.kind = kind
            self.provider = provider
            self.extra = extra
            self.replyTo = replyTo
            self.honeypot = honeypot
            self.minSeconds = minSeconds
            self.retention = retention
        }
    }

    public struct DraftsSpec: Codable, Sendable, Hashable {
        public var enabled: Bool
        /// Seconds after which a stored draft is discarded.
        public var maxAge: Int

        /// Every property, for the spec built from a form (FormgenCore).
        package init(enabled: Bool, maxAge: Int) {
            self.enabled = enabled
            self.maxAge = maxAge
        }
    }

    /// Every property, for the spec built from a form (FormgenCore).
    package init(id: String, path: String, title: String, lang: String, pages: [PageSpec], fields: [FieldSpec], rules: [RuleSpec], dataSources: [DataSourceSpec], submit: SubmitSpec, drafts: DraftsSpec, messages: [String: String], review: Bool? = nil) {
        self.id = id
        self.path = path
        self.title = title
        self.lang = lang
        self.pages = pages
        self.fields = fields
        self.rules = rules
        self.dataSources = dataSources
        self.submit = submit
        self.drafts = drafts
        self.messages = messages
        self.review = review
    }
}

/// A rule's value in the spec: text or a number.
public enum SpecValue: Codable, Sendable, Hashable {
    case string(String)
    case number(Double)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .string(try container.decode(String.self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
        }
    }

    public var text: String {
        switch self {
        case .string(let text): return text
        case .number(let number): return formatNumber(number)
        }
    }
}
