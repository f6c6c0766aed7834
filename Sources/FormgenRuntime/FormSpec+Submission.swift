import Foundation

extension FormSpec {
    /// A JSON submission read for this form, building only values something reads. A first scan reads the
    /// fields the rules test and so decides which fields are hidden; a second reads the visible fields.
    /// Never built: members that are no field's (or a display-only field's), hidden fields' values (unless a
    /// rule tests them), and a list or object given to a field that reads only text (anything but a checkbox
    /// group; it reads as `null`, which counts as missing like the list would), and the items of a repeating section
    /// past one more than its `max` (the list is too long whatever they hold). So a 100 MB list or string under a
    /// hidden field, or millions of items, cost two scans of the input and little memory. Throws `JSONParser.Failure`.
    public func decodeSubmission(_ data: Data) throws -> JSONValue {
        var readings: [String: JSONParser.Reading] = [:]
        for field in fields where !field.isDisplayOnly {
            if field.kind == .repeat, let max = field.repeat?.max {
                readings[field.id] = .list(first: max < Int.max ? max + 1 : max)
            } else {
                readings[field.id] = field.isCheckboxGroup || field.kind == .repeat || field.kind == .file || field.kind == .grid ? .full : (readings[field.id] ?? .scalar)
            }
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
