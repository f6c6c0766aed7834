/// The JSON Schema (2020-12) of a form's submission, as the page sends it.
///
/// The shape: text-like answers are trimmed, non-empty strings; `number` a JSON number; a single
/// checkbox a boolean; a checkbox group a list of strings; yes/no `"Yes"` or `"No"`; hidden,
/// display-only and empty fields are left out, and nothing else is sent. Visibility and
/// require/unrequire rules become `if`/`then`/`else`. Read-only (prefilled) fields are typed but not
/// checked, as on the page. What JSON Schema cannot say (dates relative to today, ages, equal
/// fields) is listed under `x-formgen-unchecked`, for `formgen validate`. Messages are carried in
/// `errorMessage`, in the shape of ajv-errors.
public struct SubmissionSchema {
    public let form: Form
    /// The site's base URL: absolute ones give the schema an `$id`.
    public let baseURL: String
    let fieldsByID: [String: Field]
    /// The tables formgen's messages come from.
    let tables: MessageTables

    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    public init(form: Form, baseURL: String = "/", tables: MessageTables = .builtin) {
        self.form = form
        self.baseURL = baseURL
        self.tables = tables
        // Only the conditions of rules and of page branches look fields up by id.
        let hasConditions = !form.rules.isEmpty || form.pages.contains { !$0.next.isEmpty }
        fieldsByID = !hasConditions ? [:] : Dictionary(form.allFields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The schema as pretty-printed JSON.
    public func json() -> String { document().pretty() }

    public func document() -> JSONValue {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        var requiredMessages: [String: JSONValue] = [:]
        var conditions: [JSONValue] = []
        var unchecked = false
        let owners = form.repeatOf
        for section in form.repeatingSections {
            guard let id = section.id, let policy = section.repeat else { continue }
            properties[id] = listSchema(section)
            if case .object(let inner)? = properties[id]?["items"]?["properties"], inner.values.contains(where: { $0["x-formgen-unchecked"] != nil }) {
                unchecked = true
            }
            if policy.min > 0 {
                required.append(.string(id))
                requiredMessages[id] = properties[id]?["errorMessage"]?["minItems"] ?? .string(id)
            }
        }
        for field in form.inputFields where owners[field.id] == nil {
            let property = propertySchema(field)
            properties[field.id] = property
            if property["x-formgen-unchecked"] != nil { unchecked = true }
            switch presence(of: field) {
            case .optional:
                break
            case .required:
                required.append(.string(field.id))
                requiredMessages[field.id] = .string(requiredMessage(field))
                if field.kind == .grid {
                    properties[field.id]?["required"] = .array(field.rows.map { .string($0.value) })
                    let rowMessage = texts(field).format("gridRow").text
                    let rowMessages = field.rows.map { ($0.value, JSONValue.string(Messages.format(rowMessage, ["value": $0.label]))) }
                    properties[field.id]?["errorMessage"] = ["required": .object(Dictionary(uniqueKeysWithValues: rowMessages))]
                }
                if field.kind == .checkbox {
                    properties[field.id]?["const"] = true
                    properties[field.id]?["errorMessage"] = ["const": .string(requiredMessage(field))]
                }
            case .conditional(let schema):
                conditions.append(schema)
            case .undetermined:
                unchecked = true
                var notes: [JSONValue] = []
                if case .array(let items)? = properties[field.id]?["x-formgen-unchecked"] { notes = items }
                notes.append(["rule": "rules", "message": "Whether it is shown or required depends on a rule JSON Schema cannot express (a number comparison on text)."])
                properties[field.id]?["x-formgen-unchecked"] = .array(notes)
            }
        }
        var document: JSONValue = [
            "$schema": .string(Self.dialect),
            "title": .string(form.title),
            "description": .string("A submission of the form '\(form.id)', as its page sends it (formgen)."),
            "type": "object",
            "properties": .object(properties),
            "additionalProperties": false,
            "$defs": Self.definitions,
            "$comment": .string(comment(unchecked: unchecked)),
        ]
        if !required.isEmpty {
            document["required"] = .array(required)
            document["errorMessage"] = ["required": .object(requiredMessages)]
        }
        conditions += exitConditions()
        if !conditions.isEmpty { document["allOf"] = .array(conditions) }
        let lower = baseURL.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            document["$id"] = .string(baseURL + form.path + "/schema.json")
        }
        return document
    }

    /// `$defs`, the same in every schema: made once.
    static let definitions: JSONValue = ["trimmed": [
        "type": "string",
        "pattern": .string(SchemaPatterns.trimmed),
        "description": "Trimmed and not empty: the page trims every answer and leaves empty ones out.",
    ]]

    private func comment(unchecked: Bool) -> String {
        var text = "Generated by formgen from the form's config; the page and `formgen validate \(form.id)` apply the same rules."
        if form.submission.encoding == .form {
            text += " The page posts this form as application/x-www-form-urlencoded; the schema describes the same answers as JSON, as `formgen validate` reads them."
        }
        if unchecked {
            text += " Some checks cannot be written in JSON Schema (dates relative to today, ages, equal fields, rules on them):"
                + " each field lists them under x-formgen-unchecked, and `formgen validate` applies them."
        }
        return text
    }

    // MARK: One field's value

    /// What a field's value must be when it is sent.
    func propertySchema(_ field: Field) -> JSONValue {
        if field.kind == .file { return fileSchema(field) }
        if field.kind == .grid { return gridSchema(field) }
        if field.kind == .scale { return scaleSchema(field) }
        let texts = self.texts(field)
        var schema = ValueSchema(title: field.label.isEmpty ? field.id : field.label)
        let skipped = field.readOnly || field.dataSource != nil
        switch field.kind {
        case .input where field.type == .number:
            schema.set("type", "number", message: skipped ? nil : texts.format("number").text)
        case .checkbox:
            schema.set("type", "boolean", message: nil)
        case .checkboxGroup:
            schema.set("type", "array", message: nil)
            var items: JSONValue = ["$ref": "#/$defs/trimmed"]
            if !field.effectiveOptions.isEmpty, !skipped {
                items = ["enum": .array(field.effectiveOptions.map { .string($0.value) }), "errorMessage": ["enum": .string(texts.format("option").text)]]
            }
            schema.members["items"] = items
            schema.members["minItems"] = 1
            schema.members["uniqueItems"] = true
            if let only = field.options.first(where: { $0.exclusive == true }), !skipped {
                // "None of these" on its own: with it in the list, the list holds one item (the items are unique).
                schema.extra.append(["if": ["contains": ["const": .string(only.value)]],
                                     "then": ["maxItems": 1, "errorMessage": ["maxItems": .string(texts.format("exclusive").text)]]])
            }
        default:
            schema.set("type", "string", message: nil)
            schema.extra.append(["$ref": "#/$defs/trimmed"])
        }
        if skipped {
            schema.members["readOnly"] = true
            return schema.value
        }
        if field.type == .date {
            schema.set("format", "date", message: nil)
            schema.set("pattern", .string(SchemaPatterns.realDate), message: texts.format("date").text)
        }
        if field.kind == .select || field.kind == .radioGroup, field.optionsSource == nil, !field.effectiveOptions.isEmpty {
            schema.set("enum", .array(field.effectiveOptions.map { .string($0.value) }), message: texts.format("option").text)
        }
        if let mask = field.mask {
            schema.set("pattern", .string(SchemaPatterns.mask(mask)), message: texts.format("mask").text)
        }
        if field.type == .email, !field.validations.contains(where: { $0.name == "email" }) {
            schema.set("format", "email", message: nil)
            schema.set("pattern", .string(SchemaPatterns.email), message: texts.format("email").text)
        }
        let isString = field.type != .number && field.kind != .checkbox && field.kind != .checkboxGroup
        var needsRealDate = field.type != .date
        for rule in field.validations {
            let text = texts.rule(rule, value: Messages.ruleValue(rule.kind)).text
            switch rule.kind {
            case .required:
                break
            case .regex(let pattern) where isString:
                schema.set("pattern", .string(pattern), message: text)
            case .minLength(let n) where isString:
                schema.set("minLength", .numeric(Double(n)), message: text)
            case .maxLength(let n) where isString:
                schema.set("maxLength", .numeric(Double(n)), message: text)
            case .minValue(let n) where field.type == .number:
                schema.set("minimum", .numeric(n), message: text)
            case .maxValue(let n) where field.type == .number:
                schema.set("maximum", .numeric(n), message: text)
            case .email where isString:
                schema.set("format", "email", message: nil)
                schema.set("pattern", .string(SchemaPatterns.email), message: text)
            case .mask(let mask) where isString:
                if mask != field.mask { schema.set("pattern", .string(SchemaPatterns.mask(mask)), message: text) }
            case .minDate(.fixed), .maxDate(.fixed):
                guard isString else { fallthrough }
                if needsRealDate {
                    schema.set("pattern", .string(SchemaPatterns.realDate), message: texts.format("date").text)
                    needsRealDate = false
                }
                let atLeast: Bool, bound: DateBound
                if case .minDate(let value) = rule.kind { atLeast = true; bound = value } else if case .maxDate(let value) = rule.kind { atLeast = false; bound = value } else { continue }
                schema.set("pattern", .string(SchemaPatterns.date(bound.description, atLeast: atLeast)), message: text)
                schema.members[atLeast ? "formatMinimum" : "formatMaximum"] = .string(bound.description)
            default:
                if isString, needsRealDate, ["minDate", "maxDate", "minAge", "maxAge"].contains(rule.name) {
                    schema.set("pattern", .string(SchemaPatterns.realDate), message: texts.format("date").text)
                    needsRealDate = false
                }
                var entry: JSONValue = ["rule": .string(rule.name), "message": .string(text)]
                if let value = FormSpec.ValidationSpec.value(of: rule.kind) {
                    switch value {
                    case .string(let string): entry["value"] = .string(string)
                    case .number(let number): entry["value"] = .numeric(number)
                    }
                }
                schema.unchecked.append(entry)
            }
        }
        return schema.value
    }

    /// The field's messages.
    func texts(_ field: Field) -> FieldMessages { FieldMessages(field: field, form: form, tables: tables) }

    /// What the page and `formgen validate` say when the field is missing: for a field filled in from a data
    /// source, that the source left it out.
    func requiredMessage(_ field: Field) -> String {
        field.readOnly || field.dataSource != nil ? texts(field).format("readOnlyMissing").text : texts(field).required.text
    }
}
