import FormgenRuntime

extension SubmissionSchema {
    /// A grid's answer: an object of its rows (no other key), each one of the columns (a list of them for `multiple`);
    /// a required grid's rows are all required (set where its presence is decided).
    func gridSchema(_ field: Field) -> JSONValue {
        let columns: JSONValue = .array(field.options.map { .string($0.value) })
        let option = JSONValue.string(texts(field).format("option").text)
        let row: JSONValue = field.multiple
            ? ["type": "array", "items": ["enum": columns, "errorMessage": ["enum": option]], "minItems": 1, "uniqueItems": true]
            : ["enum": columns, "errorMessage": ["enum": option]]
        var schema = ValueSchema(title: field.label.isEmpty ? field.id : field.label)
        schema.set("type", "object", message: nil)
        var rows: [String: JSONValue] = [:]
        for entry in field.rows {
            var property = row
            property["title"] = .string(entry.label)
            rows[entry.value] = property
        }
        schema.members["properties"] = .object(rows)
        schema.set("additionalProperties", false, message: texts(field).format("option").text)
        return schema.value
    }

    /// A scale's answer: a whole number from `min` to `max`.
    func scaleSchema(_ field: Field) -> JSONValue {
        var schema = ValueSchema(title: field.label.isEmpty ? field.id : field.label)
        let message = texts(field).format("scale").text
        schema.set("type", "integer", message: message)
        if let range = field.scale {
            schema.set("minimum", .numeric(Double(range.min)), message: message)
            schema.set("maximum", .numeric(Double(range.max)), message: message)
        }
        return schema.value
    }
}
