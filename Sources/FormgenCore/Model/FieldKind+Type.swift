import FormgenRuntime

extension FieldKind {
    /// The kind of a field of `type`, which offers options (written or from a data source) or not.
    public init(type: FieldType, offersOptions: Bool) {
        switch type {
        case .text, .number, .date, .email, .tel, .password, .formattednumeric: self = .input
        case .textarea: self = .textarea
        case .select: self = .select
        case .radio, .yesno: self = .radioGroup
        case .checkbox: self = offersOptions ? .checkboxGroup : .checkbox
        case .image, .paragraph: self = .display
        case .file: self = .file
        case .grid: self = .grid
        case .scale: self = .scale
        }
    }
}

extension Field {
    /// What this field is; see `FieldKind`.
    public var kind: FieldKind { FieldKind(type: type, offersOptions: !options.isEmpty || optionsSource != nil) }
}
