// The twin of grid.js: a grid's answers row by row (a row or column it does not have refused, every row of a required
// grid answered) and its cleaned value.

extension FormValidator {
    /// A grid's answers: the submitted object's entries (anything but an object is no answer at all).
    package static func gridAnswers(_ value: JSONValue?) -> [String: JSONValue] {
        if case .object(let answers)? = value { return answers }
        return [:]
    }

    /// The columns chosen in one row: for `multiple`, a list (one string counts as a one-item list); otherwise the one
    /// answer as text, or nil when the row was given a list (which a row of radios cannot hold).
    package static func gridChoices(_ value: JSONValue?, multiple: Bool) -> [String]? {
        if multiple { return FieldValue.items(value) }
        if case .array? = value { return nil }
        let text = FieldValue.text(value)
        return text.isEmpty ? [] : [text]
    }

    /// A grid's errors: an answer to a row it does not have (on the grid), then each row's (`grid.row`): a column it
    /// does not have, or, when the grid is required, no answer.
    package func gridErrors(_ field: FormSpec.FieldSpec, values: [String: JSONValue], required: Bool) -> [FieldError] {
        let answers = Self.gridAnswers(values[field.id]), rows = field.rows ?? [], multiple = field.multiple == true
        let columns = Set((field.options ?? []).map(\.value)), known = Set(rows.map(\.value))
        var errors: [FieldError] = []
        if answers.keys.contains(where: { !known.contains($0) }) { errors.append(FieldError(field: field.id, message: say("option", field))) }
        for row in rows {
            let key = "\(field.id).\(row.value)"
            guard let chosen = Self.gridChoices(answers[row.value], multiple: multiple) else {
                errors.append(FieldError(field: key, message: say("option", field)))
                continue
            }
            if chosen.isEmpty {
                if required { errors.append(FieldError(field: key, message: say("gridRow", field, value: row.label))) }
            } else if !chosen.allSatisfy(columns.contains) {
                errors.append(FieldError(field: key, message: say("option", field)))
            }
        }
        return errors
    }

    /// A grid's cleaned answers: its rows that have one, each a column (a list of them for `multiple`); nil for none.
    package static func cleanGrid(_ field: FormSpec.FieldSpec, value: JSONValue?) -> JSONValue? {
        let answers = gridAnswers(value), multiple = field.multiple == true
        var cleaned: [String: JSONValue] = [:]
        for row in field.rows ?? [] {
            guard let chosen = gridChoices(answers[row.value], multiple: multiple), !chosen.isEmpty else { continue }
            cleaned[row.value] = multiple ? .array(chosen.map(JSONValue.string)) : .string(chosen[0])
        }
        return cleaned.isEmpty ? nil : .object(cleaned)
    }

    /// Whether no row of a grid has an answer.
    package static func gridIsEmpty(_ value: JSONValue?) -> Bool {
        gridAnswers(value).values.allSatisfy { FieldValue.items($0).isEmpty }
    }
}
