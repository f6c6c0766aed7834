/// A field's state after the rules, as a tree of conditions: the last rule that acts on the field wins.
indirect enum Decision: Equatable {
    case leaf(Bool)
    case branch(JSONValue, Decision, Decision)

    /// Folds `rules` in order over `initial`; `effect` tells what an action does to this state (nil: nothing).
    static func build(_ rules: [VisibilityRule], initial: Bool, conditions: [VisibilityRule: JSONValue],
                      effect: (VisibilityRule.Action) -> Bool?) -> Decision {
        var decision = Decision.leaf(initial)
        for rule in rules {
            let whenTrue = effect(rule.action)
            let whenFalse = rule.otherwise.flatMap(effect)
            guard whenTrue != nil || whenFalse != nil, let condition = conditions[rule] else { continue }
            let yes = whenTrue.map(Decision.leaf) ?? decision
            let no = whenFalse.map(Decision.leaf) ?? decision
            decision = condition == true ? yes : condition == false ? no : .branch(condition, yes, no)
        }
        return decision
    }

    /// The tree as `if`/`then`/`else`, each leaf given by `leaf`.
    func schema(leaf: (Bool) -> JSONValue) -> JSONValue {
        switch self {
        case .leaf(let value):
            return leaf(value)
        case let .branch(condition, yes, no):
            let then = yes.schema(leaf: leaf), otherwise = no.schema(leaf: leaf)
            if then == otherwise { return then }
            var schema: JSONValue = ["if": condition]
            if then != true { schema["then"] = then }
            if otherwise != true { schema["else"] = otherwise }
            return schema
        }
    }
}
