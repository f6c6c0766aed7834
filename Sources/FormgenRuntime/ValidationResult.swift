/// The outcome of validating one submission.
public struct ValidationResult: Sendable, Hashable {
    /// One message per invalid field, in the form's field order.
    public var errors: [FieldError]
    /// Ids of the fields the rules hide and the fields on pages the journey skips, and the keys of the item fields the
    /// rules hide in each item (`pets[1].kind_other`), sorted.
    public var hidden: [String]
    /// The cleaned submission (see `FormValidator.data`).
    public var data: [String: JSONValue]
    /// Fields the page prefills from a data source whose values were sent, in the form's order: a server
    /// must fetch these again itself, never trust the submitted copy.
    public var prefilled: [String] = []

    public var isValid: Bool { errors.isEmpty }

    /// Field id → message, the shape of a 422 answer's `errors`.
    public var messages: [String: String] {
        Dictionary(errors.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
    }
}

/// One invalid field and what to tell the user.
public struct FieldError: Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`
    public var description: String { "\(field): \(message)" }
}
