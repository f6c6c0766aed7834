import Foundation

extension FormSpec {
    /// A JSON submission read for this form: members that are no field's (or a display-only field's) are
    /// checked and left out, and a list or object given to a field that reads only text (anything but a
    /// checkbox group, for which it counts as missing anyway) is checked and read as `null`; neither is
    /// ever built, so a 100 MB list under such a field costs one scan. Throws `JSONParser.Failure`.
    public func decodeSubmission(_ data: Data) throws -> JSONValue {
        var readings: [String: JSONParser.Reading] = [:]
        for field in fields where !field.isDisplayOnly {
            readings[field.id] = field.isCheckboxGroup ? .full : (readings[field.id] ?? .scalar)
        }
        var parser = JSONParser(data)
        return try parser.parse { readings[$0] ?? .skip }
    }
}
