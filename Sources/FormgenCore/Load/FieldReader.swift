/// Reads a field in formgen's own format, of which the KYC country format is a subset.
struct FieldReader {
    static let keys: Set<String> = [
        "id", "type", "label", "help", "placeholder", "required", "readOnly", "dataSource", "options", "optionsFrom",
        "mask", "keyboard", "dateStyle", "autocomplete", "default", "sensitive", "validation", "rules", "src", "alt", "text",
        "accept", "maxSize", "multiple", "maxFiles", "rows", "columns", "min", "max", "minLabel", "maxLabel",
    ]

    /// Reads a field; rules written on it are appended to `rules`.
    func read(_ node: ConfigNode, rules: inout [VisibilityRule]) -> Field? {
        guard node.expectMapping("a field") else { return nil }
        node.warnUnknownKeys(allowed: Self.keys, in: "field")
        guard let id = node.string("id") else {
            node.error("field is missing 'id'")
            return nil
        }
        guard FieldReader.isValidID(id) else {
            node["id"]?.error("field id '\(id)' may only use letters, digits, '_' and '-', and must start with a letter")
            return nil
        }
        let typeName = node.string("type") ?? "text"
        let type: FieldType
        if let known = FieldType(rawValue: typeName) {
            type = known
        } else {
            node["type"]?.error(unknownMessage("field type", typeName, FieldType.allCases.map(\.rawValue)))
            type = .text
        }
        let localizedLabel = node.localized("label") ?? node.localized("alt")
        let label = localizedLabel?.text
        if label == nil && type != .paragraph {
            node.error("field '\(id)' is missing 'label'")
        }
        var field = Field(id: id, type: type, label: label ?? "", at: node.location)
        field.typeLocation = node["type"]?.location ?? node.location
        field.keyLocations = node.valueLocations
        let help = node.localized("help"), placeholder = node.localized("placeholder")
        field.help = help?.text
        if let help { node.checkLinks(in: [help.text] + help.translations.values, key: "help") }
        field.placeholder = placeholder?.text
        for (property, text) in [("label", localizedLabel), ("help", help), ("placeholder", placeholder)] where !(text?.translations.isEmpty ?? true) {
            field.translations[property] = text?.translations
        }
        field.required = node.bool("required") ?? false
        field.readOnly = node.bool("readOnly") ?? false
        field.dataSource = node.string("dataSource")
        field.autocomplete = node.string("autocomplete")
        field.defaultValue = node.string("default")
        field.sensitive = node.bool("sensitive") ?? (type == .password || type == .file)
        if type == .file { field.upload = UploadRulesReader().read(node) } else if type != .grid { UploadRulesReader.warnMisplaced(node, type: type) }
        ChoiceShapeReader.warnMisplaced(node, type: type)
        if type == .grid { ChoiceShapeReader().readGrid(node, into: &field) }
        if type == .scale { ChoiceShapeReader().readScale(node, into: &field) }
        field.src = node.url("src", for: .image)
        field.content = node.localizedMarkdown("text")
        if let keyboardName = node.string("keyboard") {
            field.keyboard = Keyboard(rawValue: keyboardName)
            if field.keyboard == nil {
                node["keyboard"]?.error(unknownMessage("keyboard", keyboardName, ["normal", "numeric", "decimal", "email", "tel", "url", "password"]))
            }
        }
        if let styleName = node.string("dateStyle") {
            if let style = DateStyle(rawValue: styleName) {
                field.dateStyle = style
                if type != .date { node["dateStyle"]?.warning("'dateStyle' applies only to date fields; '\(id)' is a \(type.rawValue) field") }
            } else {
                node["dateStyle"]?.error(unknownMessage("dateStyle", styleName, DateStyle.allCases.map(\.rawValue)))
            }
        }
        if let mask = node.string("mask") {
            if Mask.isValid(mask) { field.mask = mask } else {
                node["mask"]?.error("mask '\(mask)' has no placeholder: use # for a digit, A for a letter, * for either")
            }
        }
        if let optionsNode = node["options"], type != .grid, type != .scale {
            field.options = OptionReader().read(optionsNode)
        }
        if let source = node["optionsFrom"], source.expectMapping("'optionsFrom'") {
            source.warnUnknownKeys(allowed: ["dataSource", "valueKey", "labelKey", "dropIf", "list"], in: "optionsFrom")
            if let list = source.string("list") {
                if source.has("dataSource") { source.error("'optionsFrom' takes 'list' (fetched at build time) or 'dataSource' (fetched by the page), not both") }
                field.optionsList = OptionsList(list: list, location: source.location)
            } else if let dataSource = source.string("dataSource") {
                let valueKey = source.string("valueKey") ?? "value"
                field.optionsSource = OptionsSource(dataSource: dataSource, valueKey: valueKey,
                                                    labelKey: source.string("labelKey") ?? valueKey,
                                                    dropIf: source["dropIf"].flatMap { $0.isNull ? nil : RemoteSourcesReader.dropRule($0) },
                                                    location: source.location)
            } else {
                source.error("'optionsFrom' is missing 'dataSource' (options fetched by the page) or 'list' (a 'remote.lists' entry)")
            }
        }
        if let validation = node["validation"] {
            field.apply(ValidationReader().read(validation))
        }
        if let rulesNode = node["rules"], let items = rulesNode.expectSequence("'rules'") {
            rules += items.compactMap { RuleReader().read($0, field: id) }
        }
        return field
    }

    static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}

/// Reads `options`: a list of strings, or of `{value, label}`.
struct OptionReader {
    func read(_ node: ConfigNode) -> [FieldOption] {
        guard let items = node.expectSequence("'options'") else { return [] }
        return items.compactMap { item in
            if let text = item.scalarText { return FieldOption(value: text, label: text) }
            guard item.expectMapping("an option") else { return nil }
            item.warnUnknownKeys(allowed: ["value", "label"], in: "option")
            guard let value = item.string("value") else {
                item.error("option is missing 'value'")
                return nil
            }
            return FieldOption(value: value, label: item.text("label") ?? value)
        }
    }
}

extension Field {
    /// Adds validation rules; `required` and `mask` rules set the field's own settings.
    mutating func apply(_ rules: [ValidationRule]) {
        for rule in rules {
            switch rule.kind {
            case .required:
                required = true
                requiredMessage = rule.message
                if !rule.messageTranslations.isEmpty { translations["requiredMessage"] = rule.messageTranslations }
            case .mask(let pattern):
                mask = pattern
                validations.append(rule)
            default:
                validations.append(rule)
            }
        }
    }
}
