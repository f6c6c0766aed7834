extension SubmissionSchema {
    /// A repeating section's list: `type: array` with `minItems`/`maxItems`, each item an object of its fields
    /// (required ones in `required`), nothing else.
    func listSchema(_ section: Section) -> JSONValue {
        let policy = section.repeat ?? RepeatPolicy(at: SourceLocation(file: "", line: 0, column: 0))
        let fields = section.itemFields.filter { !$0.kind.isDisplayOnly }
        let texts = Messages.table(for: form.language)
        let label = section.title ?? section.id ?? ""
        var properties: [String: JSONValue] = [:]
        for field in fields { properties[field.id] = propertySchema(field) }
        var item: JSONValue = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        let required = fields.filter { $0.required && !$0.readOnly && $0.dataSource == nil }
        if !required.isEmpty {
            item["required"] = .array(required.map { .string($0.id) })
            item["errorMessage"] = ["required": .object(Dictionary(uniqueKeysWithValues: required.map { ($0.id, JSONValue.string(requiredMessage($0))) }))]
        }
        var schema: JSONValue = ["type": "array", "title": .string(label), "items": item]
        var messages: [String: JSONValue] = [:]
        if policy.min > 0 {
            schema["minItems"] = .numeric(Double(policy.min))
            messages["minItems"] = .string(Messages.format(texts["minItems"] ?? "", ["label": label, "value": String(policy.min)]))
        }
        if let max = policy.max {
            schema["maxItems"] = .numeric(Double(max))
            messages["maxItems"] = .string(Messages.format(texts["maxItems"] ?? "", ["label": label, "value": String(max)]))
        }
        if !messages.isEmpty { schema["errorMessage"] = .object(messages) }
        return schema
    }
}
