// The twin of drop.js: which entries of a data source's answer a field does not offer.

/// Which entries of a list are not offered: `dropIf: {key: valMid, in: [0, null, ""]}`. Numbers compare as
/// numbers (`0` drops `0.0` and `"0"` does not), a missing key counts as `null`.
public struct DropRule: Sendable, Hashable, Codable {
    public var key: String
    public var values: [JSONValue]

    public init(key: String, values: [JSONValue]) {
        self.key = key
        self.values = values
    }

    package enum CodingKeys: String, CodingKey {
        case key
        case values = "in"
    }

    /// Whether `entry` is dropped (never an entry that is not an object, as in options.js).
    public func drops(_ entry: JSONValue) -> Bool {
        guard case .object(let members) = entry else { return false }
        let value = members[key] ?? .null
        return values.contains { candidate in
            switch (candidate, value) {
            case (.number(let a), .number(let b)): return a == b
            default: return candidate == value
            }
        }
    }
}
