/// The kinds of field a form can hold.
public enum FieldType: String, Sendable, Codable, CaseIterable, Hashable {
    case text, textarea, number, date, email, tel, password
    case select, radio, checkbox, yesno
    case formattednumeric
    case image, paragraph
    /// An upload: `accept`, `maxSize`, `multiple`, `maxFiles`.
    case file
    /// Rows of radios (checkboxes with `multiple`) under shared columns: `rows`, `columns`.
    case grid
    /// Radios for the whole numbers from `min` to `max`, labelled at their ends: `min`, `max`, `minLabel`, `maxLabel`.
    case scale
}

/// How a date field is entered: the browser's own date input, or GOV.UK's three boxes for day, month and year.
public enum DateStyle: String, Sendable, Codable, Hashable, CaseIterable {
    case native, boxes
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
