/// What a field is on the page and in a submission, decided once from its type and whether it offers
/// options (written or from a data source). The renderer, the page spec and runtime, the submission
/// validator, the JSON Schema and the reference page all read this, never the type alone.
public enum FieldKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// A one-line `<input>`: text, number, date, email, tel, password, formattednumeric. Its value is text.
    case input
    /// A `<textarea>`. Its value is text.
    case textarea
    /// A `<select>`: one value from a list.
    case select
    /// Radio buttons in a `fieldset` (radio, yesno): one value from a list.
    case radioGroup
    /// Checkboxes in a `fieldset` (a checkbox with options or `optionsFrom`): a list of values.
    case checkboxGroup
    /// One checkbox (a checkbox without options): `true` or `false`.
    case checkbox
    /// An image or a paragraph: shown, never submitted.
    case display
    /// A file upload (`<input type="file">`): its value is the file's metadata `{name, size, type}`, or a list of them.
    case file
    /// A repeating section in the page spec: a list of items, each an object of its `fields` (never a `Field`'s kind).
    case `repeat`
    /// Rows of radios (or checkboxes) under shared columns: its value is an object, row id → column value (a list of
    /// them for `multiple`).
    case grid
    /// Radios for the whole numbers from `min` to `max` (a 0–10 "how likely" question): its value is a number.
    case scale

    /// One or several values chosen from a list of options.
    public var isChoice: Bool { self == .select || self == .radioGroup || self == .checkboxGroup }

    /// Answered by choosing rather than typing: a missing answer says "Select …", not "Enter …".
    public var isAnsweredByChoosing: Bool { isChoice || self == .checkbox || self == .file || self == .grid || self == .scale }

    /// Rendered as a group of inputs inside a `fieldset` with a `legend`.
    public var isGroup: Bool { self == .radioGroup || self == .checkboxGroup }

    /// Shown but never submitted nor validated.
    public var isDisplayOnly: Bool { self == .display }

    /// The `type` a field of this kind has unless the page spec writes another (it leaves this one out). Never a type
    /// the runtime tests (`number`, `date`, `password`), so a script that reads only the written `type` sees the same.
    public var specType: String {
        switch self {
        case .input: return "text"
        case .textarea: return "textarea"
        case .select: return "select"
        case .radioGroup: return "radio"
        case .checkboxGroup, .checkbox: return "checkbox"
        case .display: return "paragraph"
        case .file: return "file"
        case .repeat: return "repeat"
        case .grid: return "grid"
        case .scale: return "scale"
        }
    }
}
