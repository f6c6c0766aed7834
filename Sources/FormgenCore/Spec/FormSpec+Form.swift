import FormgenRuntime
import Foundation

extension FormSpec {
    /// The spec of a loaded form, its texts from `tables`.
    public init(_ form: Form, tables: MessageTables = .builtin) {
        let pages = form.pages.map { page in
            PageSpec(title: page.title, fields: Self.specFieldIDs(page.items), id: page.id, exit: page.isExit ? true : nil,
                     next: page.next.isEmpty ? nil : page.next.map { BranchSpec(field: $0.field, condition: $0.condition.rawValue, values: $0.values, goTo: $0.goTo) })
        }
        let owners = form.repeatOf
        let submission = form.submission.translated(to: form.language)
        var submit = SubmitSpec(action: submission.action(forPath: form.path), method: submission.method, encoding: submission.encoding.rawValue,
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
        submit.retention = submission.retentionSeconds
        submit.credentials = submission.credentials == .sameOrigin ? nil : submission.credentials.rawValue
        self.init(id: form.id, path: form.path, title: form.title, lang: form.language, pages: pages,
                  fields: form.pages.flatMap { Self.specFields($0.items, form: form, tables: tables) },
                  rules: Self.ruleSpecs(form.rules) { owners[$0] == nil },
                  dataSources: form.dataSources.map {
                      DataSourceSpec(id: $0.id, endpoint: $0.endpoint, fields: $0.fields, credentials: $0.credentials == .sameOrigin ? nil : $0.credentials.rawValue)
                  },
                  submit: submit, drafts: DraftsSpec(enabled: form.drafts.enabled, maxAge: form.drafts.maxAgeSeconds),
                  messages: tables.runtimeTable(for: form.language), review: form.hasReview ? true : nil)
        session = SessionSpec(requiresSession: form.requiresSession, logout: form.logout, dataSources: form.dataSources)
        // A field that is not required and that no rule can require never shows its `required` message: left out.
        let requirable = Set(rules.filter { $0.action == "require" || $0.otherwise == "require" }.flatMap(\.targets))
        fields = fields.map { field in
            guard !field.required, !requirable.contains(field.id), field.messages?["required"] != nil else { return field }
            var optional = field
            optional.messages?["required"] = nil
            if optional.messages?.isEmpty == true { optional.messages = nil }
            return optional
        }
    }

    /// Interface texts the sink and `formgen collect` read from a page's spec, embedded even when its script does not.
    public static let serverMessageKeys: Set<String> = ["tooLong", "tooFast"]

    /// The spec as a page embeds it: of the interface texts (a counted one with all its plural forms), only those its
    /// script reads and those the server reads; `tooFast` only when the form sets `minSeconds`, the one check that shows it;
    /// a count's texts in characters (`countChars…`) only when a field counts characters, in words only when one counts words;
    /// of `tooLong` only the plural forms its one count can take;
    /// the title of an exit page only (its error, in the page and in `formgen validate`: the page's heading says the others);
    /// no display-only field (a paragraph, an image: the runtime, `validate` and `collect` pass over them), in the fields
    /// or in the pages' lists; no `review` (the build joins the wizard by it; the page has its review section).
    public func embedded(with script: RuntimeScript.PageScript?) -> FormSpec {
        guard let keys = script?.messageKeys else { return self }
        var embedded = self
        let display = Set(fields.filter(\.isDisplayOnly).map(\.id))
        embedded.fields = fields.filter { !$0.isDisplayOnly }
        embedded.review = nil
        embedded.pages = pages.map { page in
            var page = page
            if page.exit != true { page.title = nil }
            page.fields.removeAll(where: display.contains)
            return page
        }
        let timed = (submit.minSeconds ?? 0) > 0
        let counted = Self.countedRules(fields)
        let tooLongForms = Self.tooLongForms(language: lang)
        embedded.messages = messages.filter { entry in
            let base = Messages.pluralBase(entry.key)
            guard base != "tooFast" || timed else { return false }
            if base.hasPrefix("countChars") && !counted.contains("maxLength") { return false }
            if base.hasPrefix("countWords") && !counted.contains("maxWords") { return false }
            // `tooLong` speaks only of the length cap of a field without `maxLength` (its rule's message says the rest): the
            // cap's plural form and `other`, which the runtime and the server fall back on.
            if base == "tooLong", entry.key != base, !tooLongForms.contains(String(entry.key.dropFirst(base.count + 1))) { return false }
            return keys.contains(base) || Self.serverMessageKeys.contains(base)
        }
        return embedded
    }

    /// The plural forms of `tooLong` a page can say: the default length cap's (``FormValidator/defaultLengthCap``) and `other`.
    static func tooLongForms(language: String) -> Set<String> {
        ["other", PluralRules.category(FormValidator.defaultLengthCap, language: language)]
    }

    /// The rules the count under each field (a repeating section's item fields too) follows: `maxLength`, `maxWords`.
    static func countedRules(_ fields: [FieldSpec]) -> Set<String> {
        Set(fields.compactMap(FieldCount.countedRule)).union(fields.flatMap { countedRules($0.fields ?? []) })
    }
}

extension FormSpec.FieldSpec {
    /// A scale's answer: a whole number (its `regex` rule).
    static let wholeNumber = "^-?[0-9]+$"

