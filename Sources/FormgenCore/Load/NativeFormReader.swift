/// Reads formgen's own format: `pages:` of sections and fields, or a flat `fields:` for one page.
struct NativeFormReader {
    static let keys: Set<String> = ["id", "title", "description", "lang", "languages", "pages", "sections", "fields", "dataSources", "rules", "submit", "countries", "drafts", "review", "embed", "requiresSession", "logout"]

    /// The parts every native-format document has, shared by forms and flow definitions.
    struct Body {
        var pages: [Page] = []
        var dataSources: [DataSource] = []
        var rules: [VisibilityRule] = []
        var submission: Submission
        /// `review:`, nil when not written.
        var review: Bool?
    }

    func readBody(_ root: ConfigNode, defaults: Submission) -> Body {
        var body = Body(submission: defaults)
        if let pages = root["pages"], let items = pages.expectSequence("'pages'") {
            body.pages = items.compactMap { readPage($0, rules: &body.rules) }
            if root.has("fields") { root["fields"]?.error("a form has either 'pages' or 'fields', not both") }
        } else if root.has("fields") || root.has("sections") {
            var items = readFields(root["fields"], rules: &body.rules)
            items += readSections(root["sections"], rules: &body.rules)
            body.pages = [Page(title: nil, items: items)]
        }
        if let sources = root["dataSources"] { body.dataSources = DataSourceReader().read(sources) }
        if let rules = root["rules"], let items = rules.expectSequence("'rules'") {
            body.rules += items.compactMap { RuleReader().read($0, field: nil) }
        }
        if let submit = root["submit"] { body.submission = SubmissionReader().read(submit, over: defaults) }
        body.review = root.bool("review")
        return body
    }

    func read(_ root: ConfigNode, path: String, settings: SiteSettings) -> Form {
        root.warnUnknownKeys(allowed: Self.keys, in: "form")
        let body = readBody(root, defaults: settings.submission)
        let id = root.string("id") ?? path
        checkPathID(root)
        let languages = LanguagesReader().read(root) ?? settings.languages
        var form = Form(id: id, path: root.string("id").map(slug) ?? path, title: root.text("title") ?? id,
                        language: languages.first ?? root.string("lang") ?? settings.language, format: .native, at: root.location)
        form.languages = languages
        if !root.has("title") { root.warning("form '\(id)' has no 'title'; using its id") }
        let wroteNone = ["pages", "fields", "sections"].allSatisfy { root[$0]?.isEmptySequence ?? true }
        if body.pages.isEmpty || wroteNone { root.error("form '\(id)' has no fields: give it 'fields' or 'pages'") }
        form.description = root.localizedMarkdown("description")
        form.pages = body.pages
        form.review = body.review
        form.dataSources = body.dataSources
        form.rules = body.rules
        form.submission = body.submission
        form.drafts = root["drafts"].map { DraftPolicyReader().read($0, over: settings.drafts) } ?? settings.drafts
        form.embed = root["embed"].map { EmbedPolicyReader().read($0) } ?? settings.embed
        form.requiresSession = root["requiresSession"].flatMap { SessionPolicyReader().read($0) }
        form.logout = root["logout"].flatMap { LogoutActionReader().read($0) }
        form.texts = root.texts.all
        return form.translated(to: form.language)
    }

    private func readPage(_ node: ConfigNode, rules: inout [VisibilityRule]) -> Page? {
        guard node.expectMapping("a page") else { return nil }
        node.warnUnknownKeys(allowed: ["id", "title", "description", "fields", "sections", "next", "exit", "text"], in: "page")
        var items = readFields(node["fields"], rules: &rules)
        items += readSections(node["sections"], rules: &rules)
        let isExit = node.bool("exit") ?? false
        if isExit {
            if !items.isEmpty { (node["fields"] ?? node["sections"] ?? node).error("exit page has fields; an exit page shows only its 'text'") }
            if node.has("next") { node["next"]?.error("exit page has 'next'; an exit page ends the journey") }
        } else if items.isEmpty {
            node.error("page has no 'fields' or 'sections'")
        }
        var page = Page(title: node.text("title"), items: isExit ? [] : items)
        page.id = node.string("id")
        if let idNode = node["id"], let id = page.id, !Self.isPageID(id) {
            idNode.error("page id '\(id)' may hold only letters, digits, '_' and '-', starting with a letter")
        }
        page.isExit = isExit
        page.text = node.localizedMarkdown("text")
        if node.has("text") && !isExit { node["text"]?.warning("'text' is shown only on an exit page (exit: true); use 'description' on a section") }
        page.location = node.location
        if let next = node["next"], !isExit, let branches = next.expectSequence("'next'") {
            page.next = branches.compactMap(readBranch)
        }
        return page
    }

