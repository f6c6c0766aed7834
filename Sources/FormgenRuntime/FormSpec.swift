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
    }

    /// A file field's limits: `accept` (lower-case MIME types, `type/*`, `.ext`), `maxSize` in bytes, `maxFiles`.
    public struct UploadSpec: Codable, Sendable, Hashable {
        public var accept: [String]?
        public var maxSize: Int?
        public var multiple: Bool?
        public var maxFiles: Int?
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
    }

    public struct OptionsFromSpec: Codable, Sendable, Hashable {
        public var dataSource: String
        public var valueKey: String
        public var labelKey: String
        /// Entries not offered (`{key, in}`).
        public var dropIf: DropRule?
    }

    /// One rule: `rule` is its name (`minLength`); `value` a string, number or nothing; `message` what
    /// it says when it fails, `{value}` standing for the value that failed (the bound, the length…).
    public struct ValidationSpec: Codable, Sendable, Hashable {
        public var rule: String
        public var value: SpecValue?
        public var message: String?
    }

    public struct RuleSpec: Codable, Sendable, Hashable {
        public var field: String
        public var condition: String
        public var values: [String]
        public var action: String
        public var otherwise: String?
        public var targets: [String]
    }

    public struct DataSourceSpec: Codable, Sendable, Hashable {
        public var id: String
        public var endpoint: String
        public var fields: [String]
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
    }

    public struct DraftsSpec: Codable, Sendable, Hashable {
        public var enabled: Bool
        /// Seconds after which a stored draft is discarded.
        public var maxAge: Int
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

extension FormSpec {
    /// The spec of a loaded form.
    public init(_ form: Form) {
        id = form.id
        path = form.path
        title = form.title
        lang = form.language
        pages = form.pages.map { page in
            PageSpec(title: page.title, fields: Self.specFieldIDs(page.items), id: page.id, exit: page.isExit ? true : nil,
                     next: page.next.isEmpty ? nil : page.next.map { BranchSpec(field: $0.field, condition: $0.condition.rawValue, values: $0.values, goTo: $0.goTo) })
        }
        review = form.hasReview ? true : nil
        fields = form.pages.flatMap { Self.specFields($0.items, form: form) }
        let owners = form.repeatOf
        rules = Self.ruleSpecs(form.rules) { owners[$0] == nil }
        dataSources = form.dataSources.map { DataSourceSpec(id: $0.id, endpoint: $0.endpoint, fields: $0.fields) }
        let submission = form.submission.translated(to: form.language)
        submit = SubmitSpec(action: submission.action(forPath: form.path), method: submission.method, encoding: submission.encoding.rawValue,
                            successMessage: submission.successMessage, redirect: submission.redirect,
                            label: submission.label, enableWhen: submission.enableWhenComplete ? "complete" : nil,
                            messages: submission.messages.isEmpty ? nil : Dictionary(uniqueKeysWithValues: submission.messages.map { (String($0.key), $0.value) }),
                            kind: submission.kind?.rawValue)
        if let provider = submission.provider {
            submit.provider = provider.name
            submit.honeypot = provider.honeypot
            switch provider {
            case .netlify: submit.extra = ["form-name": form.id]
            case .formspree:
                submit.extra = ["_subject": form.title]
                submit.replyTo = form.allFields.first { $0.type == .email }?.id
            case .collect, .webhook: break
            }
        }
        submit.minSeconds = submission.minSeconds
        drafts = DraftsSpec(enabled: form.drafts.enabled, maxAge: form.drafts.maxAgeSeconds)
        messages = Messages.runtimeTable(for: form.language)
    }

    /// Interface texts the sink and `formgen collect` read from a page's spec, embedded even when its script does not.
    public static let serverMessageKeys: Set<String> = ["tooLong", "tooFast"]

    /// The spec as a page embeds it: of the interface texts (a counted one with all its plural forms), only those its
    /// script reads and those the server reads; `tooFast` only when the form sets `minSeconds`, the one check that shows it.
    public func embedded(with script: RuntimeScript.PageScript?) -> FormSpec {
        guard let keys = script?.messageKeys else { return self }
        var embedded = self
        let timed = (submit.minSeconds ?? 0) > 0
        embedded.messages = messages.filter { entry in
            let base = Messages.pluralBase(entry.key)
            guard base != "tooFast" || timed else { return false }
            return keys.contains(base) || Self.serverMessageKeys.contains(base)
        }
        return embedded
    }
}

extension FormSpec.FieldSpec {
    init(_ field: Field, messages texts: FieldMessages) {
        id = field.id
        type = field.type.rawValue
        kind = field.kind
        label = field.label
        required = field.required
        readOnly = field.readOnly || field.dataSource != nil
        dataSource = field.dataSource
        sensitive = Sensitivity.isSensitive(field)
        mask = field.mask
        dateStyle = field.type == .date && field.dateStyle == .boxes ? DateStyle.boxes.rawValue : nil
        let choices = field.effectiveOptions
        options = choices.isEmpty ? nil : choices
        optionsFrom = field.optionsSource.map { .init(dataSource: $0.dataSource, valueKey: $0.valueKey, labelKey: $0.labelKey, dropIf: $0.dropIf) }
        var specs = field.validations.map { FormSpec.ValidationSpec($0, message: texts.rule($0).text) }
        if field.type == .email && !field.validations.contains(where: { $0.name == "email" }) {
            specs.append(.init(rule: "email", value: nil, message: texts.format("email").text))
        }
        validations = specs
        upload = field.upload.map { .init(accept: $0.accept.isEmpty ? nil : $0.accept, maxSize: $0.maxSize, multiple: $0.multiple ? true : nil, maxFiles: $0.maxFiles) }
        if field.kind.isDisplayOnly {
            messages = nil
        } else if readOnly {
            // A read-only field is filled in for the person: empty when required, its source left it out.
            messages = ["required": texts.format("readOnlyMissing").text]
        } else {
            var byCheck = ["required": texts.required.text]
            for check in texts.formatChecks { byCheck[check] = texts.format(check).text }
            // What the page says when the options' data source fails: which list it could not load.
            if field.optionsSource != nil { byCheck["loadFailed"] = texts.format("optionsFailed").text }
            messages = byCheck
        }
    }
}

extension FormSpec.ValidationSpec {
    init(_ rule: ValidationRule, message: String) {
        self.rule = rule.name
        self.message = message
        value = Self.value(of: rule.kind)
    }

    /// A rule's value as the spec writes it.
    static func value(of kind: ValidationRule.Kind) -> SpecValue? {
        switch kind {
        case .required, .email: return nil
        case .regex(let pattern): return .string(pattern)
        case .mask(let mask): return .string(mask)
        case .equalsField(let other): return .string(other)
        case .minLength(let n), .maxLength(let n), .minAge(let n), .maxAge(let n): return .number(Double(n))
        case .minValue(let n), .maxValue(let n): return .number(n)
        case .minDate(let bound), .maxDate(let bound): return .string(bound.description)
        }
    }
}
