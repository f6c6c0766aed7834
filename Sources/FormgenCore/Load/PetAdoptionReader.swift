/// Reads the pet-adoption form-builder format: `{id, name, pages[].sections[].elements[]}`.
struct PetAdoptionReader {
    static let elementKeys: Set<String> = [
        "type", "rules", "unique_id", "uniqueId", "file", "label", "isMandatory", "keyboard", "formattedNumeric", "mode", "options",
    ]

    func read(_ root: ConfigNode, path: String, settings: SiteSettings) -> Form {
        root.warnUnknownKeys(allowed: ["id", "name", "pages"], in: "form")
        let name = root.string("name") ?? path
        var form = Form(id: root.string("id") ?? path, path: path, title: name, language: settings.language,
                        format: .petAdoption, at: root.location)
        form.submission = settings.submission
        form.drafts = settings.drafts
        var rules: [VisibilityRule] = []
        let pages = root["pages"].flatMap { $0.expectSequence("'pages'") } ?? []
        form.pages = pages.compactMap { page in
            guard page.expectMapping("a page") else { return nil }
            page.warnUnknownKeys(allowed: ["label", "sections"], in: "page")
            let sections = page["sections"].flatMap { $0.expectSequence("'sections'") } ?? []
            let items: [FormItem] = sections.compactMap { section in
                guard section.expectMapping("a section") else { return nil }
                section.warnUnknownKeys(allowed: ["label", "elements"], in: "section")
                let elements = section["elements"].flatMap { $0.expectSequence("'elements'") } ?? []
                let fields = elements.compactMap { readElement($0, rules: &rules) }
                return .section(Section(title: section.string("label"), items: fields.map(FormItem.field)))
            }
            return Page(title: page.string("label"), items: items)
        }
        form.rules = rules
        return form
    }

    private func readElement(_ node: ConfigNode, rules: inout [VisibilityRule]) -> Field? {
        guard node.expectMapping("an element") else { return nil }
        node.warnUnknownKeys(allowed: Self.elementKeys, in: "element")
        guard let id = node.string("unique_id") ?? node.string("uniqueId") else {
            node.error("element is missing 'unique_id'")
            return nil
        }
        let typeName = node.string("type") ?? ""
        let mode = node.string("mode")
        let keyboard = node.string("keyboard").flatMap(Keyboard.init(rawValue:))
        if let name = node.string("keyboard"), keyboard == nil {
            node["keyboard"]?.error(unknownMessage("keyboard", name, ["normal", "numeric", "email", "password"]))
        }
        let type: FieldType
        switch (typeName, mode) {
        case ("embeddedphoto", _): type = .image
        case ("text", "select"), (_, "select"): type = .select
        case ("text", _): type = keyboard == .email ? .email : keyboard == .password ? .password : .text
        case ("yesno", _): type = .yesno
        case ("formattednumeric", _): type = .formattednumeric
        case ("datetime", _):
            if let mode, mode != "date" {
                node["mode"]?.error("datetime mode '\(mode)' is not supported (known: date)")
            }
            type = .date
        default:
            node["type"]?.error(unknownMessage("element type", typeName, ["embeddedphoto", "text", "yesno", "formattednumeric", "datetime"]))
            return nil
        }
        var field = Field(id: id, type: type, label: node.string("label") ?? "", at: node.location)
        field.typeLocation = node["type"]?.location ?? node.location
        field.keyLocations = node.valueLocations
        field.required = node.bool("isMandatory") ?? false
        field.keyboard = keyboard
        field.sensitive = keyboard == .password
        if type == .image {
            field.src = node.string("file")
            if field.label.isEmpty { field.label = "" }
        } else if field.label.isEmpty {
            node.error("element '\(id)' is missing 'label'")
        }
        if let mask = node.string("formattedNumeric") {
            if Mask.isValid(mask) {
                field.mask = mask
                field.validations.append(ValidationRule(.mask(mask), at: node["formattedNumeric"]!.location))
            } else {
                node["formattedNumeric"]?.error("mask '\(mask)' has no placeholder: use # for a digit")
            }
        } else if type == .formattednumeric {
            node.error("element '\(id)' of type formattednumeric is missing 'formattedNumeric' (a mask such as ####-###-####)")
        }
        if let options = node["options"] { field.options = OptionReader(fieldID: id, type: type).read(options) }
        if let list = node["rules"], let items = list.expectSequence("'rules'") {
            rules += items.compactMap { RuleReader().read($0, field: id) }
        }
        return field
    }
}
