// The twin of validate.js and compare.js and chosen.js and readonly.js: a field's first failing check (compare.js:
// minValue, maxValue, equalsField; chosen.js: an answer that is none of the options; readonly.js: a read-only field), the
// cleaned submission, validation over a whole form.

import Foundation

/// Validates a submission against a form's spec with exactly the page's semantics: the same rules, the same
/// hidden-field logic, the same messages (see Tests/vectors/validation.json for the full statement).
///
/// ```swift
/// let result = FormValidator(spec: spec).validate(["bsn": .string("123")])
/// result.errors   // [FieldError(field: "bsn", message: "BSN must be 9 digits"), …]
/// result.data     // the cleaned submission to store or forward
/// ```
/// Immutable and safe to share between threads.
public struct FormValidator: @unchecked Sendable {
    public let spec: FormSpec
    /// Today's date (UTC) for relative date bounds and ages.
    private let today: CalendarDate
    /// Compiled patterns by their dialect source; NSRegularExpression is immutable and thread-safe.
    private let patterns: [String: NSRegularExpression]
    /// A validator for one item of each repeating section, by the section's id.
    package let itemValidators: [String: FormValidator]
    /// For one item's validator: the fields outside its section that the section's rules test.
    package let outerFields: [String: FormSpec.FieldSpec]

    package static let emailPattern = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"

    /// The longest value (in Unicode scalars) any pattern runs on when a field sets no `maxLength`;
    /// a longer value fails as too long before any regex runs.
    public static let defaultLengthCap = 10_000

    public init(spec: FormSpec, now: Date = Date()) {
        self.init(spec: spec, now: now, outerFields: [:])
    }

    package init(spec: FormSpec, now: Date, outerFields: [String: FormSpec.FieldSpec]) {
        self.spec = spec
        self.outerFields = outerFields
        today = CalendarDate(now)
        var sources = Set([Self.emailPattern])
        for field in spec.fields {
            for rule in field.validations where rule.rule == "regex" {
                if case .string(let pattern) = rule.value { sources.insert(pattern) }
            }
        }
        var patterns: [String: NSRegularExpression] = [:]
        for source in sources.sorted() {
            if let icu = RegexSyntax.icuPattern(source), let regex = try? NSRegularExpression(pattern: icu) {
                patterns[source] = regex
            }
        }
        self.patterns = patterns
        itemValidators = Self.itemValidators(spec, now: now)
    }

    /// Validates a submission given as a JSON object (field id → value).
    public func validate(_ values: [String: JSONValue]) -> ValidationResult {
        let states = FieldStates(spec: spec, values: values, outer: outerFields)
        var errors: [FieldError] = []
        var hidden = states.hidden
        if let exit = states.journey.exitPage {
            let page = spec.pages[exit]
            errors.append(FieldError(field: page.id ?? "page-\(exit + 1)", message: page.title ?? page.id ?? "page \(exit + 1)"))
        }
        for field in spec.fields where !field.isDisplayOnly && !states.hidden.contains(field.id) {
            if field.readOnly {
                // Filled in for the person (a data source, a default): a required one left empty is missing, not wrong.
                if states.required.contains(field.id) && FieldValue.isEmpty(values[field.id], for: field) {
                    errors.append(FieldError(field: field.id, message: say("required", field)))
                }
                continue
            }
            if field.kind == .grid {
                errors += gridErrors(field, values: values, required: states.required.contains(field.id))
                continue
            }
            if field.kind == .repeat {
                let list = checkList(field, values: values, states: states)
                errors += list.errors
                hidden.formUnion(list.hidden)
                continue
            }
            if let message = check(field, values: values, states: states) {
                errors.append(FieldError(field: field.id, message: message))
            }
        }
        let cleaned = data(values, hidden: hidden)
        let prefilled = spec.fields.filter { $0.dataSource != nil && cleaned[$0.id] != nil }.map(\.id)
        return ValidationResult(errors: errors, hidden: hidden.sorted(), data: cleaned, prefilled: prefilled)
    }

