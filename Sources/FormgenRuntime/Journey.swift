// The twin of journey.js: the pages a person visits.

/// The pages a person visits for one set of values: the form's journey.
///
/// From the first page, each page in turn is visited unless the form has several pages and every field on it
/// that carries a value is hidden (then it is skipped, its branches unused). After a visited page its branches
/// (`next`) are tested in order, as rule conditions, a field hidden or not yet visited counting as empty; the
/// first that holds leads to its `goTo` (a later page, or `review`: the end); without one the journey goes to
/// the next page in order that is not an exit page. An exit page ends the journey. The runtime (`journey.js`)
/// computes the same thing.
public struct Journey: Sendable, Hashable {
    /// Indexes of the visited pages, in order.
    public var path: [Int]
    /// The exit page the journey ends on, if it ends on one.
    public var exitPage: Int?

    package init(spec: FormSpec, values: [String: JSONValue], hidden: Set<String>, fields: [String: FormSpec.FieldSpec]) {
        let pages = spec.pages
        let graph = spec.journeyGraph
        var path: [Int] = []
        var visited: Set<String> = []
        var current = 0
        exitPage = nil
        while current < pages.count {
            let page = pages[current]
            let inputs = page.fields.filter { fields[$0].map { !$0.isDisplayOnly } ?? false }
            if pages.count > 1, page.exit != true, !inputs.isEmpty, inputs.allSatisfy(hidden.contains) {
                current = graph.following(current)
                continue
            }
            path.append(current)
            if page.exit == true {
                exitPage = current
                break
            }
            visited.formUnion(page.fields)
            var target = graph.following(current)
            for (position, branch) in (page.next ?? []).enumerated() {
                let value = hidden.contains(branch.field) || !visited.contains(branch.field) ? nil : values[branch.field]
                let rule = FormSpec.RuleSpec(field: branch.field, condition: branch.condition, values: branch.values, action: "show", otherwise: nil, targets: [])
                if FieldStates.holds(rule, value: value, field: fields[branch.field]) {
                    if let goal = graph.forwardTarget(from: current, branch: position) { target = goal }
                    break
                }
            }
            current = target
        }
        self.path = path
    }
}

extension FormSpec {
    /// Whether the journey can be anything but every page in order: a page branches or is an exit page, or, in a form
    /// of several pages, every field with a value on some page is the target of a rule that can hide it.
    public var hasJourney: Bool {
        if pages.contains(where: { $0.exit == true || !($0.next ?? []).isEmpty }) { return true }
        guard pages.count > 1 else { return false }
        let hideable = Set(rules.filter { $0.action == "hide" || $0.otherwise == "hide" }.flatMap(\.targets))
        let valued = Set(fields.filter { !$0.isDisplayOnly }.map(\.id))
        return pages.contains { page in
            let inputs = page.fields.filter(valued.contains)
            return !inputs.isEmpty && inputs.allSatisfy(hideable.contains)
        }
    }
}
