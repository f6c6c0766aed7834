import Foundation

extension PageRenderer {
    /// A theme page that is not part of the built site (`formgen collect`'s admin view): `template` over the base
    /// layout with `context` added, its style subset inline, no script, and forms allowed to post to the same origin
    /// only.
    public func standalonePage(_ template: String, title: String, language: String, root: String, context: [String: TemplateValue]) -> String {
        var csp = staticPolicy
        csp.formActions = ["'self'"]
        var page = base(path: "", title: title, language: language, csp: csp, script: nil)
        page["root"] = .text(root)
        for (key, value) in context { page[key] = value }
        return self.page(template, page)
    }

    /// The policy a rendered page states in its `<meta http-equiv="Content-Security-Policy">`, to send as its header.
    public static func statedPolicy(of html: String) -> String? {
        guard let start = html.range(of: #"<meta http-equiv="Content-Security-Policy" content=""#),
              let end = html.range(of: "\"", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&#39;", with: "'")
    }
}
