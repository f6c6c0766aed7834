extension FormChecker {
    /// Grids: outside repeating sections (a grid's value is already one per row), tested by no rule or branch (it has
    /// no single answer to compare), and no row named as a member every JavaScript object has.
    func checkGrids(_ form: Form, fields: [String: Field], log: DiagnosticLog) {
        let owners = form.repeatOf
        for field in form.allFields where field.type == .grid {
            if let owner = owners[field.id] {
                log.error("grid '\(field.id)' is in repeating section '\(owner)'; a grid must be outside repeating sections", at: field.typeLocation)
            }
            for row in field.rows where Self.objectPropertyNames.contains(row.value) {
                log.error("grid '\(field.id)' has a row id '\(row.value)', a name every JavaScript object already has; rename the row (for example '\(row.value)_')", at: field.location(of: "rows"))
            }
        }
        for rule in form.rules where fields[rule.field]?.type == .grid {
            log.error("rule tests grid '\(rule.field)', which has an answer per row and none to compare; test another field", at: rule.location)
        }
        for page in form.pages {
            for branch in page.next where fields[branch.field]?.type == .grid {
                log.error("branch tests grid '\(branch.field)', which has an answer per row and none to compare; test another field", at: branch.location)
            }
        }
    }
}
