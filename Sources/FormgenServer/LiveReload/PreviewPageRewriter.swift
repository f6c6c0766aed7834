import FormgenCore
import Foundation

/// Turns a built page into the page `formgen serve` sends: the live-reload script added (and
/// allowed by the page's Content-Security-Policy), and a form without an external action pointed
/// at the preview's submission sink. `formgen build` output never goes through this.
public struct PreviewPageRewriter: Sendable {
    /// The runtime the pages were built with, to give a page pointed at the sink the modules that send
    /// (a build leaves them out of a page without an action); nil leaves scripts as built.
    public let runtime: RuntimeScript?

    public init(runtime: RuntimeScript? = nil) {
        self.runtime = runtime
    }

    /// Where the sink takes submissions of the form at `path` (`kyc/nl`).
    public static func sinkPath(forFormAt path: String) -> String {
        SubmissionSink.pathPrefix + path
    }

    /// The served page for the built page `html`.
    public func rewrite(_ html: String) -> String {
        var page = html
        let pointed = pointFormAtSink(&page)
        let hashes = pointed.flatMap { swapScript(&page, from: $0.built, to: $0.served) }
        rewritePolicy(&page, formAction: pointed != nil, scriptHash: hashes)
        addScript(&page)
        return page
    }

    /// Replaces the page's runtime, joined for the spec it was built with, by the one for the spec it is
    /// served with (which posts to the sink); returns the old and new policy sources. Nil when the page's
    /// script is not this runtime's (a site's own), which is left as it is.
    private func swapScript(_ page: inout String, from built: FormSpec, to served: FormSpec) -> (old: String, new: String)? {
        guard let runtime, let old = runtime.script(for: built), let new = runtime.script(for: served), old != new,
              let range = page.range(of: "<script>\(old.text)</script>")
        else { return nil }
        page.replaceSubrange(range, with: "<script>\(new.text)</script>")
        return (old.cspSource, new.cspSource)
    }

    /// If the page's form has no external action, points its `action` and its spec's
    /// `submit.action` at the sink; returns the spec as built and as served then.
    private func pointFormAtSink(_ page: inout String) -> (built: FormSpec, served: FormSpec)? {
        let specOpen = #"<script type="application/json" id="fg-spec">"#
        guard let open = page.range(of: specOpen),
              let close = page.range(of: "</script>", range: open.upperBound..<page.endIndex)
        else { return nil }
        let json = String(page[open.upperBound..<close.lowerBound])
        guard let built = try? JSONDecoder().decode(FormSpec.self, from: Data(json.utf8)),
              built.submit.action?.isEmpty ?? true
        else { return nil }
        let sink = Self.sinkPath(forFormAt: built.path)
        var spec = built
        spec.submit.action = sink
        page.replaceSubrange(open.upperBound..<close.lowerBound, with: spec.embeddableJSON())
        guard let form = page.range(of: #"<form id="fg-form""#),
              let end = page.range(of: ">", range: form.upperBound..<page.endIndex),
              let action = page.range(of: #" action=""#, range: form.upperBound..<end.lowerBound),
              let quote = page.range(of: "\"", range: action.upperBound..<end.lowerBound)
        else { return (built, spec) }
        page.replaceSubrange(action.upperBound..<quote.lowerBound, with: HTMLEscaping.escape(sink))
        return (built, spec)
    }

    /// Allows the reload script and its event stream (and the sink, when the form posts there).
    private func rewritePolicy(_ page: inout String, formAction: Bool, scriptHash: (old: String, new: String)?) {
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
        if let scriptHash, let index = directives.firstIndex(where: { $0.hasPrefix("script-src ") }) {
            directives[index] = directives[index].replacingOccurrences(of: scriptHash.old, with: scriptHash.new)
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
