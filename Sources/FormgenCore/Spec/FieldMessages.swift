/// The message of every check a field can fail, each decided once: the config's own text, else
/// `Messages.defaultMessage`. The page spec, the JSON Schema and the reference page all read it.
public struct FieldMessages {
    /// A message and whether formgen wrote it (the config gave none).
    public struct Text: Equatable, Sendable {
        public var text: String
        public var isDefault: Bool
    }

    public let field: Field
    public let language: String
    /// The form, for `{other}` in `equalsField` messages.
    let form: Form
    /// The tables formgen's messages come from.
    let tables: MessageTables

    public init(field: Field, form: Form, tables: MessageTables = .builtin) {
        self.field = field
        self.form = form
        self.tables = tables
        language = form.language
    }

    /// What a required field says when it is left empty.
    public var required: Text {
        if let owner = field.otherOf, field.requiredMessage == nil, let choice = form.allFields.first(where: { $0.id == owner }) {
            // "Enter your “Other” answer for pet type": the chosen field's label and its "Other".
            let other = FieldMessages(field: choice, form: form, tables: tables)
            return other.standard("otherRequired", value: choice.other?.label ?? OtherChoice.value)
        }
        return custom(field.requiredMessage) ?? standard("required")
    }

    /// What a field says when its value is not of its kind: `number`, `date`, `option`, `email`, or
    /// `mask` (with the mask as `{value}`; a `mask` rule's own message wins).
    public func format(_ check: Messages.Check) -> Text {
        switch check {
        case "mask":
            let rule = field.validations.first { $0.name == "mask" }
            return custom(rule?.message) ?? standard("mask", value: field.mask)
        case "email":
            let rule = field.validations.first { $0.name == "email" }
            return custom(rule?.message) ?? standard("email")
        case "fileCount":
            let most = field.upload.map { $0.multiple ? $0.maxFiles : 1 } ?? nil
            return standard(check, value: most.map(String.init), count: most)
        case "exclusive":
            return standard(check, value: field.effectiveOptions.first { $0.exclusive == true }?.label)
        case "fileType", "fileSize":
            return standard(check, value: uploadValue(check))
        case "scale":
            // The bounds are the config's: written in now, as `{min}` and `{max}`.
            var text = standard(check)
            if let range = field.scale { text.text = Messages.format(text.text, ["min": String(range.min), "max": String(range.max)]) }
            return text
        default:
            return standard(check)
        }
    }

    /// What a failing validation rule says. Without `value`, `{value}` stays in the text for the
    /// runtime and `formgen validate` to fill with the value that failed.
    public func rule(_ rule: ValidationRule, value: String? = nil) -> Text {
        custom(rule.message) ?? standard(rule.name, value: value, count: Self.count(of: rule.kind))
    }

    /// The number a counted rule's message speaks of (characters, years), for its plural form.
    static func count(of kind: ValidationRule.Kind) -> Int? {
        switch kind {
        case .minLength(let n), .maxLength(let n), .maxWords(let n), .minAge(let n), .maxAge(let n): return n
        default: return nil
        }
    }

    /// The format checks the field has, in the order they run.
    public var formatChecks: [Messages.Check] {
        var checks: [Messages.Check] = []
        if field.type == .number { checks.append("number") }
        if field.type == .date { checks.append("date") }
        if field.kind.isChoice, !field.effectiveOptions.isEmpty || field.optionsSource != nil { checks.append("option") }
        if field.kind == .grid { checks += ["gridRow", "option"] }
        if field.kind == .scale { checks.append("scale") }
        if field.kind == .checkboxGroup, field.options.contains(where: { $0.exclusive == true }) { checks.append("exclusive") }
        if field.mask != nil { checks.append("mask") }
        if let upload = field.upload {
            if !upload.accept.isEmpty { checks.append("fileType") }
            if upload.maxSize != nil { checks.append("fileSize") }
            if !upload.multiple || upload.maxFiles != nil { checks.append("fileCount") }
        }
        return checks
    }

    /// `{value}` of a file check: the accepted types ("PNG, JPEG or PDF") or the size limit ("5 MB").
    private func uploadValue(_ check: Messages.Check) -> String? {
        guard let upload = field.upload else { return nil }
        switch check {
        case "fileSize": return upload.maxSize.map(UploadRules.sizeText)
        default:
            var names: [String] = []
            for entry in upload.accept {
                let name = entry.hasPrefix(".") ? String(entry.dropFirst()).uppercased()
                    : entry.hasSuffix("/*") ? String(entry.dropLast(2)) : (entry.split(separator: "/").last.map { $0.uppercased() } ?? entry)
                if !names.contains(name) { names.append(name) }
            }
            guard let last = names.popLast() else { return nil }
            let or = tables.table(for: language)["answerOr"] ?? " or "
            return names.isEmpty ? last : names.joined(separator: ", ") + or + last
        }
    }

    private func custom(_ text: String?) -> Text? {
        text.map { Text(text: $0, isDefault: false) }
    }

    private func standard(_ check: Messages.Check, value: String? = nil, count: Int? = nil) -> Text {
        var other: String?
        if check == "equalsField", case .equalsField(let id)? = field.validations.first(where: { $0.name == "equalsField" })?.kind {
            other = form.allFields.first { $0.id == id }?.label ?? id
        }
        let text = field.defaultMessage(check, language: language, value: value, otherLabel: other, count: count, tables: tables)
        return Text(text: text, isDefault: true)
    }
}