    /// Validates a submission given as a JSON document; throws when it is not JSON or not an object.
    public func validate(json: Data) throws -> ValidationResult {
        guard case .object(let values) = try spec.decodeSubmission(json) else { throw SubmissionError.notAnObject }
        return validate(values)
    }

    /// The cleaned submission: trimmed strings, numbers, booleans and lists; hidden, display-only and empty
    /// fields left out (a visible single checkbox is always `true`/`false`); `hidden` may name item fields as
    /// `id[index].field`.
    public func data(_ values: [String: JSONValue], hidden: Set<String>) -> [String: JSONValue] {
        var data: [String: JSONValue] = [:]
        for field in spec.fields where !field.isDisplayOnly && !hidden.contains(field.id) {
            let value = values[field.id]
            if field.kind == .repeat {
                if let list = cleanList(field, value: value, hidden: hidden) { data[field.id] = list }
            } else if field.kind == .grid {
                if let answers = Self.cleanGrid(field, value: value) { data[field.id] = answers }
            } else if field.kind == .file {
                let files = Self.fileItems(value).map { JSONValue.object($0) }
                if !files.isEmpty { data[field.id] = field.upload?.multiple == true ? .array(files) : files[0] }
            } else if field.isSingleCheckbox {
                data[field.id] = .bool(FieldValue.isChecked(value))
            } else if field.isCheckboxGroup {
                let items = FieldValue.items(value)
                if !items.isEmpty { data[field.id] = .array(items.map(JSONValue.string)) }
            } else {
                let text = FieldValue.text(value)
                guard !text.isEmpty else { continue }
                if field.type == "number", let number = FieldValue.decimal(text) {
                    data[field.id] = .number(number)
                } else {
                    data[field.id] = .string(text)
                }
            }
        }
        return data
    }

    /// The first failing check of a visible, editable field, as its message.
    private func check(_ field: FormSpec.FieldSpec, values: [String: JSONValue], states: FieldStates) -> String? {
        let value = values[field.id]
        if FieldValue.isEmpty(value, for: field) {
            guard states.required.contains(field.id) else { return nil }
            return say("required", field)
        }
        if field.kind == .file { return fileFailure(field, value: value) }
        let text = FieldValue.text(value)
        if field.type == "number" && FieldValue.decimal(text) == nil { return say("number", field) }
        if field.type == "date" && CalendarDate(iso: text) == nil { return say("date", field) }
        if field.isChoice, field.optionsFrom == nil, let options = field.options {
            let allowed = Set(options.map(\.value))
            let chosen = field.isCheckboxGroup ? FieldValue.items(value) : [text]
            if !chosen.allSatisfy(allowed.contains) { return say("option", field) }
            if field.mixesExclusive(value) { return say("exclusive", field) }
        }
        let maxLengthRule = field.validations.first { $0.rule == "maxLength" }
        let cap = maxLengthRule.flatMap { rule -> Int? in
            if case .number(let number) = rule.value, number >= 0, number < Double(Int.max) { return Int(number) }
            return nil
        } ?? Self.defaultLengthCap
        if text.unicodeScalars.count > cap {
            return Self.fill(maxLengthRule?.message ?? Messages.pluralForm("tooLong", count: cap, language: spec.lang, in: spec.messages) ?? "maxLength", value: String(cap))
        }
        if let mask = field.mask, !Self.matches(text, mask: mask) {
            return say("mask", field, value: mask)
        }
        for rule in field.validations {
            if let shown = failure(of: rule, text: text, field: field, values: values, states: states) {
                return Self.fill(rule.message ?? rule.rule, value: shown)
            }
        }
        return nil
    }

