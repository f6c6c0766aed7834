/// One choice of a select, radio or checkbox group.
public struct FieldOption: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}
