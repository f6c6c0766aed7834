/// Where each key of a field's config was written: the keys in file order, each with the line and column of its
/// value. Kept as two small arrays rather than a dictionary: a site holds one per field, and most are never asked.
public struct KeyLocations: Sendable, Hashable {
    var file = ""
    var keys: [String] = []
    /// Line, column, line, column, … in the order of `keys`.
    var positions: [Int32] = []

    public init() {}

    init(file: String, capacity: Int) {
        self.file = file
        keys.reserveCapacity(capacity)
        positions.reserveCapacity(capacity * 2)
    }

    mutating func append(_ key: String, line: Int32, column: Int32) {
        keys.append(key)
        positions.append(line)
        positions.append(column)
    }

    /// Where the value of `key` starts, if the key was written.
    public subscript(key: String) -> SourceLocation? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return SourceLocation(file: file, line: Int(positions[2 * index]), column: Int(positions[2 * index + 1]))
    }
}
