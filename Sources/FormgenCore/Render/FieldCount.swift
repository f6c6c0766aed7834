import FormgenRuntime

/// The character or word count under a field (GOV.UK's character count): which fields show one, and what the page
/// says under them before the runtime's `count` module counts ("You can enter up to 200 characters").
///
/// A count shows under a textarea with `maxLength` or `maxWords`, and under a one-line text input with `maxWords`
/// (GOV.UK's character count is for long answers): a one-line answer's `maxLength` is said by the check alone, and a
/// short one's by the input's width (`fg-width-*`). The count follows the first `maxWords` rule, else the first
/// `maxLength`.
enum FieldCount {
    /// Whether a page spec's field shows a count.
    static func shows(_ field: FormSpec.FieldSpec) -> Bool { countedRule(field) != nil }

    /// The rule a page spec's field counts by, `maxWords` (words) or `maxLength` (characters); nil when it shows no count.
    static func countedRule(_ field: FormSpec.FieldSpec) -> String? {
        guard field.kind == .textarea || (field.kind == .input && field.type == FieldType.text.rawValue) else { return nil }
        return rule(field.validations.map { ($0.rule, $0.value.flatMap(Self.number)) }, textarea: field.kind == .textarea)?.name
    }

    /// The rule a field's count follows, as (name, limit); nil when it shows none.
    static func rule(of field: Field) -> (name: String, limit: Int)? {
        guard field.kind == .textarea || (field.kind == .input && field.type == .text) else { return nil }
        let rules = field.validations.map { rule -> (String, Int?) in
            switch rule.kind {
            case .maxLength(let n), .maxWords(let n): return (rule.name, n)
            default: return (rule.name, nil)
            }
        }
        return rule(rules, textarea: field.kind == .textarea)
    }

    /// "You can enter up to 200 characters" (or words) in the page's language; nil when the field shows no count.
    static func hint(for field: Field, language: String, tables: MessageTables) -> String? {
        guard let rule = rule(of: field) else { return nil }
        let key = rule.name == "maxWords" ? "countWordsHint" : "countCharsHint"
        let table = tables.table(for: language)
        guard let text = Messages.pluralForm(key, count: rule.limit, language: language, in: table) else { return nil }
        return Messages.format(text, ["value": String(rule.limit)])
    }

    private static func rule(_ rules: [(String, Int?)], textarea: Bool) -> (name: String, limit: Int)? {
        if let words = rules.first(where: { $0.0 == "maxWords" && $0.1 != nil }) { return (words.0, words.1!) }
        guard textarea, let length = rules.first(where: { $0.0 == "maxLength" && $0.1 != nil }) else { return nil }
        return (length.0, length.1!)
    }

    private static func number(_ value: SpecValue) -> Int? {
        if case .number(let number) = value, number >= 0, number < 1e15 { return Int(number) }
        return nil
    }
}
