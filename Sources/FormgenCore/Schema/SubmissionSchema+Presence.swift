/// Whether a field is sent, and the rule conditions that decide it, as JSON Schema.
extension SubmissionSchema {
    enum Presence {
        case optional
        case required
        /// Shown, hidden, required or optional by rules: a schema to add to `allOf`.
        case conditional(JSONValue)
        /// A rule the schema cannot express decides: the field may be there or not.
        case undetermined
    }

    /// Whether the field must, may or must not be in a submission, by the rules alone.
    func rulePresence(of field: Field) -> Presence {
        let skipped = field.readOnly || field.dataSource != nil
        let rules = form.rules.filter { $0.targets.contains(field.id) }
        let visibility = rules.filter { Self.isVisibility($0.action) || $0.otherwise.map(Self.isVisibility) == true }
        let requirement = skipped ? [] : rules.filter { !Self.isVisibility($0.action) || $0.otherwise.map { !Self.isVisibility($0) } == true }
        var conditions: [VisibilityRule: JSONValue] = [:]
        for rule in visibility + requirement {
            guard let condition = condition(rule) else { return .undetermined }
            conditions[rule] = condition
        }
        let requiredLeaf: (Bool) -> JSONValue = { [self] isRequired in
            guard isRequired else { return true }
            let text = JSONValue.string(requiredMessage(field))
            var leaf: JSONValue = ["required": [.string(field.id)], "errorMessage": ["required": [field.id: text]]]
            if field.kind == .checkbox { leaf["properties"] = [field.id: ["const": true, "errorMessage": ["const": text]]] }
            return leaf
        }
        let requiredTree = Decision.build(requirement, initial: field.required, conditions: conditions) { action in
            switch action {
            case .require: return true
            case .unrequire: return false
            case .show, .hide: return nil
            }
        }
        let visibleTree = Decision.build(visibility, initial: true, conditions: conditions) { action in
            switch action {
            case .show: return true
            case .hide: return false
            case .require, .unrequire: return nil
            }
        }
        if case .leaf(let visible) = visibleTree, visible, case .leaf(let isRequired) = requiredTree {
            return isRequired ? .required : .optional
        }
        let schema = visibleTree.schema { visible in
            visible ? requiredTree.schema(leaf: requiredLeaf) : ["not": ["required": [.string(field.id)]]]
        }
        return schema == true ? .optional : .conditional(schema)
    }

    static func isVisibility(_ action: VisibilityRule.Action) -> Bool { action == .show || action == .hide }

    // MARK: Conditions

    /// A schema true exactly when the rule's condition holds for a submission of the page's shape;
    /// nil when JSON Schema cannot decide it (a number comparison on a text field).
    func condition(_ rule: VisibilityRule) -> JSONValue? {
        guard let field = fieldsByID[rule.field] else { return nil }
        let id = rule.field
        let present: JSONValue = ["required": [.string(id)]]
        func has(_ value: JSONValue) -> JSONValue { ["required": [.string(id)], "properties": [id: value]] }
        let positive: JSONValue?
        switch field.kind {
        case .checkbox:
            let checked = has(["const": true])
            let matches: (String) -> Bool? = { $0 == "true" ? true : $0 == "false" ? false : nil }
            switch rule.condition {
            case .equals, .notEquals, .in, .notIn:
                let wanted = Set(rule.values.compactMap(matches))
                let holds: JSONValue = wanted.count == 2 ? true : wanted == [true] ? checked : wanted == [false] ? ["not": checked] : false
                positive = rule.condition == .equals || rule.condition == .in ? holds : Self.not(holds)
            case .empty: positive = ["not": checked]
            case .notEmpty: positive = checked
            case .greaterThan, .lessThan: positive = false
            }
        case .checkboxGroup:
            let nonEmpty = has(["minItems": 1])
            switch rule.condition {
            case .equals: positive = has(["contains": ["const": .string(rule.values.first ?? "")]])
            case .notEquals: positive = ["not": has(["contains": ["const": .string(rule.values.first ?? "")]])]
            case .in: positive = has(["contains": ["enum": .array(rule.values.map { .string($0) })]])
            case .notIn: positive = ["not": has(["contains": ["enum": .array(rule.values.map { .string($0) })]])]
            case .empty: positive = ["not": nonEmpty]
            case .notEmpty: positive = nonEmpty
            case .greaterThan, .lessThan: positive = nil
            }
        case .input where field.type == .number, .scale:
            let canonical = rule.values.compactMap(Self.canonicalNumber)
            switch rule.condition {
            case .equals: positive = canonical.isEmpty || rule.values.count != 1 ? false : has(["const": canonical[0]])
            case .notEquals: positive = canonical.isEmpty || rule.values.count != 1 ? true : ["not": has(["const": canonical[0]])]
            case .in: positive = canonical.isEmpty ? false : has(["enum": .array(canonical)])
            case .notIn: positive = canonical.isEmpty ? true : ["not": has(["enum": .array(canonical)])]
            case .empty: positive = ["not": present]
            case .notEmpty: positive = present
            case .greaterThan: positive = rule.values.first.flatMap(FieldValue.decimal).map { has(["exclusiveMinimum": .numeric($0)]) } ?? false
            case .lessThan: positive = rule.values.first.flatMap(FieldValue.decimal).map { has(["exclusiveMaximum": .numeric($0)]) } ?? false
            }
        default:
            let trimmed = rule.values.filter { $0 == FieldValue.trim($0) }
            let matchesEmpty = rule.values.contains("")
            let texts = trimmed.filter { !$0.isEmpty }
            let among: JSONValue = texts.isEmpty ? false : has(texts.count == 1 ? ["const": .string(texts[0])] : ["enum": .array(texts.map { .string($0) })])
            let amongOrEmpty: JSONValue = matchesEmpty ? ["anyOf": [among, ["not": present]]] : among
            switch rule.condition {
            case .equals, .in: positive = amongOrEmpty
            case .notEquals, .notIn: positive = Self.not(amongOrEmpty)
            case .empty: positive = ["not": present]
            case .notEmpty: positive = present
            case .greaterThan, .lessThan: positive = rule.values.first.flatMap(FieldValue.decimal) == nil ? false : nil
            }
        }
        return positive
    }

    static func not(_ schema: JSONValue) -> JSONValue {
        if schema == true { return false }
        if schema == false { return true }
        return ["not": schema]
    }

    /// A rule value as the number whose shortest text it is (`5`, `0.25`), or nil: `5.0` or `1e3`
    /// never equal a number's text, so such a value can never match.
    static func canonicalNumber(_ text: String) -> JSONValue? {
        guard text.range(of: #"^-?(0|[1-9][0-9]{0,14})(\.[0-9]{0,5}[1-9])?$"#, options: .regularExpression) != nil,
              text != "-0", let number = Double(text) else { return nil }
        return .numeric(number)
    }
}
