import Foundation

/// Checks docs against each other and the site: pages built to the same place, links to Markdown
/// files that do not exist, anchors no heading has, files a link needs that are not published, and
/// addresses `ConfigURL` refuses (`javascript:`, `data:` …: an error; the page shows them as text).
public struct DocsChecker {
    public var source: SiteSource

    public init(source: SiteSource) {
        self.source = source
    }

    public init(configDirectory: String) {
        self.init(source: .folder(configDirectory))
    }

    public func check(_ site: Site, log: DiagnosticLog) {
        let docs = site.docs
        var first: [String: DocPage] = [:]
        for doc in docs.sorted(by: { $0.source < $1.source }) {
            if let other = first[doc.path] {
                log.error("docs '\(other.source)' and '\(doc.source)' would both be written to '\(doc.path)/'; rename one", at: doc.location)
            } else {
                first[doc.path] = doc
            }
        }
        if !docs.isEmpty {
            // The forms in place (not copied into one array with the flows' placeholders).
            for form in [site.allForms, site.flows.map(placeholder)].joined() where form.path == DocPage.indexPath || form.path.hasPrefix(DocPage.indexPath + "/") {
                log.error("form '\(form.id)' would be written to '\(form.path)/', where the docs go; give it another 'id' or file name", at: form.location)
            }
        }
        let resolver = DocLinkResolver(docs: docs)
        let anchors = Dictionary(docs.map { ($0.path, Set($0.headings.map(\.id))) }, uniquingKeysWith: { first, _ in first })
        for doc in docs {
            for link in doc.links {
                let location = SourceLocation(file: doc.location.file, line: link.line, column: link.column)
                check(link, of: doc, resolver: resolver, anchors: anchors, at: location, log: log)
            }
        }
    }

    private func check(_ link: Markdown.Link, of doc: DocPage, resolver: DocLinkResolver, anchors: [String: Set<String>],
                       at location: SourceLocation, log: DiagnosticLog) {
        if let refusal = link.refusal {
            log.error("unsafe \(link.isImage ? "image" : "link") \(JSONValue.quoted(link.url)): \(refusal)", at: location)
            return
        }
        switch resolver.target(of: link.url, from: doc.source) {
        case let .missingDoc(path):
            let known = resolver.pathsBySource.keys.sorted()
            var message = "link to '\(link.url)': there is no doc '\(path)'"
            if let close = closestMatch(to: path, in: known) { message += " (did you mean '\(close)'?)" }
            log.error(message, at: location)
        case let .page(path, fragment?):
            let id = fragment.removingPercentEncoding ?? fragment
            if let ids = anchors[path], !ids.contains(id) {
                log.warning("link to '\(link.url)': that page has no heading with the anchor '#\(id)'\(suggestion(id, ids))", at: location)
            }
        case let .anchor(fragment):
            let id = fragment.removingPercentEncoding ?? fragment
            let ids = anchors[doc.path] ?? []
            if !id.isEmpty, !ids.contains(id), !id.hasPrefix("fn-"), !id.hasPrefix("fnref-") {
                log.warning("link to '#\(id)': this page has no heading with that anchor\(suggestion(id, ids))", at: location)
            }
        case let .asset(path):
            let file = source.path(path)
            if !source.exists(path) {
                log.warning("\(link.isImage ? "image" : "link") '\(link.url)' points to '\(file)', which does not exist", at: location)
            }
        case let .unpublished(path):
            log.warning("\(link.isImage ? "image" : "link") '\(link.url)' points to 'docs/\(path)', but only Markdown files of docs/ are published; put the file in assets/ and link to it there", at: location)
        case .page(_, nil), .siteRoot, .other:
            break
        }
    }

    private func placeholder(_ flow: CountryFlow) -> Form {
        Form(id: flow.id, path: flow.id, title: flow.title, language: flow.language, format: .native,
             at: flow.countries.first?.form.location ?? SourceLocation(file: source.directory, line: 1, column: 1))
    }

    private func suggestion(_ id: String, _ ids: Set<String>) -> String {
        closestMatch(to: id, in: ids.sorted()).map { " (did you mean '#\($0)'?)" } ?? ""
    }
}
