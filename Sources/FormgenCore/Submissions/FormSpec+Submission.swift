import Foundation

extension FormSpec {
    /// A JSON submission read for this form, building only values something reads. A first scan reads the
    /// fields the rules test and so decides which fields are hidden; a second reads the visible fields.
    /// Never built: members that are no field's (or a display-only field's), hidden fields' values (unless a
    /// rule tests them), and a list or object given to a field that reads only text (anything but a checkbox
    /// group; it reads as `null`, which counts as missing like the list would). So a 100 MB list or string
    /// under a hidden field costs two scans of the input and no memory. Throws `JSONParser.Failure`.
    public func decodeSubmission(_ data: Data) throws -> JSONValue {
        var readings: [String: JSONParser.Reading] = [:]
        for field in fields where !field.isDisplayOnly {
            readings[field.id] = field.isCheckboxGroup || field.kind == .repeat || field.kind == .file ? .full : (readings[field.id] ?? .scalar)
        }
        let tested = Set(rules.map(\.field))
        var first = JSONParser(data)
        let decided = try first.parse { tested.contains($0) ? readings[$0] ?? .full : .skip }
        guard case .object(var values) = decided else { return decided }
        let hidden = FieldStates(spec: self, values: values).hidden
        let wanted = readings.filter { !tested.contains($0.key) && !hidden.contains($0.key) }
        guard !wanted.isEmpty else { return decided }
        var second = JSONParser(data)
        if case .object(let visible) = try second.parse(members: { wanted[$0] ?? .skip }) {
            values.merge(visible) { tested, _ in tested }
        }
        return .object(values)
    }
}
