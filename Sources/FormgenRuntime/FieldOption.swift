/// One choice of a select, radio or checkbox group.
public struct FieldOption: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
    /// Other names a searchable select matches the option by (an endonym, an abbreviation): shown nowhere, kept
    /// out of the page spec (the page carries them on the `<option>`) and out of submissions.
    public var synonyms: [String]

    public init(value: String, label: String, synonyms: [String] = []) {
        self.value = value
        self.label = label
        self.synonyms = synonyms
    }

    private enum CodingKeys: String, CodingKey {
        case value, label
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(String.self, forKey: .value)
        label = try container.decode(String.self, forKey: .label)
        synonyms = []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(label, forKey: .label)
    }
}
