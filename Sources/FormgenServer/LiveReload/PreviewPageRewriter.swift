import FormgenCore
import Foundation

/// Turns a built page into the page `formgen serve` sends: the live-reload script added (and
/// allowed by the page's Content-Security-Policy), and a form without an external action pointed
/// at the preview's submission sink. `formgen build` output never goes through this.
public struct PreviewPageRewriter: Sendable {
    public init() {}

    /// Where the sink takes submissions of the form at `path` (`kyc/nl`).
    public static func sinkPath(forFormAt path: String) -> String {
        SubmissionSink.pathPrefix + path
    }

    /// The served page for the built page `html`.
    public func rewrite(_ html: String) -> String {
        var page = html
        let sinkPath = pointFormAtSink(&page)
        rewritePolicy(&page, formAction: sinkPath != nil)
        addScript(&page)
        return page
    }

    /// If the page's form has no external action, points its `action` and its spec's
    /// `submit.action` at the sink; returns the sink's path then.
    private func pointFormAtSink(_ page: inout String) -> String? {
        let specOpen = #"<script type="application/json" id="fg-spec">"#
        guard let open = page.range(of: specOpen),
              let close = page.range(of: "</script>", range: open.upperBound..<page.endIndex)
        else { return nil }
        let json = String(page[open.upperBound..<close.lowerBound])
        guard var spec = try? JSONDecoder().decode(FormSpec.self, from: Data(json.utf8)),
              spec.submit.action?.isEmpty ?? true
        else { return nil }
        let sink = Self.sinkPath(forFormAt: spec.path)
        spec.submit.action = sink
        page.replaceSubrange(open.upperBound..<close.lowerBound, with: spec.embeddableJSON())
        guard let form = page.range(of: #"<form id="fg-form""#),
              let end = page.range(of: ">", range: form.upperBound..<page.endIndex),
              let action = page.range(of: #" action=""#, range: form.upperBound..<end.lowerBound),
              let quote = page.range(of: "\"", range: action.upperBound..<end.lowerBound)
        else { return sink }
        page.replaceSubrange(action.upperBound..<quote.lowerBound, with: HTMLEscaping.escape(sink))
        return sink
    }

    /// Allows the reload script and its event stream (and the sink, when the form posts there).
    private func rewritePolicy(_ page: inout String, formAction: Bool) {
        let marker = #"<meta http-equiv="Content-Security-Policy" content=""#
        guard let meta = page.range(of: marker),
              let quote = page.range(of: "\"", range: meta.upperBound..<page.endIndex)
        else { return }
        let policy = HTMLEscaping.unescape(String(page[meta.upperBound..<quote.lowerBound]))
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        func add(_ source: String, to name: String) {
            if let index = directives.firstIndex(where: { $0 == name || $0.hasPrefix(name + " ") }) {
                var sources = directives[index].split(separator: " ").dropFirst().map(String.init).filter { $0 != "'none'" }
                if !sources.contains(source) { sources.append(source) }
                directives[index] = ([name] + sources).joined(separator: " ")
            } else {
                directives.append("\(name) \(source)")
            }
        }
        add(LiveReloadScript.cspSource, to: "script-src")
        add("'self'", to: "connect-src")
        if formAction { add("'self'", to: "form-action") }
        page.replaceSubrange(meta.upperBound..<quote.lowerBound, with: HTMLEscaping.escape(directives.joined(separator: "; ")))
    }

    private func addScript(_ page: inout String) {
        let tag = "<script>\(LiveReloadScript.source)</script>\n"
        if let body = page.range(of: "</body>", options: .backwards) {
            page.insert(contentsOf: tag, at: body.lowerBound)
        } else {
            page += tag
        }
    }
}
