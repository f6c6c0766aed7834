import FormgenRuntime

extension FormSpec {
    /// The spec's fields of a page's items in order: fields as themselves, plain sections' fields in place, and a
    /// repeating section as one field of kind `repeat` holding its item fields.
    static func specFields(_ items: [FormItem], form: Form, tables: MessageTables) -> [FieldSpec] {
        items.flatMap { item -> [FieldSpec] in
            switch item {
            case .field(let field): return [FieldSpec(field, messages: FieldMessages(field: field, form: form, tables: tables))]
            case .section(let section):
                guard let policy = section.repeat else { return specFields(section.items, form: form, tables: tables) }
                return [FieldSpec(repeating: section, policy: policy, form: form, tables: tables)]
            }
        }
    }

    /// The ids a page's spec lists: a repeating section's id, not its item fields'.
    static func specFieldIDs(_ items: [FormItem]) -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .field(let field): return [field.id]
            case .section(let section): return section.repeat == nil ? specFieldIDs(section.items) : [section.id ?? ""]
            }
        }
    }

    /// The rules as the spec writes them, each with only the targets `keeps` accepts (rules left with none dropped).
    static func ruleSpecs(_ rules: [VisibilityRule], keeping keeps: (String) -> Bool) -> [RuleSpec] {
        rules.compactMap { rule in
            let targets = rule.targets.filter(keeps)
            guard !targets.isEmpty else { return nil }
            return RuleSpec(field: rule.field, condition: rule.condition.rawValue, values: rule.values, action: rule.action.rawValue,
                            otherwise: rule.otherwise?.rawValue, targets: targets)
        }
    }
}

extension FormSpec.FieldSpec {
    /// A repeating section as a field of kind `repeat`: required when it needs an item, sensitive when an item field is.
    init(repeating section: Section, policy: RepeatPolicy, form: Form, tables: MessageTables) {
        let texts = tables.table(for: form.language)
        let label = section.title ?? section.id ?? ""
        let items = FormSpec.specFields(section.items, form: form, tables: tables)
        let inside = Set(section.itemFields.map(\.id))
        let itemRules = FormSpec.ruleSpecs(form.rules) { inside.contains($0) }
        func counted(_ key: String, _ count: Int) -> String {
            Messages.format(Messages.text(key, count: count, language: form.language, in: texts) ?? "", ["label": label])
        }
        var byCheck = ["minItems": counted("minItems", policy.min)]
        if let max = policy.max { byCheck["maxItems"] = counted("maxItems", max) }
        self.init(id: section.id ?? "", type: "repeat", kind: .repeat, label: label, required: policy.min > 0, messages: byCheck,
                  readOnly: false, sensitive: items.contains(where: \.sensitive), validations: [], fields: items,
                  repeat: FormSpec.RepeatSpec(min: policy.min, max: policy.max, itemLabel: policy.itemLabel ?? texts["item"] ?? "Item {n}",
                                              addLabel: policy.addLabel ?? texts["addAnother"] ?? "Add another",
                                              removeLabel: policy.removeLabel ?? texts["remove"] ?? "Remove",
                                              added: texts["itemAdded"] ?? "{item} added", removed: texts["itemRemoved"] ?? "{item} removed"),
                  rules: itemRules.isEmpty ? nil : itemRules)
    }
}
