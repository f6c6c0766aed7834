// The twin of choice.js: a checkbox group's "None of these" (its exclusive option) chosen with another option.

extension FormSpec.FieldSpec {
    /// The value of the group's exclusive option ("None of these"), or nil.
    package var exclusiveValue: String? {
        guard isCheckboxGroup else { return nil }
        return options?.first { $0.exclusive == true }?.value
    }

    /// Whether the chosen items hold the exclusive option together with another (the `exclusive` check).
    package func mixesExclusive(_ value: JSONValue?) -> Bool {
        guard let only = exclusiveValue else { return false }
        let chosen = FieldValue.items(value)
        return chosen.count > 1 && chosen.contains(only)
    }
}
