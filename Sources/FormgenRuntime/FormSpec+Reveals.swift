extension FormSpec {
    /// GOV.UK's conditional reveal: the follow-up fields to show directly under a radio option, by field id, then
    /// option value. A rule qualifies when its only effect on each target is to show it for that one option: it
    /// tests a radio group (radio, yesno), or a checkbox group for its "Other" text field alone, with `equals` one of its options, `show` otherwise `hide`, and each target
    /// is on the same page, is no other rule's target, and reveals nothing itself. The rule still decides what is
    /// hidden and required; only where the targets are drawn changes.
    public var reveals: [String: [String: [String]]] {
        var targeted: [String: Int] = [:]
        for rule in rules { for target in Set(rule.targets) { targeted[target, default: 0] += 1 } }
        let byID = Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func page(_ id: String) -> Int? { pages.firstIndex { $0.fields.contains(id) } }
        let candidates = rules.filter { rule in
            guard let field = byID[rule.field], field.kind == .radioGroup || (field.kind == .checkboxGroup && field.other != nil && rule.targets == [field.other!]),
                  rule.action == "show", rule.otherwise == "hide",
                  ["equals", "in"].contains(rule.condition), rule.values.count == 1,
                  (field.options ?? []).contains(where: { $0.value == rule.values[0] }),
                  !rule.targets.isEmpty else { return false }
            return rule.targets.allSatisfy { target in
                byID[target] != nil && target != rule.field && targeted[target] == 1 && page(target) == page(rule.field)
            }
        }
        let sources = Set(candidates.map(\.field))
        var reveals: [String: [String: [String]]] = [:]
        for rule in candidates where !rule.targets.contains(where: sources.contains) {
            reveals[rule.field, default: [:]][rule.values[0], default: []] += rule.targets
        }
        return reveals
    }
}
