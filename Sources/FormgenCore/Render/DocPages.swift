/// Rendering of Markdown pages: docs, the docs index, generated reference pages and the 404 page.
extension PageRenderer {
    /// A page of `configs/docs/`, its links rewritten to the built pages, with the docs' navigation.
    public func renderDoc(_ doc: DocPage, site: Site) -> String {
        let resolver = DocLinkResolver(docs: site.docs)
        let rendered = Markdown.render(doc.markdown, options: Markdown.Options(
            headingAnchors: true, reservedIDs: DocPage.reservedIDs,
            rewriteURL: { resolver.rewrite($0.url, from: doc.source, pagePath: doc.path) }))
        var context = markdownPage(path: doc.path, title: doc.title, language: settings.language, rendered: rendered)
        context["breadcrumb"] = ["title": docsTitle(site), "href": DocLinkResolver.relative(from: doc.path, to: DocPage.indexPath, isFolder: true)]
        context["hasOwnTitle"] = doc.hasOwnTitle
        context["hasNav"] = true
        context["navTitle"] = docsTitle(site)
        context["nav"] = DocPage.listed(site.docs.filter { !$0.isDocsIndex }).map { other in
            ["title": other.title, "href": DocLinkResolver.relative(from: doc.path, to: other.path, isFolder: true),
             "current": other.path == doc.path] as [String: Any]
        }
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
        context["hasOwnTitle"] = own?.hasOwnTitle ?? false
        let docs = DocPage.listed(site.docs.filter { !$0.isDocsIndex })
        context["hasDocs"] = !docs.isEmpty
        context["docsHeading"] = "Pages"
        context["docs"] = docs.map { doc in
            ["title": doc.title, "href": DocLinkResolver.relative(from: path, to: doc.path, isFolder: true), "summary": doc.summary ?? false] as [String: Any]
        }
        let references = site.flows.map { ($0.title, $0.id) } + site.forms.map { ($0.title, $0.path) }
        context["hasReferences"] = !references.isEmpty
        context["referencesHeading"] = "Form reference"
        context["references"] = references.sorted { $0.1 < $1.1 }.map { title, formPath in
            ["title": title, "href": DocLinkResolver.relative(from: path, to: "\(formPath)/reference", isFolder: true)]
        }
        return page("docs-index", context)
    }

    /// A generated Markdown page (a form's reference) in the doc layout. Config strings in it are
    /// escaped by its writer; autolinks are off so that no config text becomes a link.
    public func renderReference(markdown: String, path: String, title: String, language: String,
                                breadcrumb: (title: String, href: String)) -> String {
        let rendered = Markdown.render(markdown, options: Markdown.Options(headingAnchors: true, reservedIDs: DocPage.reservedIDs, autolinks: false))
        var context = markdownPage(path: path, title: title, language: language, rendered: rendered)
        context["breadcrumb"] = ["title": breadcrumb.title, "href": breadcrumb.href]
        context["hasOwnTitle"] = rendered.title != nil
        context["hasNav"] = false
        context["nav"] = [[String: Any]]()
        return page("doc", context)
    }

    /// `404.html`: served for any missing address, so its links start from the site's base URL.
    public func renderNotFound(_ site: Site) -> String {
        let title = Messages.table(for: settings.language)["notFoundTitle"] ?? "Page not found"
        var context = base(path: "", title: title, language: settings.language, csp: staticPolicy, script: nil)
        context["canonical"] = false
        context["root"] = settings.baseURL
        context["docsHref"] = site.docs.isEmpty ? false : settings.baseURL + DocPage.indexPath + "/"
        return page("not-found", context)
    }

    private func markdownPage(path: String, title: String, language: String, rendered: Markdown.Rendered) -> [String: Any] {
        var csp = staticPolicy
        csp.imageSources = Set(rendered.links.filter(\.isImage).compactMap { ContentSecurityPolicy.source(for: $0.url) })
        var context = base(path: path, title: title, language: language, csp: csp, script: nil)
        context["title"] = title
        context["bodyHTML"] = rendered.html
        return context
    }

    private func docsTitle(_ site: Site) -> String {
        site.docs.first(where: \.isDocsIndex)?.title ?? "Documentation"
    }
}
