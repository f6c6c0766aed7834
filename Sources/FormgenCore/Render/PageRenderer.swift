import Foundation

/// Renders a site's pages through its theme.
public struct PageRenderer: Sendable {
    public let theme: Theme
    public let settings: SiteSettings
    /// Whether the site has docs: the header then links to them.
    public var hasDocs = false
    /// Whether the site has forms or country flows: the header then links to their list on the home page.
    public var hasForms = true
    /// `formgen serve`'s differences: the sink for forms without an action, the live-reload script on every page.
    public var preview: PreviewMode?

    /// Stand-ins for the page's stylesheet, its CSP hash and its runtime until the page is rendered (``page(_:_:script:)``).
    private static let stylePlaceholder = "%fg-style-placeholder-8c1e%"
    private static let styleHashPlaceholder = "%fg-style-hash-placeholder-8c1e%"
    private static let scriptPlaceholder = "%fg-script-placeholder-8c1e%"

    /// The brand's custom properties, after the theme's stylesheet in every page.
    let brandCSS: String
    /// Whether fields are written in Swift (``Theme/rendersFieldsInSwift``), and the theme pages render with then: its
    /// `field` partial writes the HTML each field item carries.
    let fieldsInSwift: Bool
    private let pageTheme: Theme

    public init(theme: Theme, settings: SiteSettings) {
        self.init(theme: theme, settings: settings, fieldsInSwift: theme.rendersFieldsInSwift)
    }

    /// A renderer that writes fields in Swift only when `fieldsInSwift` (which needs a theme that
    /// ``Theme/rendersFieldsInSwift``); tests render through both paths.
    init(theme: Theme, settings: SiteSettings, fieldsInSwift: Bool) {
        self.theme = theme
        self.settings = settings
        brandCSS = settings.brand.css
        self.fieldsInSwift = fieldsInSwift && theme.rendersFieldsInSwift
        pageTheme = self.fieldsInSwift ? theme.writingFieldsInSwift : theme
    }

    /// `../../` for `kyc/nl`, `./` for the site's root.
    static func rootPrefix(for path: String) -> String {
        let depth = path.utf8.allSatisfy({ $0 < 0x80 }) ? ASCIIWords.count(in: path, separator: UInt8(ascii: "/"))
            : path.split(separator: "/").count
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }

    func base(path: String, title: String, language: String, csp: ContentSecurityPolicy, script: RuntimeScript.PageScript?,
              embed: EmbedPolicy = EmbedPolicy()) -> [String: TemplateValue] {
        let siteTitle = settings.title(in: language)
        var csp = csp
        if let logo = settings.brand.logo { csp.imageSources.insert(ContentSecurityPolicy.source(for: logo) ?? "'self'") }
        if let preview {
            csp.scriptHashes.append(preview.scriptSource)
            csp.connectSources.insert("'self'")
        }
        return [
            "lang": .text(language),
            "dir": .text(theme.messages.direction(for: language)),
            "languageLinks": false,
            "csp": .text(csp.header),
            "branded": .bool(!brandCSS.isEmpty),
            "frameAncestors": .text(embed.isEmbeddable ? embed.frameAncestors : nil),
            "pageTitle": .text(title == siteTitle ? title : "\(title) – \(siteTitle)"),
            "canonical": .text(settings.baseURL.hasPrefix("http") ? settings.baseURL + (path.isEmpty ? "" : path + "/") : nil),
            "css": .text(Self.stylePlaceholder),
            "script": .text(script.map { _ in Self.scriptPlaceholder }),
            "root": .text(Self.rootPrefix(for: path)),
            "logo": .text(logoSource(root: Self.rootPrefix(for: path))),
            "statementHref": .text(statementHref(root: Self.rootPrefix(for: path), language: language)),
            "siteTitle": .text(siteTitle),
            "footerHTML": .text(settings.footer(in: language).map(Markdown.html)),
            "homePage": false,
            "t": theme.messages.templateTable(for: language),
            "headerNav": .object(HeaderNavigation.context(language: language, hasForms: hasForms, hasDocs: hasDocs, tables: theme.messages)),
        ]
    }

    /// The brand's logo as the page links it (a local asset from the page's root), nil without one.
    func logoSource(root: String) -> String? {
        settings.brand.logo.map { ConfigURL.scheme(of: $0) == nil ? root + $0 : $0 }
    }

