extension SubmissionSchema {
    /// A file field's value: the file's metadata `{name, size, type}` (a server adds `sha256`), `size` at most `maxSize`;
    /// a list of them for `multiple` (at most `maxFiles`). Whether `accept` allows the type is left to `formgen validate`.
    func fileSchema(_ field: Field) -> JSONValue {
        let upload = field.upload ?? UploadRules()
        let texts = self.texts(field)
        var size: JSONValue = ["type": "number", "minimum": 0]
        if let limit = upload.maxSize {
            size["maximum"] = .numeric(Double(limit))
            size["errorMessage"] = ["maximum": .string(texts.format("fileSize").text)]
        }
        var file: JSONValue = [
            "type": "object",
            "properties": ["name": ["type": "string"], "size": size, "type": ["type": "string"], "sha256": ["type": "string", "pattern": "^[0-9a-f]{64}$"]],
            "required": ["name", "size", "type"],
            "additionalProperties": false,
        ]
        if !upload.accept.isEmpty {
            file["x-formgen-unchecked"] = [["rule": "accept", "value": .array(upload.accept.map(JSONValue.string)), "message": .string(texts.format("fileType").text)]]
        }
        var schema = file
        if upload.multiple {
            schema = ["type": "array", "items": file, "minItems": 1]
            if let most = upload.maxFiles {
                schema["maxItems"] = .numeric(Double(most))
                schema["errorMessage"] = ["maxItems": .string(texts.format("fileCount").text)]
            }
        }
        schema["title"] = .string(field.label.isEmpty ? field.id : field.label)
        return schema
    }

    /// A repeating section's list: `type: array` with `minItems`/`maxItems`, each item an object of its fields
    /// (required ones in `required`), nothing else. An item field a rule acts on is decided in the item by the rule's
    /// `if`/`then` when the rule tests a field of the same item, and is optional when it tests a field outside the list.
    func listSchema(_ section: Section) -> JSONValue {
        let policy = section.repeat ?? RepeatPolicy(at: SourceLocation(file: "", line: 0, column: 0))
        let fields = section.itemFields.filter { !$0.kind.isDisplayOnly }
        let texts = tables.table(for: form.language)
        let label = section.title ?? section.id ?? ""
        let inside = Set(fields.map(\.id))
        var properties: [String: JSONValue] = [:]
        var required: [Field] = []
        var conditions: [JSONValue] = []
        for field in fields {
            properties[field.id] = propertySchema(field)
            let rules = form.rules.filter { $0.targets.contains(field.id) }
            guard rules.allSatisfy({ inside.contains($0.field) }) else {
                var notes: [JSONValue] = []
                if case .array(let given)? = properties[field.id]?["x-formgen-unchecked"] { notes = given }
                properties[field.id]?["x-formgen-unchecked"] = .array(notes + [[
                    "rule": "rules", "message": "Whether it is shown or required in an item depends on a field outside the list; `formgen validate` applies the rule.",
                ]])
                continue
            }
            switch rulePresence(of: field) {
            case .required: required.append(field)
            case .conditional(let schema): conditions.append(schema)
            case .optional, .undetermined: break
            }
        }
        var item: JSONValue = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !conditions.isEmpty { item["allOf"] = .array(conditions) }
        if !required.isEmpty {
            item["required"] = .array(required.map { .string($0.id) })
            item["errorMessage"] = ["required": .object(Dictionary(uniqueKeysWithValues: required.map { ($0.id, JSONValue.string(requiredMessage($0))) }))]
        }
        var schema: JSONValue = ["type": "array", "title": .string(label), "items": item]
        var messages: [String: JSONValue] = [:]
        if policy.min > 0 {
            schema["minItems"] = .numeric(Double(policy.min))
            messages["minItems"] = .string(Messages.format(Messages.text("minItems", count: policy.min, language: form.language, in: texts) ?? "", ["label": label, "value": String(policy.min)]))
        }
        if let max = policy.max {
            schema["maxItems"] = .numeric(Double(max))
            messages["maxItems"] = .string(Messages.format(Messages.text("maxItems", count: max, language: form.language, in: texts) ?? "", ["label": label, "value": String(max)]))
        }
        if !messages.isEmpty { schema["errorMessage"] = .object(messages) }
        return schema
    }
}