    /// The field's message for a check, `{value}` filled in.
    package func say(_ check: String, _ field: FormSpec.FieldSpec, value: String = "") -> String {
        Self.fill(field.messages?[check] ?? check, value: value)
    }

    /// A message with `{value}` replaced by the value that failed.
    private static func fill(_ message: String, value: String) -> String {
        Messages.format(message, ["value": value])
    }

    /// nil when `rule` passes; otherwise the text that stands for `{value}` in its message.
    private func failure(of rule: FormSpec.ValidationSpec, text: String, field: FormSpec.FieldSpec,
                         values: [String: JSONValue], states: FieldStates) -> String? {
        let ruleText = rule.value?.text ?? ""
        let number: Double? = {
            if case .number(let number) = rule.value { return number }
            return FieldValue.decimal(ruleText)
        }()
        switch rule.rule {
        case "regex":
            guard let regex = patterns[ruleText] else { return nil }
            return search(regex, text) ? nil : ruleText
        case "email":
            return search(patterns[Self.emailPattern]!, text) ? nil : ""
        case "minLength", "maxLength":
            guard let limit = number else { return nil }
            let length = Double(text.unicodeScalars.count)
            return (rule.rule == "minLength" ? length >= limit : length <= limit) ? nil : ruleText
        case "maxWords":
            guard let limit = number else { return nil }
            return Double(FieldValue.wordCount(text)) <= limit ? nil : ruleText
        case "minValue", "maxValue":
            guard let limit = number else { return nil }
            guard let given = FieldValue.decimal(text) else { return ruleText }
            return (rule.rule == "minValue" ? given >= limit : given <= limit) ? nil : ruleText
        case "mask":
            return Self.matches(text, mask: ruleText) ? nil : ruleText
        case "minDate", "maxDate":
            guard let bound = CalendarDate.bound(ruleText, today: today) else { return nil }
            guard let date = CalendarDate(iso: text) else { return bound.iso }
            return (rule.rule == "minDate" ? date >= bound : date <= bound) ? nil : bound.iso
        case "minAge", "maxAge":
            guard let limit = number else { return nil }
            guard let date = CalendarDate(iso: text) else { return ruleText }
            let years = Double(date.fullYears(until: today))
            return (rule.rule == "minAge" ? years >= limit : years <= limit) ? nil : ruleText
        case "equalsField":
            let other = states.hidden.contains(ruleText) ? "" : FieldValue.text(values[ruleText])
            return Array(text.unicodeScalars) == Array(other.unicodeScalars) ? nil : ruleText
        default:
            return nil
        }
    }

    /// A search abandoned at its step budget (a catastrophic pattern) counts as no match.
    private func search(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.boundedSearch(text) == .match
    }

    /// Whether `text` has exactly the mask's shape: `#` a digit, `A` a letter, `*` either, anything else itself.
    package static func matches(_ text: String, mask: String) -> Bool {
        let characters = Array(text.unicodeScalars), shape = Array(mask.unicodeScalars)
        guard characters.count == shape.count else { return false }
        for (character, slot) in zip(characters, shape) {
            let digit = ("0"..."9").contains(character)
            let letter = ("A"..."Z").contains(character) || ("a"..."z").contains(character)
            switch slot {
            case "#": if !digit { return false }
            case "A": if !letter { return false }
            case "*": if !digit && !letter { return false }
            default: if character != slot { return false }
            }
        }
        return true
    }
}

/// A submission that cannot be validated at all.
public enum SubmissionError: Error, CustomStringConvertible {
    case notAnObject
    /// A JSON body gave a value for a file field: files come only as multipart parts, whose metadata the server
    /// works out from the bytes it received.
    case fileOutsideItsPart(String)

    public var description: String {
        switch self {
        case .notAnObject: return "the submission must be a JSON object of field ids to values"
        case .fileOutsideItsPart(let field):
            return "'\(field)' is a file field: files are sent as multipart/form-data parts, never as values in JSON"
        }
    }
}
