import FormgenRuntime

/// Reading the files a build keeps beside its output (``BuildState``, ``SavedReadings``): a member that is not of the
/// type asked reads as nil, and the file then counts as no file.
enum SavedJSON {
    /// The text of a string value.
    static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// The whole number of a number value.
    static func count(_ value: JSONValue?) -> Int? {
        if case .number(let number)? = value, let whole = Int(exactly: number) { return whole }
        return nil
    }

    /// Appends `value` as a JSON string: as it is between quotes when it is printable ASCII without a quote or a
    /// backslash (the paths and digests these files hold), else escaped by ``JSONValue/quoted(_:)``.
    static func appendQuoted(_ value: String, to text: inout String) {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            text += "\""
            text += value
            text += "\""
        } else {
            text += JSONValue.quoted(value)
        }
    }
}
