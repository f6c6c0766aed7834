/// The kinds of field a form can hold.
public enum FieldType: String, Sendable, Codable, CaseIterable, Hashable {
    case text, textarea, number, date, email, tel, password
    case select, radio, checkbox, yesno
    case formattednumeric
    case image, paragraph

    /// Display-only types carry no value and are never submitted.
    public var isDisplayOnly: Bool { self == .image || self == .paragraph }

    /// Types rendered as a group of inputs inside a `fieldset`.
    public var isGroup: Bool {
        switch self {
        case .radio, .yesno: return true
        default: return false
        }
    }
}

/// The on-screen keyboard a field asks for (the pet-adoption seed's `keyboard`).
public enum Keyboard: String, Sendable, Codable, Hashable {
    case normal, numeric, email, password, tel, decimal, url

    /// The HTML `inputmode` this keyboard maps to.
    var inputMode: String? {
        switch self {
        case .normal, .password: return nil
        case .numeric: return "numeric"
        case .decimal: return "decimal"
        case .email: return "email"
        case .tel: return "tel"
        case .url: return "url"
        }
    }
}
