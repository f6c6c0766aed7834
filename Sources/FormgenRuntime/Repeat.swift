// The twin of repeat.js: a repeating section's checks (counts, then each item) and its cleaned value.

import Foundation

extension FormValidator {
    /// One validator per repeating section, over a spec of just its item fields (one page) with the section's rules,
    /// which test the item's own fields or, through `outerFields`, fields outside the section.
    package static func itemValidators(_ spec: FormSpec, now: Date) -> [String: FormValidator] {
        let byID = Dictionary(spec.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var validators: [String: FormValidator] = [:]
        for field in spec.fields where field.kind == .repeat {
            var item = spec
            item.fields = field.fields ?? []
            item.rules = field.rules ?? []
            item.pages = [FormSpec.PageSpec(title: nil, fields: item.fields.map(\.id))]
            item.review = nil
            let inside = Set(item.fields.map(\.id))
            var outer: [String: FormSpec.FieldSpec] = [:]
            for rule in item.rules where !inside.contains(rule.field) { outer[rule.field] = byID[rule.field] }
            validators[field.id] = FormValidator(spec: item, now: now, outerFields: outer)
        }
        return validators
    }

    /// A repeating section's items: a list's entries, each an object (anything else reads as an empty item);
    /// no list reads as no items.
    package static func listItems(_ value: JSONValue?) -> [[String: JSONValue]] {
        guard case .array(let entries) = value else { return [] }
        return entries.map { entry in
            if case .object(let members) = entry { return members }
            return [:]
        }
    }

    /// One item's values as its rules read them: its own, and the values of the fields outside the section its rules
    /// test (a hidden one left out, so it counts as empty).
    package func itemValues(_ item: [String: JSONValue], section: String, values: [String: JSONValue], hidden: Set<String>) -> [String: JSONValue] {
        guard let validator = itemValidators[section], !validator.outerFields.isEmpty else { return item }
        var merged = item
        for id in validator.outerFields.keys { merged[id] = hidden.contains(id) ? nil : values[id] }
        return merged
    }

    /// Whether an item of an optional list (`min: 0`) has no answer at all: it is no item (a page without JavaScript
    /// sends its one empty item), so it is neither checked nor kept; its index stays, for the other items' keys.
    func isBlank(_ item: [String: JSONValue], in field: FormSpec.FieldSpec) -> Bool {
        guard field.repeat?.min == 0, let inner = field.fields else { return false }
        return inner.allSatisfy { $0.isDisplayOnly || FieldValue.isEmpty(item[$0.id], for: $0) }
    }

    /// A repeating section's errors: too few (when it needs an item) or too many items under its id (and then nothing
    /// more), else each item's field errors under `id[index].field`, the message led by the item's legend ("Pet 2: Enter a name"); and the
    /// keys of the item fields its rules hide (`id[index].field`).
    package func checkList(_ field: FormSpec.FieldSpec, values: [String: JSONValue], states: FieldStates) -> (errors: [FieldError], hidden: [String]) {
        guard let policy = field.repeat, let validator = itemValidators[field.id] else { return ([], []) }
        var count = 0
        if case .array(let entries)? = values[field.id] { count = entries.count }
        if let max = policy.max, count > max {
            // Too many items is the answer: the page never sends more, and checking each of millions would take seconds.
            return ([FieldError(field: field.id, message: Messages.format(field.messages?["maxItems"] ?? "maxItems", ["value": String(max)]))], [])
        }
        let items = Self.listItems(values[field.id])
        let given = items.indices.filter { !isBlank(items[$0], in: field) }
        var errors: [FieldError] = []
        var hidden: [String] = []
        if given.count < policy.min && (states.required.contains(field.id) || !given.isEmpty) {
            errors.append(FieldError(field: field.id, message: Messages.format(field.messages?["minItems"] ?? "minItems", ["value": String(policy.min)])))
        }
        for index in given {
            let item = items[index]
            let legend = Messages.format(policy.itemLabel, ["n": String(index + 1)])
            let result = validator.validate(itemValues(item, section: field.id, values: values, hidden: states.hidden))
            for error in result.errors {
                errors.append(FieldError(field: FormSpec.itemKey(field.id, index, error.field), message: "\(legend): \(error.message)"))
            }
            hidden += result.hidden.map { FormSpec.itemKey(field.id, index, $0) }
        }
        return (errors, hidden)
    }

    /// The cleaned list: each item cleaned as a submission of its fields, leaving out those whose key
    /// (`id[index].field`) is in `hidden`, and an optional list's blank items; nil for no items.
    package func cleanList(_ field: FormSpec.FieldSpec, value: JSONValue?, hidden: Set<String>) -> JSONValue? {
        guard let validator = itemValidators[field.id] else { return nil }
        let items = Self.listItems(value)
        let given = items.indices.filter { !isBlank(items[$0], in: field) }
        guard !given.isEmpty else { return nil }
        return .array(given.map { index in
            let item = items[index]
            let inItem = Set(validator.spec.fields.map(\.id).filter { hidden.contains(FormSpec.itemKey(field.id, index, $0)) })
            return .object(validator.data(item, hidden: inItem))
        })
    }
}

extension FormSpec {
    /// The key of a field in one item of a repeating section (`pets[1].pet_name`), in errors and in the page's names.
    public static func itemKey(_ group: String, _ index: Int, _ field: String) -> String { "\(group)[\(index)].\(field)" }
}
