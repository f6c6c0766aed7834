import Foundation

extension FormValidator {
    /// One validator per repeating section, over a spec of just its item fields (no rules, one page).
    static func itemValidators(_ spec: FormSpec, now: Date) -> [String: FormValidator] {
        var validators: [String: FormValidator] = [:]
        for field in spec.fields where field.kind == .repeat {
            var item = spec
            item.fields = field.fields ?? []
            item.rules = []
            item.pages = [FormSpec.PageSpec(title: nil, fields: item.fields.map(\.id))]
            item.review = nil
            validators[field.id] = FormValidator(spec: item, now: now)
        }
        return validators
    }

    /// A repeating section's items: a list's entries, each an object (anything else reads as an empty item);
    /// no list reads as no items.
    static func listItems(_ value: JSONValue?) -> [[String: JSONValue]] {
        guard case .array(let entries) = value else { return [] }
        return entries.map { entry in
            if case .object(let members) = entry { return members }
            return [:]
        }
    }

    /// A repeating section's errors: too few (when it needs an item) or too many items under its id, then each item's
    /// field errors under `id[index].field`, the message led by the item's legend ("Pet 2: Enter a name").
    func checkList(_ field: FormSpec.FieldSpec, value: JSONValue?, required: Bool) -> [FieldError] {
        guard let policy = field.repeat, let validator = itemValidators[field.id] else { return [] }
        let items = Self.listItems(value)
        var errors: [FieldError] = []
        if items.count < policy.min && (required || !items.isEmpty) {
            errors.append(FieldError(field: field.id, message: Messages.format(field.messages?["minItems"] ?? "minItems", ["value": String(policy.min)])))
        } else if let max = policy.max, items.count > max {
            errors.append(FieldError(field: field.id, message: Messages.format(field.messages?["maxItems"] ?? "maxItems", ["value": String(max)])))
        }
        for (index, item) in items.enumerated() {
            let legend = Messages.format(policy.itemLabel, ["n": String(index + 1)])
            for error in validator.validate(item).errors {
                errors.append(FieldError(field: FormSpec.itemKey(field.id, index, error.field), message: "\(legend): \(error.message)"))
            }
        }
        return errors
    }

    /// The cleaned list: each item cleaned as a submission of its fields; nil for no items.
    func cleanList(_ field: FormSpec.FieldSpec, value: JSONValue?) -> JSONValue? {
        guard let validator = itemValidators[field.id] else { return nil }
        let items = Self.listItems(value)
        guard !items.isEmpty else { return nil }
        return .array(items.map { .object(validator.data($0, hidden: [])) })
    }
}