    init(_ field: Field, messages texts: FieldMessages) {
        let readOnly = field.readOnly || field.dataSource != nil
        let choices = field.effectiveOptions
        var specs = field.validations.map { FormSpec.ValidationSpec($0, message: texts.rule($0).text) }
        // A mask rule of the field's own mask never fails once the field's mask is checked (it is, first): left out.
        if let mask = field.mask { specs.removeAll { $0.rule == "mask" && $0.value == .string(mask) } }
        if field.type == .email && !field.validations.contains(where: { $0.name == "email" }) {
            specs.append(.init(rule: "email", value: nil, message: texts.format("email").text))
        }
        var messages: [String: String]?
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
        // A scale is submitted as a number: a number field's type and checks (whole, within its bounds), all saying its message.
        var type = field.type.rawValue
        if field.kind == .scale, let range = field.scale, let said = messages?["scale"] {
            type = FieldType.number.rawValue
            messages?["number"] = said
            messages?["scale"] = nil
            specs = [.init(rule: "regex", value: .string(Self.wholeNumber), message: said),
                     .init(rule: "minValue", value: .number(Double(range.min)), message: said),
                     .init(rule: "maxValue", value: .number(Double(range.max)), message: said)] + specs
        }
        self.init(id: field.id, type: type, kind: field.kind, label: field.label, required: field.required, messages: messages,
                  readOnly: readOnly, dataSource: field.dataSource, sensitive: Sensitivity.isSensitive(field), mask: field.mask,
                  dateStyle: field.type == .date && field.dateStyle == .boxes ? DateStyle.boxes.rawValue : nil,
                  options: choices.isEmpty || field.kind == .scale ? nil : choices,
                  optionsFrom: field.optionsSource.map { .init(dataSource: $0.dataSource, valueKey: $0.valueKey, labelKey: $0.labelKey, dropIf: $0.dropIf) },
                  validations: specs,
                  upload: field.upload.map { .init(accept: $0.accept.isEmpty ? nil : $0.accept, maxSize: $0.maxSize, multiple: $0.multiple ? true : nil, maxFiles: $0.maxFiles) },
                  rows: field.kind == .grid ? field.rows : nil, multiple: field.kind == .grid && field.multiple ? true : nil,
                  scale: field.kind == .scale ? field.scale.map { FormSpec.ScaleSpec(min: $0.min, max: $0.max, minLabel: $0.minLabel, maxLabel: $0.maxLabel) } : nil,
                  other: field.other.map { _ in OtherChoice.textFieldID(for: field.id) },
                  search: field.searches ? true : nil)
    }
}

extension FormSpec.ValidationSpec {
    init(_ rule: ValidationRule, message: String) {
        self.init(rule: rule.name, value: Self.value(of: rule.kind), message: message)
    }

    /// A rule's value as the spec writes it.
    static func value(of kind: ValidationRule.Kind) -> SpecValue? {
        switch kind {
        case .required, .email: return nil
        case .regex(let pattern): return .string(pattern)
        case .mask(let mask): return .string(mask)
        case .equalsField(let other): return .string(other)
        case .minLength(let n), .maxLength(let n), .maxWords(let n), .minAge(let n), .maxAge(let n): return .number(Double(n))
        case .minValue(let n), .maxValue(let n): return .number(n)
        case .minDate(let bound), .maxDate(let bound): return .string(bound.description)
        }
    }
}
