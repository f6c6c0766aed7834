extension FormChecker {
    /// Repeating sections: their ids are unique among fields and sections, a rule that tests an item field targets only
    /// fields of the same section (it acts per item), branches do not test a field inside one (its value is one per
    /// item), and an item's `equalsField` names a field of the same item.
    func checkRepeats(_ form: Form, fields: [String: Field], log: DiagnosticLog) {
        let owners = form.repeatOf
        var seen: [String: SourceLocation] = [:]
        for section in form.repeatingSections {
            guard let id = section.id, let location = section.location else { continue }
            if let field = fields[id] {
                log.error("repeating section id '\(id)' is also the id of a field (defined at \(field.location))", at: location)
            } else if let first = seen[id] {
                log.error("duplicate repeating section id '\(id)' (first defined at \(first))", at: location)
            }
            seen[id] = location
            for field in section.itemFields {
                if field.type == .file {
                    log.error("file field '\(field.id)' is in repeating section '\(id)'; a file field must be outside repeating sections", at: field.typeLocation)
                }
                for rule in field.validations {
                    guard case .equalsField(let other) = rule.kind, fields[other] != nil, owners[other] != id else { continue }
                    log.error("field '\(field.id)' in repeating section '\(id)' must equal '\(other)', which is not in the same item", at: rule.location)
                }
            }
        }
        for rule in form.rules {
            guard let owner = owners[rule.field] else { continue }
            for (target, location) in zip(rule.targets, rule.targetLocations) where fields[target] != nil && owners[target] != owner {
                let place = owners[target].map { "in repeating section '\($0)'" } ?? "outside it"
                log.error("rule tests '\(rule.field)' in repeating section '\(owner)' and targets '\(target)' \(place); a rule on an item field may target only fields of the same item", at: location)
            }
        }
        for page in form.pages {
            for branch in page.next {
                if let owner = owners[branch.field] {
                    log.error("branch tests '\(branch.field)', a field of repeating section '\(owner)'; a branch may test only fields outside repeating sections", at: branch.location)
                }
            }
        }
    }
}
