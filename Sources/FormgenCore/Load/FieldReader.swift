/// Reads a field in formgen's own format, of which the KYC country format is a subset.
struct FieldReader {
    static let keys: Set<String> = [
        "id", "type", "label", "help", "placeholder", "required", "readOnly", "dataSource", "options", "optionsFrom",
        "mask", "keyboard", "dateStyle", "autocomplete", "default", "sensitive", "validation", "rules", "src", "alt", "text",
        "accept", "maxSize", "multiple", "maxFiles", "other", "search", "rows", "columns", "min", "max", "minLabel", "maxLabel",
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
        } else if typeName == Self.autocompleteType {
            type = .select
        } else {
            node["type"]?.error(unknownMessage("field type", typeName, FieldType.allCases.map(\.rawValue) + [Self.autocompleteType]))
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
        if let search = node.bool("search") {
            field.search = search
            if type != .select { node["search"]?.error("'search' applies only to select fields; '\(id)' is a \(typeName) field") }
            if typeName == Self.autocompleteType && !search {
                node["search"]?.error("'type: autocomplete' is a select with search: leave 'search: false' out, or write 'type: select'")
            }
        } else if typeName == Self.autocompleteType {
            field.search = true
        }
        if let optionsNode = node["options"], type != .grid, type != .scale {
            field.options = OptionReader(fieldID: id, type: type).read(optionsNode)
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
        if let otherNode = node["other"], !otherNode.isNull {
            field.other = OtherChoiceReader().read(otherNode, field: field)
        }
        if let validation = node["validation"] {
            field.apply(ValidationReader().read(validation))
        }
        if let rulesNode = node["rules"], let items = rulesNode.expectSequence("'rules'") {
            rules += items.compactMap { RuleReader().read($0, field: id) }
        }
        return field
    }

    /// `type: autocomplete`: a select with `search: true`.
    static let autocompleteType = "autocomplete"

    /// An ASCII letter, then ASCII letters, digits, `_` and `-` (the only ASCII characters that are alphabetic are the letters).
    static func isValidID(_ id: String) -> Bool {
        guard let first = id.utf8.first, isASCIILetter(first) else { return false }
        return id.utf8.allSatisfy { isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}

/// Reads `options`: a list of strings, or of `{value, label, exclusive, synonyms}`; `exclusive: true` ("None of these")
/// only on one option of a checkbox group.
struct OptionReader {
    /// The field the options belong to, for errors about `exclusive`.
    var fieldID: String
    var type: FieldType

    func read(_ node: ConfigNode) -> [FieldOption] {
        guard let items = node.expectSequence("'options'") else { return [] }
        var exclusive: String?
        return items.compactMap { item in
            if let text = item.scalarText { return FieldOption(value: text, label: text) }
            guard item.expectMapping("an option") else { return nil }
            item.warnUnknownKeys(allowed: ["value", "label", "exclusive", "synonyms"], in: "option")
            guard let value = item.string("value") else {
                item.error("option is missing 'value'")
                return nil
            }
            var option = FieldOption(value: value, label: item.text("label") ?? value, synonyms: item.stringList("synonyms") ?? [])
            if item.bool("exclusive") == true, let flag = item["exclusive"] {
                if type != .checkbox {
                    flag.error("'exclusive' applies only to the options of a checkbox field; '\(fieldID)' is a \(type.rawValue) field, where one option is chosen anyway")
                } else if let first = exclusive {
                    flag.error("field '\(fieldID)' already has an exclusive option ('\(first)'); a checkbox field may have one")
                } else {
                    exclusive = value
                    option.exclusive = true
                }
            }
            return option
        }
    }
}

/// Reads `other: true` or `other: {label: …}` ("Other, please specify") on a radio, select or checkbox field.
struct OtherChoiceReader {
    func read(_ node: ConfigNode, field: Field) -> OtherChoice? {
        if let flag = node.scalarText?.lowercased(), ["false", "no", "off"].contains(flag) { return nil }
        guard [.radio, .select, .checkbox].contains(field.type) else {
            node.error("'other' applies only to radio, select and checkbox fields; '\(field.id)' is a \(field.type.rawValue) field")
            return nil
        }
        if field.optionsSource != nil {
            node.error("'other' cannot follow options the page fetches ('optionsFrom: {dataSource: …}'); write the options, or use a list fetched at build time ('optionsFrom: {list: …}')")
            return nil
        }
        if let clash = field.options.first(where: { $0.value == OtherChoice.value }) {
            node.error("field '\(field.id)' already has an option valued '\(clash.value)', the value 'other' adds; drop that option or 'other'")
            return nil
        }
        let defaults = Messages.builtin.compactMapValues { $0["otherOption"] }
        if node.isMapping {
            node.warnUnknownKeys(allowed: ["label"], in: "other")
            if let label = node.localized("label") {
                return OtherChoice(label: label.text, translations: label.translations, isCustom: true, at: node.location)
            }
        } else if node.scalarText.map({ ["true", "yes", "on"].contains($0.lowercased()) }) != true {
            node.error("expected 'other' to be true or a mapping with 'label', found \(node.kindName)")
            return nil
        }
        return OtherChoice(label: defaults["en"] ?? "Other", translations: defaults, isCustom: false, at: node.location)
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

extension OtherChoiceReader {
    /// The text field under a field's "Other" (`<id>_other`): required, shown only when "Other" is chosen, its texts in
    /// every built-in language; sensitive when the field is.
    static func textField(for field: Field, other: OtherChoice) -> Field {
        let tables = Messages.builtin
        var text = Field(id: OtherChoice.textFieldID(for: field.id), type: .text, label: tables["en"]?["otherText"] ?? "Please specify", at: other.location)
        text.typeLocation = other.location
        text.translations["label"] = tables.compactMapValues { $0["otherText"] }
        func hint(_ language: String) -> String? {
            guard let template = tables[language]?["otherHint"] else { return nil }
            let label = language == "en" ? other.label : (other.translations[language] ?? other.label)
            return Messages.format(template, ["value": label])
        }
        text.help = hint("en")
        text.translations["help"] = Dictionary(uniqueKeysWithValues: tables.keys.sorted().compactMap { language in hint(language).map { (language, $0) } })
        text.required = true
        text.sensitive = field.sensitive
        text.otherOf = field.id
        return text
    }

    /// The rule that shows the text field only when "Other" is chosen (and so requires it only then).
    static func rule(for field: Field, other: OtherChoice) -> VisibilityRule {
        VisibilityRule(field: field.id, condition: .equals, values: [OtherChoice.value], action: .show, otherwise: .hide,
                       targets: [OtherChoice.textFieldID(for: field.id)], at: other.location)
    }
}
