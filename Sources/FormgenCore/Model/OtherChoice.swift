/// "Other, please specify" on a choice field (`other: {label: …}`): an option valued `other` and a text field,
/// `<field id>_other`, shown under it and required when it is chosen.
public struct OtherChoice: Sendable, Hashable {
    /// The value of the added option.
    public static let value = "other"
    /// The id of the text field that goes with a field's "Other".
    public static func textFieldID(for fieldID: String) -> String { "\(fieldID)_other" }

    /// The option's label in the form's language: the config's, else formgen's default.
    public var label: String
    /// The label in other languages (lower-case tag → text): the config's, else formgen's built-in defaults.
    public var translations: [String: String]
    /// Whether the config gave the label (else it is formgen's default).
    public var isCustom: Bool
    public var location: SourceLocation

    public init(label: String, translations: [String: String], isCustom: Bool, at location: SourceLocation) {
        self.label = label
        self.translations = translations
        self.isCustom = isCustom
        self.location = location
    }

    /// The option the field gains.
    public var option: FieldOption { FieldOption(value: Self.value, label: label) }
}
