/// Reads visibility rules: the pet-adoption seed's field-level `{condition, value, action, otherwise, targets}`
/// and formgen's form-level rules, which name the tested field with `when`.
struct RuleReader {
    static let fieldLevelKeys: Set<String> = ["condition", "value", "values", "action", "otherwise", "targets"]
    static let formLevelKeys: Set<String> = fieldLevelKeys.union(["when"])

    /// Reads one rule; `field` is the tested field for field-level rules, nil when `when` must say it.
    func read(_ node: ConfigNode, field: String?) -> VisibilityRule? {
        guard node.expectMapping("a rule") else { return nil }
        node.warnUnknownKeys(allowed: field == nil ? Self.formLevelKeys : Self.fieldLevelKeys, in: "rule")
        let testedField: String
        if let field {
            testedField = field
        } else if let when = node.string("when") {
            testedField = when
        } else {
            node.error("rule is missing 'when' (the id of the field it tests)")
            return nil
        }
        guard let (condition, values) = Self.condition(node, in: "rule") else { return nil }
        guard let action = readAction(node, key: "action") else {
            if !node.has("action") { node.error("rule is missing 'action' (one of show, hide, require, unrequire)") }
            return nil
        }
        let otherwise = readAction(node, key: "otherwise")
        guard let targetsNode = node["targets"], let targets = node.stringList("targets"), !targets.isEmpty else {
            if node["targets"] == nil { node.error("rule is missing 'targets' (the ids of the fields it acts on)") }
            else { node["targets"]?.error("rule has no targets") }
            return nil
        }
        let targetLocations = targetsNode.isSequence ? targetsNode.elements.map(\.location) : [targetsNode.location]
        return VisibilityRule(field: testedField, condition: condition, values: values, action: action,
                              otherwise: otherwise, targets: targets, at: node.location, targetLocations: targetLocations)
    }

    private func readAction(_ node: ConfigNode, key: String) -> VisibilityRule.Action? {
        guard let name = node.string(key) else { return nil }
        guard let action = VisibilityRule.Action(rawValue: name) else {
            node[key]?.error(unknownMessage(key, name, VisibilityRule.Action.allCases.map(\.rawValue)))
            return nil
        }
        return action
    }

    /// `condition` with its `value`/`values`, as rules and journey branches write them (`what` names which in
    /// the messages); nil after a located error.
    static func condition(_ node: ConfigNode, in what: String) -> (VisibilityRule.Condition, [String])? {
        guard let conditionName = node.string("condition") else {
            node.error("\(what) is missing 'condition' (one of \(VisibilityRule.Condition.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard let condition = VisibilityRule.Condition(rawValue: conditionName) else {
            node["condition"]?.error(unknownMessage("condition", conditionName, VisibilityRule.Condition.allCases.map(\.rawValue)))
            return nil
        }
        let values = node.stringList("values") ?? node.stringList("value") ?? []
        if condition.needsValue && values.isEmpty {
            node.error("\(what) with condition '\(conditionName)' needs a 'value'")
            return nil
        }
        if condition == .greaterThan || condition == .lessThan, let value = values.first, Double(value) == nil {
            node["value"]?.error("\(what) with condition '\(conditionName)' needs a number, found '\(value)'")
            return nil
        }
        return (condition, values)
    }
}
