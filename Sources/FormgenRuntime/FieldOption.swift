/// One choice of a select, radio or checkbox group.
public struct FieldOption: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
    /// `true` on a checkbox group's "None of these": it may not be chosen with any other option; absent otherwise.
    public var exclusive: Bool?
    /// Other names a searchable select matches the option by (an endonym, an abbreviation): shown nowhere, kept
    /// out of the page spec (the page carries them on the `<option>`) and out of submissions.
    public var synonyms: [String]

    public init(value: String, label: String, exclusive: Bool? = nil, synonyms: [String] = []) {
        self.value = value
        self.label = label
        self.exclusive = exclusive
        self.synonyms = synonyms
    }

    private enum CodingKeys: String, CodingKey {
        case value, label, exclusive
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(String.self, forKey: .value)
        label = try container.decode(String.self, forKey: .label)
        exclusive = try container.decodeIfPresent(Bool.self, forKey: .exclusive)
        synonyms = []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(label, forKey: .label)
        try container.encodeIfPresent(exclusive, forKey: .exclusive)
    }
}
