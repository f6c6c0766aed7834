// The twin of rules.js: which fields the rules hide and which they make required.

/// Which fields a form's rules hide and which they make required, for one set of values.
///
/// Every pass evaluates the rules in order against the values, a field hidden in the previous pass
/// counting as empty; passes repeat until the hidden set stops changing (at most `rules.count + 1`),
/// so chains of rules settle. Then the ``Journey`` is walked, and every field on a page it does not visit is
/// hidden too; the rules run again with those fields empty until the skipped pages stop changing (at most
/// `pages.count` rounds). The browser runtime computes the same thing.
public struct FieldStates: Sendable, Hashable {
    public var hidden: Set<String>
    public var required: Set<String>
    /// The pages visited for these values.
    public var journey: Journey

    /// `outer`: for one item of a repeating section, the fields outside it that its rules test (their values are in
    /// `values` too, hidden ones left out).
    public init(spec: FormSpec, values: [String: JSONValue], outer: [String: FormSpec.FieldSpec] = [:]) {
        let fields = Dictionary(spec.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }).merging(outer) { own, _ in own }
        var skipped: Set<String> = []
        var rules = Self.ruleStates(spec: spec, values: values, fields: fields, skipped: skipped)
        var journey = Journey(spec: spec, values: values, hidden: rules.hidden, fields: fields)
        for _ in 0..<max(spec.pages.count, 1) {
            let onPath = Set(journey.path)
            let now = Set(spec.pages.enumerated().filter { !onPath.contains($0.offset) }.flatMap(\.element.fields))
            if now == skipped { break }
            skipped = now
            rules = Self.ruleStates(spec: spec, values: values, fields: fields, skipped: skipped)
            journey = Journey(spec: spec, values: values, hidden: rules.hidden, fields: fields)
        }
        hidden = rules.hidden.union(skipped)
        required = rules.required
        self.journey = journey
    }
}

extension FormSpec.FieldSpec {
    package var isDisplayOnly: Bool { kind.isDisplayOnly }
    package var isCheckboxGroup: Bool { kind == .checkboxGroup }
    package var isSingleCheckbox: Bool { kind == .checkbox }
    package var isChoice: Bool { kind.isChoice }
}

extension FieldValue {
    /// Missing, empty after trimming, an unticked checkbox or an empty group.
    package static func isEmpty(_ value: JSONValue?, for field: FormSpec.FieldSpec) -> Bool {
        if field.isSingleCheckbox { return !isChecked(value) }
        if field.isCheckboxGroup { return items(value).isEmpty }
        if field.kind == .repeat { return FormValidator.listItems(value).isEmpty }
        if field.kind == .file { return FormValidator.fileItems(value).isEmpty }
        if field.kind == .grid { return FormValidator.gridIsEmpty(value) }
        return text(value).isEmpty
    }
}
