/// The journey in JSON Schema: the fields of a page a branch jumps over must not be sent (`if`/`then`), and a
/// submission whose answers lead to an exit page is refused, exactly as `formgen validate` does.
///
/// Exact for branches on pages every journey visits (the usual shape); a page that only a branch on a page that
/// may itself be skipped jumps over leaves its fields to the validator (`x-formgen-unchecked`).
extension SubmissionSchema {
    /// Whether the field must, may or must not be in a submission: the rules, then the journey.
    func presence(of field: Field) -> Presence {
        let byRules = rulePresence(of: field)
        guard form.pages.contains(where: { !$0.next.isEmpty }),
              let page = form.pages.firstIndex(where: { $0.items.contains { $0.containsField { $0.id == field.id } } }) else { return byRules }
        guard let skipped = skipCondition(ofPage: page) else { return byRules }
        guard case .some(let skip) = skipped else { return .undetermined }
        let otherwise: JSONValue
        switch byRules {
        case .optional: otherwise = true
        case .required:
            let text = JSONValue.string(requiredMessage(field))
            var leaf: JSONValue = ["required": [.string(field.id)], "errorMessage": ["required": [field.id: text]]]
            if field.kind == .checkbox { leaf["properties"] = [field.id: ["const": true, "errorMessage": ["const": text]]] }
            otherwise = leaf
        case .conditional(let schema): otherwise = schema
        case .undetermined: return .undetermined
        }
        return .conditional(["if": skip, "then": ["not": ["required": [.string(field.id)]]], "else": otherwise])
    }

    /// The conditions under which the journey ends on an exit page, each as `{if, then: false}`.
    func exitConditions() -> [JSONValue] {
        let graph = form.journeyGraph
        var schemas: [JSONValue] = []
        for (number, page) in form.pages.enumerated() where isFixed(number, in: graph) {
            for position in page.next.indices {
                guard let goal = graph.forwardTarget(from: number, branch: position), goal < graph.pageCount, graph.exits[goal],
                      let taken = taken(page.next, position) else { continue }
                schemas.append(["if": taken, "then": false])
            }
        }
        return schemas
    }

    /// nil: no branch jumps over the page; `.some(nil)`: one does, but JSON Schema cannot say when; else when it is skipped.
    private func skipCondition(ofPage target: Int) -> JSONValue?? {
        guard !form.pages[target].isExit else { return nil }
        let graph = form.journeyGraph
        var cases: [JSONValue] = []
        for (number, page) in form.pages.enumerated() where number < target {
            for position in page.next.indices {
                guard let goal = graph.forwardTarget(from: number, branch: position), goal > target else { continue }
                guard isFixed(number, in: graph), let taken = taken(page.next, position) else { return .some(nil) }
                cases.append(taken)
            }
        }
        if cases.isEmpty { return nil }
        return .some(cases.count == 1 ? cases[0] : ["anyOf": .array(cases)])
    }

    /// The branch at `position` is the first that holds.
    private func taken(_ branches: [PageBranch], _ position: Int) -> JSONValue? {
        var parts: [JSONValue] = []
        for (number, branch) in branches.enumerated() where number <= position {
            let rule = VisibilityRule(field: branch.field, condition: branch.condition, values: branch.values, action: .show,
                                      otherwise: nil, targets: [], at: branch.location)
            guard let holds = condition(rule) else { return nil }
            parts.append(number == position ? holds : Self.not(holds))
        }
        return parts.count == 1 ? parts[0] : ["allOf": .array(parts)]
    }

    /// A page every journey visits: no branch jumps over it and the rules can never hide all its fields.
    private func isFixed(_ number: Int, in graph: JourneyGraph) -> Bool {
        for (from, page) in form.pages.enumerated() where from < number {
            for position in page.next.indices {
                if let goal = graph.forwardTarget(from: from, branch: position), goal > number { return false }
            }
        }
        let hideable = Set(form.rules.filter { $0.action == .hide || $0.otherwise == .hide }.flatMap(\.targets))
        let inputs = form.pages[number].items.flatMap(\.fields).filter { !$0.kind.isDisplayOnly }
        return form.pages.count == 1 || inputs.isEmpty || !inputs.allSatisfy { hideable.contains($0.id) }
    }
}
