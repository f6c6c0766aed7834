/// Rendering of Markdown pages: docs, the docs index, generated reference pages and the 404 page.
extension PageRenderer {
    /// A page of `configs/docs/`, its links rewritten to the built pages, with the docs' navigation.
    public func renderDoc(_ doc: DocPage, site: Site) -> String {
        let resolver = DocLinkResolver(docs: site.docs)
        let rendered = Markdown.render(doc.markdown, options: Markdown.Options(
            headingAnchors: true, reservedIDs: DocPage.reservedIDs,
            rewriteURL: { resolver.rewrite($0.url, from: doc.source, pagePath: doc.path) }))
        var context = markdownPage(path: doc.path, title: doc.title, language: settings.language, rendered: rendered)
        if let contents = tableOfContents(rendered.headings) {
            context["bodyHTML"] = .text(Self.insert(contents, afterTitleOf: rendered.html, hasOwnTitle: doc.hasOwnTitle))
        }
        context["breadcrumb"] = ["title": .text(docsTitle(site)), "href": .text(DocLinkResolver.relative(from: doc.path, to: DocPage.indexPath, isFolder: true))]
        context["hasOwnTitle"] = .bool(doc.hasOwnTitle)
        context["hasNav"] = true
        context["navTitle"] = .text(docsTitle(site))
        context["nav"] = .objects(DocPage.listed(site.docs.filter { !$0.isDocsIndex }).map { other in
            ["title": .text(other.title), "href": .text(DocLinkResolver.relative(from: doc.path, to: other.path, isFolder: true)),
             "current": .bool(other.path == doc.path)]
        })
        return page("doc", context)
    }

    /// The docs index: the docs folder's own `index.md` (if any), then every doc and every form's reference.
    public func renderDocsIndex(_ site: Site) -> String {
        let path = DocPage.indexPath
        let own = site.docs.first(where: \.isDocsIndex)
        let resolver = DocLinkResolver(docs: site.docs)
        let rendered = Markdown.render(own?.markdown ?? "", options: Markdown.Options(
            headingAnchors: true, reservedIDs: DocPage.reservedIDs,
            rewriteURL: { link in own.map { resolver.rewrite(link.url, from: $0.source, pagePath: path) } ?? link.url }))
        var context = markdownPage(path: path, title: docsTitle(site), language: settings.language, rendered: rendered)
        context["breadcrumb"] = false
        context["hasOwnTitle"] = .bool(own?.hasOwnTitle ?? false)
        let docs = DocPage.listed(site.docs.filter { !$0.isDocsIndex })
        context["hasDocs"] = .bool(!docs.isEmpty)
        context["docsHeading"] = "Pages"
        context["docs"] = .objects(docs.map { doc in
            ["title": .text(doc.title), "href": .text(DocLinkResolver.relative(from: path, to: doc.path, isFolder: true)), "summary": .text(doc.summary)]
        })
        let references = site.flows.map { ($0.title, $0.id) } + site.forms.map { ($0.title, $0.path) }
        context["hasReferences"] = .bool(!references.isEmpty)
        context["referencesHeading"] = "Form reference"
        let here = DocLinkResolver.components(path)
        context["references"] = .objects(references.sorted { $0.1 < $1.1 }.map { title, formPath in
            ["title": .text(title), "href": .text(DocLinkResolver.relative(from: here, to: "\(formPath)/reference", isFolder: true))]
        })
        return page("docs-index", context)
    }

    /// A form's or a flow's reference page in the doc layout, written straight to HTML from its document, in
    /// which config strings are text (never markup or links).
    func renderReference(_ document: ReferenceDocument, path: String, title: String, language: String,
                         breadcrumb: (title: String, href: String), appending extra: String? = nil) -> String {
        let rendered = document.html(reservedIDs: DocPage.reservedIDs)
        var context = base(path: path, title: title, language: language, csp: staticPolicy, script: nil)
        context["title"] = .text(title)
        context["bodyHTML"] = .text(rendered.html + (extra ?? ""))
        context["breadcrumb"] = ["title": .text(breadcrumb.title), "href": .text(breadcrumb.href)]
        context["hasOwnTitle"] = .bool(rendered.title != nil)
        context["hasNav"] = false
        context["nav"] = []
        return page("doc", context)
    }

    /// `404.html`: served for any missing address, so its links start from the site's base URL.
    public func renderNotFound(_ site: Site) -> String {
        renderNotFound(hasDocs: !site.docs.isEmpty)
    }

    /// `404.html` of a site with docs (linked from it) or without.
    public func renderNotFound(hasDocs: Bool) -> String {
        let title = theme.messages.table(for: settings.language)["notFoundTitle"] ?? "Page not found"
        var context = base(path: "", title: title, language: settings.language, csp: staticPolicy, script: nil)
        context["canonical"] = false
        context["root"] = .text(settings.baseURL)
        context["logo"] = .text(logoSource(root: settings.baseURL))
        context["statementHref"] = .text(statementHref(root: settings.baseURL, language: settings.language))
        context["docsHref"] = .text(hasDocs ? settings.baseURL + DocPage.indexPath + "/" : nil)
        return page("not-found", context)
    }

    private func markdownPage(path: String, title: String, language: String, rendered: Markdown.Rendered) -> [String: TemplateValue] {
        var csp = staticPolicy
        csp.imageSources = Set(rendered.links.filter(\.isImage).compactMap { ContentSecurityPolicy.source(for: $0.url) })
        var context = base(path: path, title: title, language: language, csp: csp, script: nil)
        context["title"] = .text(title)
        context["bodyHTML"] = .text(rendered.html)
        return context
    }

    /// A long doc's contents (GOV.UK's "Contents" list): a link to each level-2 heading, for a page with at least
    /// `DocPage.contentsMinimum` of them; nil for a shorter page.
    func tableOfContents(_ headings: [Markdown.Heading]) -> String? {
        let sections = headings.filter { $0.level == 2 }
        guard sections.count >= DocPage.contentsMinimum else { return nil }
        let title = HTMLEscaping.escape(theme.messages.table(for: settings.language)["contents"] ?? "Contents")
        let items = sections.map { "<li><a href=\"#\(HTMLEscaping.escape($0.id))\">\(HTMLEscaping.escape($0.text))</a></li>\n" }.joined()
        return "<nav class=\"fg-toc\" id=\"fg-toc\" aria-labelledby=\"fg-toc-title\">\n<h2 class=\"fg-toc-title\" id=\"fg-toc-title\">\(title)</h2>\n"
            + "<ol class=\"fg-toc-list\">\n\(items)</ol>\n</nav>\n"
    }

    /// `html` with `contents` after its level-1 heading when the page has its own, else before everything.
    static func insert(_ contents: String, afterTitleOf html: String, hasOwnTitle: Bool) -> String {
        guard hasOwnTitle, let end = html.range(of: "</h1>\n") else { return contents + html }
        return html.replacingCharacters(in: end.upperBound..<end.upperBound, with: contents)
    }

    private func docsTitle(_ site: Site) -> String {
        site.docs.first(where: \.isDocsIndex)?.title ?? "Documentation"
    }
}
