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
}
