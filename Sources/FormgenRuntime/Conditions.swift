// The twin of conditions.js and operators.js: whether a rule's condition holds (in, notIn, greaterThan and lessThan
// are operators.js's in the page), and the rules applied until the hidden fields settle.

extension FieldStates {
    /// The rules' hidden and required sets, fields in `skipped` counting as empty.
    static func ruleStates(spec: FormSpec, values: [String: JSONValue], fields: [String: FormSpec.FieldSpec],
                           skipped: Set<String>) -> (hidden: Set<String>, required: Set<String>) {
        let configured = Set(spec.fields.filter(\.required).map(\.id))
        var hidden: Set<String> = []
        var required = configured
        for _ in 0...spec.rules.count {
            var nextHidden: Set<String> = []
            required = configured
            for rule in spec.rules {
                let value = hidden.contains(rule.field) || skipped.contains(rule.field) ? nil : values[rule.field]
                let holds = Self.holds(rule, value: value, field: fields[rule.field])
                guard let action = holds ? rule.action : rule.otherwise else { continue }
                for target in rule.targets {
                    switch action {
                    case "show": nextHidden.remove(target)
                    case "hide": nextHidden.insert(target)
                    case "require": required.insert(target)
                    case "unrequire": required.remove(target)
                    default: break
                    }
                }
            }
            let settled = nextHidden == hidden
            hidden = nextHidden
            if settled { break }
        }
        return (hidden, required)
    }

    /// Whether a rule's condition holds for its field's value.
    package static func holds(_ rule: FormSpec.RuleSpec, value: JSONValue?, field: FormSpec.FieldSpec?) -> Bool {
        let texts: [String]
        if let field, field.isCheckboxGroup {
            texts = FieldValue.items(value)
        } else if let field, field.isSingleCheckbox {
            texts = [FieldValue.isChecked(value) ? "true" : "false"]
        } else {
            texts = [FieldValue.text(value)]
        }
        let isEmpty = field.map { FieldValue.isEmpty(value, for: $0) } ?? texts.allSatisfy(\.isEmpty)
        switch rule.condition {
        case "equals": return texts.contains(rule.values.first ?? "")
        case "notEquals": return !texts.contains(rule.values.first ?? "")
        case "in": return texts.contains { rule.values.contains($0) }
        case "notIn": return !texts.contains { rule.values.contains($0) }
        case "empty": return isEmpty
        case "notEmpty": return !isEmpty
        case "greaterThan", "lessThan":
            guard texts.count == 1, let number = FieldValue.decimal(texts[0]),
                  let limit = rule.values.first.flatMap(FieldValue.decimal) else { return false }
            return rule.condition == "greaterThan" ? number > limit : number < limit
        default: return false
        }
    }
}
