/// One choice of a select, radio or checkbox group.
public struct FieldOption: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
    /// `true` on a checkbox group's "None of these": it may not be chosen with any other option; absent otherwise.
    public var exclusive: Bool?

    public init(value: String, label: String, exclusive: Bool? = nil) {
        self.value = value
        self.label = label
        self.exclusive = exclusive
    }
}
