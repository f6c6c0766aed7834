/// Reads `accessibility: {contact, lastReviewed, knownIssues: [...]}` from `site.yaml`: a contact and the day of the
/// last review are required, the day a real `yyyy-mm-dd`; each known issue is Markdown whose links are checked.
struct AccessibilityStatementReader {
    func read(_ node: ConfigNode) -> AccessibilityStatement? {
        guard node.expectMapping("'accessibility'") else { return nil }
        node.warnUnknownKeys(allowed: ["contact", "lastReviewed", "knownIssues"], in: "accessibility")
        let contact = node.markdown("contact")
        if contact == nil { node.error("'accessibility' needs 'contact': who to tell about a problem, like an email address or a link") }
        var reviewed = node.string("lastReviewed")
        if let text = reviewed, AccessibilityStatement.day(text) == nil {
            node["lastReviewed"]?.error("'lastReviewed' must be a real day written yyyy-mm-dd (like 2026-11-01), not '\(text)'")
            reviewed = nil
        } else if reviewed == nil {
            node.error("'accessibility' needs 'lastReviewed': the day the statement was last checked, written yyyy-mm-dd")
        }
        var issues: [String] = []
        if let list = node["knownIssues"], !list.isNull, let items = list.expectSequence("'accessibility.knownIssues'") {
            for item in items {
                guard let text = item.scalarText else {
                    item.error("a known issue must be text (Markdown), not \(item.kindName)")
                    continue
                }
                for link in Markdown.render(text).links {
                    guard let refusal = link.refusal else { continue }
                    item.error("unsafe \(link.isImage ? "image" : "link") \(JSONValue.quoted(link.url)) in 'knownIssues': \(refusal)")
                }
                issues.append(text)
            }
        }
        guard let contact, let reviewed else { return nil }
        return AccessibilityStatement(contact: contact, lastReviewed: reviewed, knownIssues: issues)
    }
}
