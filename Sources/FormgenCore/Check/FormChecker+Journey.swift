/// The journey's lints: page ids, branches and where they go, pages no journey reaches.
extension FormChecker {
    func checkJourney(_ form: Form, fields: [String: Field], log: DiagnosticLog) {
        let graph = form.journeyGraph
        for (number, page) in form.pages.enumerated() {
            guard let id = page.id else { continue }
            let location = page.location ?? form.location
            if id == "review" {
                log.error("page id 'review' is reserved for the \"Check your answers\" step", at: location)
            } else if let first = graph.indexByID[id], first != number {
                log.error("duplicate page id '\(id)' (first used by page \(first + 1))", at: location)
            }
        }
        let knownFields = fields.keys.sorted()
        let knownPages = graph.indexByID.keys.filter { $0 != "review" }.sorted()
        var targeted: Set<Int> = []
        for (number, page) in form.pages.enumerated() {
            for (position, branch) in page.next.enumerated() {
                if let tested = fields[branch.field] {
                    let rule = VisibilityRule(field: branch.field, condition: branch.condition, values: branch.values, action: .show,
                                              otherwise: nil, targets: [], at: branch.location)
                    checkRuleValues(rule, against: tested, log: log)
                } else {
                    log.error("branch tests unknown field '\(branch.field)'\(suggestion(branch.field, knownFields))", at: branch.location)
                }
                if branch.goTo == "review" { continue }
                guard let goal = graph.targets[number][position] else {
                    log.error("branch goes to unknown page '\(branch.goTo)'\(suggestion(branch.goTo, knownPages + ["review"]))", at: branch.goToLocation)
                    continue
                }
                if goal <= number {
                    log.error("branch goes back to page '\(branch.goTo)' (page \(goal + 1)) from page \(number + 1); a journey only goes forward, so this would loop", at: branch.goToLocation)
                } else {
                    targeted.insert(goal)
                }
            }
        }
        for (number, page) in form.pages.enumerated() where number > 0 && page.isExit && !targeted.contains(number) {
            let name = page.id.map { "'\($0)'" } ?? "\(number + 1)"
            log.warning("exit page \(name) is unreachable: no branch goes to it (give it an 'id' and add a 'next' branch with 'goTo' to a page before it)", at: page.location ?? form.location)
        }
        if let first = form.pages.first, first.isExit {
            log.error("the first page is an exit page; a form must ask something before it ends", at: first.location ?? form.location)
        }
    }
}
