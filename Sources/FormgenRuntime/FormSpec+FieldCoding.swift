extension FormSpec.FieldSpec {
    package enum CodingKeys: String, CodingKey {
        case id, type, kind, label, required, messages, readOnly, dataSource, sensitive, mask, dateStyle, options, optionsFrom, validations, fields, `repeat`, upload, rules, rows, multiple, scale, other, search
    }

    /// Reads a field; `kind` defaults to `input` and `type` to the kind's ``FieldKind/specType``, `required`,
    /// `readOnly` and `sensitive` to false and `validations` to none, as the page's runtime reads them.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        kind = try container.decodeIfPresent(FieldKind.self, forKey: .kind) ?? .input
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? kind.specType
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? ""
        required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
        messages = try container.decodeIfPresent([String: String].self, forKey: .messages)
        readOnly = try container.decodeIfPresent(Bool.self, forKey: .readOnly) ?? false
        dataSource = try container.decodeIfPresent(String.self, forKey: .dataSource)
        sensitive = try container.decodeIfPresent(Bool.self, forKey: .sensitive) ?? false
        mask = try container.decodeIfPresent(String.self, forKey: .mask)
        dateStyle = try container.decodeIfPresent(String.self, forKey: .dateStyle)
        options = try container.decodeIfPresent([FieldOption].self, forKey: .options)
        optionsFrom = try container.decodeIfPresent(FormSpec.OptionsFromSpec.self, forKey: .optionsFrom)
        validations = try container.decodeIfPresent([FormSpec.ValidationSpec].self, forKey: .validations) ?? []
        fields = try container.decodeIfPresent([FormSpec.FieldSpec].self, forKey: .fields)
        `repeat` = try container.decodeIfPresent(FormSpec.RepeatSpec.self, forKey: .repeat)
        upload = try container.decodeIfPresent(FormSpec.UploadSpec.self, forKey: .upload)
        rules = try container.decodeIfPresent([FormSpec.RuleSpec].self, forKey: .rules)
        rows = try container.decodeIfPresent([FieldOption].self, forKey: .rows)
        multiple = try container.decodeIfPresent(Bool.self, forKey: .multiple)
        scale = try container.decodeIfPresent(FormSpec.ScaleSpec.self, forKey: .scale)
        other = try container.decodeIfPresent(String.self, forKey: .other)
        search = try container.decodeIfPresent(Bool.self, forKey: .search)
    }

    /// Writes a field without the keys that hold their defaults (kind `input`, the kind's own type, false flags, no
    /// validations), so every page carries fewer bytes.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        if type != kind.specType { try container.encode(type, forKey: .type) }
        if kind != .input { try container.encode(kind, forKey: .kind) }
        try container.encode(label, forKey: .label)
        if required { try container.encode(true, forKey: .required) }
        try container.encodeIfPresent(messages, forKey: .messages)
        if readOnly { try container.encode(true, forKey: .readOnly) }
        try container.encodeIfPresent(dataSource, forKey: .dataSource)
        if sensitive { try container.encode(true, forKey: .sensitive) }
        try container.encodeIfPresent(mask, forKey: .mask)
        try container.encodeIfPresent(dateStyle, forKey: .dateStyle)
        try container.encodeIfPresent(options, forKey: .options)
        try container.encodeIfPresent(optionsFrom, forKey: .optionsFrom)
        if !validations.isEmpty { try container.encode(validations, forKey: .validations) }
        try container.encodeIfPresent(fields, forKey: .fields)
        try container.encodeIfPresent(`repeat`, forKey: .repeat)
        try container.encodeIfPresent(upload, forKey: .upload)
        try container.encodeIfPresent(rules, forKey: .rules)
        try container.encodeIfPresent(rows, forKey: .rows)
        try container.encodeIfPresent(multiple, forKey: .multiple)
        try container.encodeIfPresent(scale, forKey: .scale)
        try container.encodeIfPresent(other, forKey: .other)
        if search == true { try container.encode(true, forKey: .search) }
    }
}
