import Foundation

/// One validation check on a field, with its optional custom message.
public struct ValidationRule: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case required
        case regex(String)
        case minLength(Int)
        case maxLength(Int)
        /// At most this many words (runs of characters other than white space, as ECMAScript's `\S+`).
        case maxWords(Int)
        case minValue(Double)
        case maxValue(Double)
        case email
        case mask(String)
        case minDate(DateBound)
        case maxDate(DateBound)
        /// At least this many whole years before today.
        case minAge(Int)
        /// At most this many whole years before today.
        case maxAge(Int)
        case equalsField(String)
    }

    public var kind: Kind
    public var message: String?
    /// The message in other languages, by lower-case language tag.
    public var messageTranslations: [String: String]
    public var location: SourceLocation

    public init(_ kind: Kind, message: String? = nil, translations: [String: String] = [:], at location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.messageTranslations = translations
        self.location = location
    }

    /// The rule's name as written in configs and in the page's spec.
    public var name: String {
        switch kind {
        case .required: return "required"
        case .regex: return "regex"
        case .minLength: return "minLength"
        case .maxLength: return "maxLength"
        case .maxWords: return "maxWords"
        case .minValue: return "minValue"
        case .maxValue: return "maxValue"
        case .email: return "email"
        case .mask: return "mask"
        case .minDate: return "minDate"
        case .maxDate: return "maxDate"
        case .minAge: return "minAge"
        case .maxAge: return "maxAge"
        case .equalsField: return "equalsField"
        }
    }

    /// Every rule name a config may use.
    public static let names: [String] = [
        "required", "regex", "minLength", "maxLength", "maxWords", "minValue", "maxValue", "email", "mask",
        "minDate", "maxDate", "minAge", "maxAge", "equalsField",
    ]
}