    /// `{when, condition, value, goTo}`: a rule's condition and the page it leads to.
    private func readBranch(_ node: ConfigNode) -> PageBranch? {
        guard node.expectMapping("a branch") else { return nil }
        node.warnUnknownKeys(allowed: ["when", "condition", "value", "values", "goTo"], in: "branch")
        guard let goTo = node.string("goTo"), let goToNode = node["goTo"] else {
            node.error("branch is missing 'goTo' (a later page's id, or 'review')")
            return nil
        }
        guard let when = node.string("when") else {
            node.error("branch is missing 'when' (the id of the field it tests)")
            return nil
        }
        guard let (condition, values) = RuleReader.condition(node, in: "branch") else { return nil }
        return PageBranch(field: when, condition: condition, values: values, goTo: goTo, at: node.location, goToLocation: goToNode.location)
    }

    /// A repeating section needs an id that can be a submission key, some fields, and no repeating section inside.
    private func checkRepeat(_ section: Section, node: ConfigNode) {
        if let id = section.id {
            if !Self.isPageID(id) { node["id"]?.error("section id '\(id)' may hold only letters, digits, '_' and '-', starting with a letter") }
        } else {
            node["repeat"]?.error("a repeating section needs an 'id' (the submission's key for its list of items)")
        }
        if section.items.isEmpty { node.error("repeating section '\(section.id ?? "")' has no 'fields'") }
        func nested(_ items: [FormItem]) -> Bool {
            items.contains { item in
                guard case .section(let inner) = item else { return false }
                return inner.repeat != nil || nested(inner.items)
            }
        }
        if nested(section.items) { node["sections"]?.error("a repeating section cannot hold another repeating section") }
    }

    static func isPageID(_ id: String) -> Bool { FieldReader.isValidID(id) }

    private func readSections(_ node: ConfigNode?, rules: inout [VisibilityRule]) -> [FormItem] {
        guard let node, let items = node.expectSequence("'sections'") else { return [] }
        return items.compactMap { item in
            guard item.expectMapping("a section") else { return nil }
            item.warnUnknownKeys(allowed: ["id", "title", "description", "fields", "sections", "repeat"], in: "section")
            var children = readFields(item["fields"], rules: &rules)
            children += readSections(item["sections"], rules: &rules)
            var section = Section(title: item.text("title"), description: item.localizedMarkdown("description"), items: children)
            section.id = item.string("id")
            section.location = item.location
            if let node = item["repeat"], !node.isNull {
                section.repeat = RepeatReader().read(node)
                if section.repeat != nil { checkRepeat(section, node: item) }
            }
            return .section(section)
        }
    }
}

/// An `id` that names an output folder holds only lower-case letters, digits and `-`; anything else is an error suggesting its slug.
func checkPathID(_ root: ConfigNode) {
    guard let id = root.string("id"), let node = root["id"] else { return }
    let allowed = id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    if !allowed || id.isEmpty {
        node.error("id '\(id)' may hold only lower-case letters, digits and '-' (it names the output folder); use '\(slug(id))'")
    }
}

/// A lower-case, URL-safe form of `text` (`Pet Adoption` → `pet-adoption`).
func slug(_ text: String) -> String {
    var output = ""
    var lastWasDash = false
    for scalar in text.lowercased().unicodeScalars {
        if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
            output.unicodeScalars.append(scalar)
            lastWasDash = false
        } else if !lastWasDash && !output.isEmpty {
            output.append("-")
            lastWasDash = true
        }
    }
    while output.hasSuffix("-") { output.removeLast() }
    return output.isEmpty ? "form" : output
}