    /// The accessibility statement in the page's language (or the site's default) from the page's root; nil without one.
    func statementHref(root: String, language: String) -> String? {
        guard settings.accessibility != nil else { return nil }
        let published = settings.pageLanguages.contains(language) ? language : settings.language
        return root + statementPath(in: published) + "/"
    }

    var staticPolicy: ContentSecurityPolicy {
        var csp = ContentSecurityPolicy()
        csp.styleHashes = [Self.styleHashPlaceholder]
        return csp
    }

    /// Renders a page template, then puts in its runtime `script` (the one `base` was given), the part of the
    /// stylesheet the finished page uses and its hash.
    func page(_ template: String, _ context: [String: TemplateValue], script: RuntimeScript.PageScript? = nil) -> String {
        let html = pageTheme.render(template, context)
        let style = theme.style.subset(for: html, script: script)
        let css = brandCSS.isEmpty ? style.css : style.css + brandCSS
        let hash = brandCSS.isEmpty ? style.cspSource : SHA256.cspSource(for: css)
        let page = ByteReplacement.replace([Self.styleHashPlaceholder: HTMLEscaping.escape(hash), Self.stylePlaceholder: css,
                                            Self.scriptPlaceholder: script?.text ?? ""], in: html)
        guard let preview else { return page }
        let tag = "<script>\(preview.script)</script>\n"
        guard let body = page.range(of: "</body>", options: .backwards) else { return page + tag }
        return page.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: tag)
    }

    /// The page of one form.
    public func renderForm(_ form: Form, breadcrumb: (title: String, href: String)? = nil) -> String {
        var spec = FormSpec(form, tables: theme.messages)
        if form.submission.provider == .collect { spec.submit.sentPage = Self.sentPage(of: form, baseURL: settings.baseURL) }
        let action = form.submission.action(forPath: form.path) ?? preview.map { $0.sinkPrefix + form.path }
        if spec.submit.action == nil { spec.submit.action = action }
        let script = theme.runtime.script(for: spec, exposing: preview != nil, framed: form.embed.isEmbeddable)
        var csp = staticPolicy
        if let script { csp.scriptHashes = [script.cspSource] }
        csp.imageSources = Set(form.allFields.compactMap { field in
            guard field.type == .image, !field.imageUnavailable else { return nil }
            return field.localImage != nil ? "'self'" : field.src.flatMap(ContentSecurityPolicy.source)
        })
        var connect = Set(form.dataSources.compactMap { ContentSecurityPolicy.source(for: $0.endpoint) })
        if let action, let source = ContentSecurityPolicy.source(for: action) {
            connect.insert(source)
            csp.formActions = [source]
        } else {
            csp.formActions = ["'self'"]
        }
        if let logout = form.logout, let source = ContentSecurityPolicy.source(for: logout.endpoint) {
            connect.insert(source)
            csp.formActions.insert(source)
        }
        csp.connectSources = connect
        var context = base(path: form.path, title: form.title, language: form.language, csp: csp, script: script, embed: form.embed)
        context["languageLinks"] = languageLinks(form)
        context["id"] = .text(form.id)
        context["title"] = .text(form.title)
        context["descriptionHTML"] = .text(form.description.map(Markdown.html))
        context["method"] = .text(form.submission.method)
        context["multipart"] = .bool(form.allFields.contains { $0.kind == .file })
        context["action"] = .text(action ?? "")
        // `#fg-status` is the send module's (a form with an action), `#fg-result` shows the answers when there is nothing to
        // send them to (submit.js): each only where the runtime can use it; a whole-runtime override gets both.
        let wholeRuntime = theme.runtime.whole != nil
        context["status"] = .bool(action != nil || wholeRuntime)
        context["result"] = .bool(action == nil || wholeRuntime)
        context["multiPage"] = .bool(form.pages.count > 1 || form.hasReview)
        context["review"] = .bool(form.hasReview)
        // The review's words for a password ("Hidden") and for an empty answer ("Not answered"), only where it can show
        // them: a password field; a field that may be left empty (not required, or rules that can change that).
        let answered = spec.fields.flatMap { [$0] + ($0.fields ?? []) }.filter { !$0.isDisplayOnly }
        context["reviewHidden"] = .bool(answered.contains { $0.type == FieldType.password.rawValue })
        context["reviewNotAnswered"] = .bool(!spec.rules.isEmpty || answered.contains { !$0.required || $0.rules?.isEmpty == false })
        context["breadcrumb"] = .object(breadcrumb.map { ["title": .text($0.title), "href": .text($0.href)] })
        let notes = JourneyNotes(form: form, tables: theme.messages)
        let reveals = Reveals(spec.reveals, fields: form.allFields, sometimesAsked: Self.sometimesAsked(form, skippable: notes.skippable))
        context["pages"] = .objects(form.pages.enumerated().map { index, page in
            ["index": .number(index), "title": .text(page.title),
             "items": .objects(Self.hidingTitles(items(page.items, form: form, reveals: reveals), sameAs: page.title)),
             "exit": .bool(page.isExit), "exitHTML": .text(page.text.map(Markdown.html)),
             "notes": .list((notes.byPage[index] ?? []).map(TemplateValue.text))]
        })
        let texts = theme.messages.table(for: form.language)
        context["submitLabel"] = .text(spec.submit.label ?? texts["submit"] ?? "Submit")
        context["needsScript"] = .bool(spec.fields.contains { $0.dataSource != nil && $0.required })
        context["netlify"] = .bool(spec.submit.provider == "netlify")
        context["honeypot"] = .text(spec.submit.honeypot)
        context["hiddenFields"] = .objects((spec.submit.extra ?? [:]).sorted { $0.key < $1.key }.map { ["name": .text($0.key), "value": .text($0.value)] })
        context["draftNote"] = .text(RuntimeScript.keepsDrafts(spec)
            ? Messages.format(texts["draftNote"] ?? "", ["duration": Messages.duration(seconds: spec.drafts.maxAge, language: form.language, tables: theme.messages)])
            : nil)
        context["logout"] = .object(logoutContext(form.logout, language: form.language))
        context["specJSON"] = .text(spec.embedded(with: script).embeddableJSON())
        return page("form", context, script: script)
    }

    /// The fields a rule targets and the fields on pages a branch can jump over.
    static func sometimesAsked(_ form: Form, skippable: Set<Int>) -> Set<String> {
        var ids = Set(form.rules.flatMap(\.targets))
        for page in skippable.sorted() { ids.formUnion(form.pages[page].items.flatMap(\.fields).map(\.id)) }
        return ids
    }

    /// Conditional reveals (``FormSpec/reveals``) ready to render: which fields are drawn under an option instead of in place.
    struct Reveals {
        let byField: [String: [String: [Field]]]
        let revealed: Set<String>
        /// Fields a rule or the journey may leave out: never natively `required`, as a page without JavaScript shows them all.
        var sometimesAsked: Set<String>

        init(_ reveals: [String: [String: [String]]], fields: [Field], sometimesAsked: Set<String> = []) {
            self.sometimesAsked = sometimesAsked
            let byID = Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            byField = reveals.mapValues { $0.mapValues { $0.compactMap { byID[$0] } } }
            revealed = Set(reveals.values.flatMap { $0.values.flatMap { $0 } })
        }
    }

    /// A page's sections whose title repeats the page's heading ("Your pets" under "Your pets") keep it as their
    /// legend for screen readers, visually hidden, so the heading is not shown twice.
    static func hidingTitles(_ items: [[String: TemplateValue]], sameAs title: String?) -> [[String: TemplateValue]] {
        guard let title else { return items }
        return items.map { item in
            var item = item
            for key in ["section", "repeat"] {
                guard case .object(var section)? = item[key], case .text(let own)? = section["title"], own == title else { continue }
                section["titleHidden"] = true
                item[key] = .object(section)
            }
            return item
        }
    }

    func items(_ items: [FormItem], form: Form, reveals: Reveals) -> [[String: TemplateValue]] {
        items.compactMap { item in
            switch item {
            case .field(let field):
                if reveals.revealed.contains(field.id) { return nil }
                return fieldItem(field, form: form, reveals: reveals)
            case .section(let section) where section.repeat != nil:
                return ["field": false, "section": false, "repeat": .object(repeatContext(section, form: form, reveals: reveals))]
            case .section(let section):
                return ["field": false, "repeat": false, "section": [
                    "title": .text(section.title),
                    "titleHidden": false,
                    "descriptionHTML": .text(section.description.map(Markdown.html)),
                    "items": .objects(self.items(section.items, form: form, reveals: reveals)),
                ]]
            }
        }
    }

    /// A field's item in `items`: its view, or only its HTML when fields are written in Swift.
    private func fieldItem(_ field: Field, form: Form, reveals: Reveals) -> [String: TemplateValue] {
        guard fieldsInSwift else {
            return ["field": .object(fieldContext(field, form: form, reveals: reveals)), "section": false, "repeat": false]
        }
        var html = ""
        html.reserveCapacity(2048)
        fieldHTML(field, form: form, reveals: reveals, into: &html)
        return ["field": .object([Theme.fieldHTMLKey: .text(html)]), "section": false, "repeat": false]
    }

    /// A field's HTML written in Swift, as ``fieldContext(_:form:reveals:)`` through the built-in partials renders it.
    private func fieldHTML(_ field: Field, form: Form, reveals: Reveals, into html: inout String) {
        let view = FieldView(field: field, language: form.language, tables: theme.messages, form: form,
                             sometimesAsked: reveals.sometimesAsked.contains(field.id))
        let src = field.localImage.map { Self.rootPrefix(for: form.path) + $0 } ?? field.src ?? ""
        let choose: String? = field.kind == .select ? theme.messages.templateTable(for: form.language).member("choose").map(\.renderedText) : nil
        guard let byOption = reveals.byField[field.id] else {
            view.html(into: &html, src: src, choose: choose, reveal: nil)
            return
        }
        view.html(into: &html, src: src, choose: choose) { index, value in
            guard let targets = byOption[value] else { return nil }
            var inner = ""
            for target in targets { fieldHTML(target, form: form, reveals: reveals, into: &inner) }
            return ("fg-reveal-\(field.id)-\(index)", inner)
        }
    }

    /// A field's view; a radio group's options that reveal follow-up fields get them in a container the option controls.
    private func fieldContext(_ field: Field, form: Form, reveals: Reveals) -> [String: TemplateValue] {
        var view = FieldView(field: field, language: form.language, tables: theme.messages, form: form,
                             sometimesAsked: reveals.sometimesAsked.contains(field.id)).context
        if let local = field.localImage { view["src"] = .text(Self.rootPrefix(for: form.path) + local) }
        guard let byOption = reveals.byField[field.id], case .list(let options)? = view["options"] else { return view }
        view["inline"] = false
        view["options"] = .list(options.enumerated().map { index, option in
            guard case .object(var object) = option, case .text(let value)? = object["value"], let targets = byOption[value] else { return option }
            object["reveal"] = ["revealId": "fg-reveal-\(field.id)-\(index)", "items": .objects(targets.map { target in
                ["field": .object(fieldContext(target, form: form, reveals: reveals)), "section": false, "repeat": false]
            })]
            return .object(object)
        })
        return view
    }

    /// Where a form's "sent" page is built, from the output folder: `kyc/nl/sent/index.html`.
    public static func sentPagePath(of form: Form) -> String { "\(form.path)/sent/index.html" }

    /// The address of a form's "sent" page under the site's base URL.
    static func sentPage(of form: Form, baseURL: String) -> String {
        (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + form.path + "/sent/"
    }

    /// The "sent" page of a form that posts to `formgen collect`: where a post without JavaScript lands once stored
    /// (GOV.UK's confirmation page: a panel with the outcome, then the form's `successMessage`).
    public func renderSent(_ form: Form) -> String {
        let texts = theme.messages.table(for: form.language)
        let path = String(Self.sentPagePath(of: form).dropLast("/index.html".count))
        var context = base(path: path, title: texts["sent"] ?? "Sent", language: form.language, csp: staticPolicy, script: nil, embed: form.embed)
        context["heading"] = .text(texts["sent"] ?? "Sent")
        context["formTitle"] = .text(form.title)
        context["message"] = .text(form.submission.successMessage)
        context["formHref"] = "../"
        return page("sent", context)
    }

    /// The page that lets the user pick a country of a flow: each country by its name in the page's language, its
    /// own name (the config's) beside it when that differs, sorted by the first; a long list gets a filter box.
    public func renderFlow(_ flow: CountryFlow) -> String {
        let choices = CountryChoice.sorted(flow.countries, language: flow.language)
        var csp = staticPolicy
        let filtered = choices.count > CountryChoice.filterThreshold && !theme.listFilter.isEmpty
        if filtered { csp.scriptHashes = [SHA256.cspSource(for: theme.listFilter)] }
        var context = base(path: flow.id, title: flow.title, language: flow.language, csp: csp, script: nil)
        context["title"] = .text(flow.title)
        context["descriptionHTML"] = .text(flow.description.map(Markdown.html))
        context["filter"] = .bool(filtered)
        context["filterScript"] = .text(filtered ? theme.listFilter : nil)
        context["countries"] = .objects(choices.map { choice in
            ["code": .text(choice.code), "name": .text(choice.name), "endonym": .text(choice.endonym),
             "href": .text(choice.href), "lang": .text(choice.language)]
        })
        return page("flow", context)
    }

    /// The site's home page, listing flows, forms (with their reference and schema) and docs; in another of the site's
    /// `languages` (`fr/`), its title, description and headings in that language and each form's page in it where it
    /// is published in it.
    public func renderIndex(_ site: Site, language: String? = nil) -> String {
        let language = language ?? settings.language
        let path = language == settings.language ? "" : language.lowercased()
        let up = PageRenderer.rootPrefix(for: path) == "./" ? "" : PageRenderer.rootPrefix(for: path)
        var context = base(path: path, title: settings.title(in: language), language: language, csp: staticPolicy, script: nil)
        context["languageLinks"] = languageLinks(homeAlternates, path: path, language: language)
        context["homePage"] = true
        context["descriptionHTML"] = .text(settings.description(in: language).map(Markdown.html))
        context["hasFlows"] = .bool(!site.flows.isEmpty)
        context["hasForms"] = .bool(!site.forms.isEmpty)
        context["hasAnyForms"] = .bool(!site.forms.isEmpty || !site.flows.isEmpty)
        context["hasDocs"] = .bool(!site.docs.isEmpty)
        let texts = theme.messages.table(for: language)
        context["flowsHeading"] = .text(texts["indexFlows"] ?? "Country-specific forms")
        context["formsHeading"] = .text(texts["indexForms"] ?? "Forms")
        context["docsHeading"] = .text(texts["indexDocs"] ?? "Documentation")
        context["referenceText"] = .text(texts["indexReference"] ?? "Field reference")
        context["schemaText"] = .text(texts["indexSchema"] ?? "JSON Schema")
        context["developerText"] = .text(texts["indexDevelopers"] ?? "For developers:")
        context["flows"] = .objects(site.flows.map {
            ["title": .text($0.title), "href": "\(up)\($0.id)/", "summary": summary($0.description), "referenceHref": "\(up)\($0.id)/reference/"]
        })
        let translated = Dictionary(site.translations.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Each form read in place, by index (a copy of each of a thousand forms was a tenth of this page).
        context["forms"] = .objects(site.forms.indices.map { index in
            let originalPath = site.forms[index].path
            let translation = path.isEmpty ? nil : translated["\(path)/\(originalPath)"]
            let title = translation?.title ?? site.forms[index].title
            let description = translation.map(\.description) ?? site.forms[index].description
            let href = translation.map { $0.path == originalPath ? "\(up)\($0.path)" : originalPath } ?? "\(up)\(originalPath)"
            return ["title": .text(title), "href": "\(href)/", "summary": summary(description),
                    "referenceHref": "\(href)/reference/", "schemaHref": "\(href)/schema.json"]
        })
        context["hasPages"] = .bool(!site.pages.isEmpty)
        context["pagesHeading"] = .text(texts["indexPages"] ?? "Pages")
        context["pages"] = .objects(site.pages.map { ["title": .text($0.title), "href": "\(up)\($0.path)/", "summary": summary($0.description)] })
        let docsIndex = site.docs.first(where: \.isDocsIndex)
        let docs = DocPage.listed(site.docs.filter { !$0.isDocsIndex })
        context["docs"] = .objects([["title": .text(docsIndex?.title ?? "Documentation"), "href": "\(up)\(DocPage.indexPath)/",
                                     "summary": .text(docsIndex?.summary ?? "Every page of the documentation, and the reference of every form.")]]
            + docs.map { ["title": .text($0.title), "href": "\(up)\($0.path)/", "summary": .text($0.summary)] })
        return page("index", context)
    }

    /// The first paragraph of a Markdown description as plain text, for listings.
    private func summary(_ markdown: String?) -> TemplateValue {
        .text(markdown.flatMap(Markdown.summary(of:)))
    }
}
