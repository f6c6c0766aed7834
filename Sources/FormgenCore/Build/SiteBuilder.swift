import Foundation
import FormgenTemplates

/// Where a build reads from and writes to.
public struct BuildOptions: Sendable {
    public var configDirectory: String
    public var templatesDirectory: String?
    public var outputDirectory: String
    /// Overrides `baseURL` of `site.yaml`.
    public var baseURL: String?
    /// Build even when no input changed since the last build.
    public var force = false
    /// How `remote:` sources are fetched and cached.
    public var remote = RemoteOptions()
    /// Warnings fail the build like errors (also `strict: true` in `site.yaml`).
    public var strict = false
    /// A missing translation is an error, not a warning.
    public var strictI18n = false
    /// Where `formgen build --timings` gathers the rendering time of each kind of file (nil: not measured).
    public var timings: RenderTimings?
    /// Set by `formgen serve`: forms without an action post to its sink, and pages carry its live-reload script.
    public var preview: PreviewMode?
    /// `--jobs N`: the most threads the build uses (`1`: all on one, which must write the same bytes); nil: every core.
    public var jobs: Int?
    /// What identifies the program that builds (by default the running binary's path, size and time): a new
    /// formgen renders everything again.
    public var toolIdentity: String

    public init(configDirectory: String = "configs", templatesDirectory: String? = "templates",
                outputDirectory: String = "public", baseURL: String? = nil,
                toolIdentity: String = BuildOptions.identity(ofExecutable: FormgenVersion.runningExecutable())) {
        self.configDirectory = configDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.baseURL = baseURL
        self.toolIdentity = toolIdentity
    }

    /// A binary's identity for build keys: its path, size and modification time ("" when it cannot be read).
    /// Read with `stat`: `FileManager`'s dictionary of `Any` took a millisecond of dynamic casts at every start (and
    /// the path comes from `/proc/self/exe`, not `Bundle.main`, which took another half).
    public static func identity(ofExecutable executable: String?) -> String {
        var info = stat()
        guard let executable, !executable.isEmpty, stat(executable, &info) == 0 else { return "" }
        return "\(executable)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}

/// What a finished build did.
public struct BuildReport: Sendable {
    public var pages: Int
    public var files: Int
    public var warnings: [Diagnostic]
    public var seconds: Double
    /// The base URL the site was built for (`site.yaml`'s, or `--base-url`).
    public var baseURL = "/"
    /// True when nothing changed since the last build, so nothing was done.
    public var upToDate = false
    /// The site that was built (nil when the build was skipped as up to date).
    public var site: Site?
    /// The files this build rendered and wrote (or removed), sorted: not those reused from the last build.
    public var written: [String] = []
    /// What the build saw and wrote, for the next build to start from.
    public var state: BuildState?
    /// How many config files of `forms/` and `countries/` were not read again: the last build's summaries of them
    /// stood in for them (``SavedReadings``).
    public var summarizedConfigs = 0

    /// `Built 12 pages (15 files) in 0.08 s, 3 warnings.`, or `Up to date: …` when the build was skipped.
    public var summary: String {
        let counts = "\(pages) page\(pages == 1 ? "" : "s") (\(files) file\(files == 1 ? "" : "s"))"
        let time = Self.twoDecimals(seconds)
        let count = warnings.count
        let warned = count == 0 ? "" : ", \(count) warning\(count == 1 ? "" : "s")"
        return upToDate ? "Up to date: \(counts), checked in \(time) s\(warned)." : "Built \(counts) in \(time) s\(warned)."
    }

    /// `seconds` with two decimals exactly as `%.2f` writes them, without `String(format:)`, whose variadic arguments
    /// cost two milliseconds of dynamic casts at the end of every build. Rounded as printf rounds: the double's exact
    /// value to the nearest hundredth, a tie to even (the product's rounding error, from a fused multiply-add, says
    /// which side of the half the exact value lies).
    static func twoDecimals(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return String(format: "%.2f", seconds) }
        let scaled = seconds * 100
        let error = (-scaled).addingProduct(seconds, 100)
        var whole = scaled.rounded(.down)
        let beyondHalf = (scaled - whole - 0.5) + error
        if beyondHalf > 0 || (beyondHalf == 0 && whole.truncatingRemainder(dividingBy: 2) != 0) { whole += 1 }
        let hundredths = Int(whole)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The build pipeline, one straight line: load → check → render → write. `formgen build`, `formgen serve`
/// and the tests all go through it.
public struct SiteBuilder {
    public var options: BuildOptions
    /// Where the configs are read from: `options.configDirectory` on disk unless given.
    public var source: SiteSource
    /// What earlier loads read (`formgen serve` keeps one), so only changed config files are read again.
    public var cache: ConfigCache?
    /// The digests of input files known so far (`formgen serve` keeps one), so unchanged files are not read again.
    public var digests: FileDigests
    /// The settings' description in cache keys, kept for the build's second ask (checks, then outputs).
    private let settingsDescription = SettingsDescription()
    /// Whether the build saves what it read beside the output for the next one (a `build` without a cache of its own).
    private var savesReadings = false
    /// The theme the last build saved beside the output (``SavedTheme``), for loading the theme.
    private var savedTheme: SavedTheme?
    /// The theme loading on another thread since the build started (while the inputs were fingerprinted).
    private var themeLoading: ThemeLoading?

    public init(options: BuildOptions, source: SiteSource? = nil, cache: ConfigCache? = nil, digests: FileDigests = FileDigests()) {
        self.options = options
        self.source = source ?? .folder(options.configDirectory)
        self.cache = cache
        self.digests = digests
    }

    /// Loads the whole site and checks it, logging every problem; the site is as complete as its configs allow.
    /// `passed` holds, by form path, the cache keys of forms known to pass their checks without a word (the last
    /// build's, when it said nothing): a form whose key is still that one is not checked again.
    public func load(log: DiagnosticLog = DiagnosticLog(), passed: [String: String] = [:]) -> (Site, Theme) {
        // The message tables and the theme are read on one thread while the configs are read on the others (the log
        // sorts what each says).
        let templates = options.templatesDirectory, savedTheme = savedTheme, themeLoading = themeLoading
        var siteLog = DiagnosticLog()
        var loader = SiteLoader(source: source, remote: options.remote, baseURL: options.baseURL, cache: cache, parallel: Parallel(jobs: options.jobs))
        if cache != nil || !passed.isEmpty, options.jobs != 1 {
            // The settings' description (for the forms' cache keys, by reflection) is made while the forms are read.
            let description = settingsDescription, root = configRoot
            loader.settingsRead = { settings in DispatchQueue.global().async { _ = description.of(settings, root: root) } }
        }
        let (themed, loaded) = Parallel(jobs: options.jobs).pair({
            themeLoading?.value ?? Self.loadTheme(templates: templates, saved: savedTheme)
        }, while: { [siteLog] in
            loader.load(log: siteLog)
        })
        let theme = themed.theme
        themed.said.forEach(log.append)
        var site = loaded
        var keys = cache == nil && passed.isEmpty ? [:] : cacheKeys(site, theme: theme, listing: false).forms
        if let cache, !cache.summarizedFiles.isEmpty, !summariesStand(in: site, keys: keys, passed: passed, cache: cache) {
            // A summarized form whose check is not kept under its key (other templates, a new translation file): read every file.
            cache.dropSummaries()
            siteLog = DiagnosticLog()
            site = loader.load(log: siteLog)
            keys = cacheKeys(site, theme: theme, listing: false).forms
        }
        siteLog.diagnostics.forEach(log.append)
        FormChecker(parallel: Parallel(jobs: options.jobs)).check(site, log: log, cache: cache, keys: keys, passed: passed)
        site = LanguageVariants(strict: options.strictI18n).expand(site, log: log)
        DocsChecker(source: source).check(site, log: log)
        return (site, theme)
    }

    /// The message tables and the theme, and what reading them said.
    static func loadTheme(templates: String?, saved: SavedTheme?) -> (theme: Theme, said: [Diagnostic]) {
        let themeLog = DiagnosticLog()
        let (messages, problems) = MessageTables.reading(templatesDirectory: templates)
        for problem in problems {
            let parts = problem.components(separatedBy: ": ")
            themeLog.error(parts.dropFirst().joined(separator: ": "), at: SourceLocation(file: parts[0], line: 1, column: 1))
        }
        let theme = Theme.load(overrides: templates, messages: messages, saved: saved, log: themeLog)
        return (theme, themeLog.diagnostics)
    }

    /// Whether every form of `site` summarized from saved readings has what its check said kept under its current key.
    private func summariesStand(in site: Site, keys: [String: String], passed: [String: String], cache: ConfigCache) -> Bool {
        let summarized = cache.summarizedFiles
        return site.forms.allSatisfy { form in
            guard summarized.contains(form.location.file) else { return true }
            guard let key = keys[form.path] else { return false }
            return passed[form.path] == key || cache.checked(form.path, key: key) != nil
        }
    }

    /// Whether no output of a form summarized from saved readings is to be rendered: each has the key the last
    /// build wrote it with, and is there; nil when one is to be rendered, else the paths found there (the writer need
    /// not look for them again). A summary has no fields, so it stands in a site only for other pages.
    func summariesOnlyListed(_ files: [SiteOutput], site: Site, after previous: BuildState?) -> Set<String>? {
        guard let cache, !cache.summarizedFiles.isEmpty else { return [] }
        guard let previous else { return nil }
        let summarized = cache.summarizedFiles
        // Forms and outputs read in place, by index: a thousand forms make thousands of outputs, on every rebuild.
        var paths = Set<String>(minimumCapacity: site.forms.count)
        for index in site.forms.indices where summarized.contains(site.forms[index].location.file) { paths.insert(site.forms[index].path) }
        var listed: [String] = []
        listed.reserveCapacity(files.count)
        for index in files.indices where files[index].owner.map(paths.contains) ?? false {
            guard let key = files[index].cacheKey, previous.outputKeys[files[index].path] == key else { return nil }
            listed.append(files[index].path)
        }
        // Looked for on every core: a thousand forms have thousands of files.
        let missing = ResultSlots<Bool>(count: 1), found = listed, folder = OpenFolder(options.outputDirectory)
        FileSystemWork.run(found.count, jobs: options.jobs) { index in
            if !folder.contains(found[index]) { missing[0] = true }
        }
        return missing[0] == true ? nil : Set(listed)
    }

    /// Loads and checks the site; throws `ConfigErrors` with every error found (and every warning, under `strict`).
    public func loadAndCheck(log: DiagnosticLog = DiagnosticLog(), passed: [String: String] = [:]) throws -> (Site, Theme) {
        let (site, theme) = load(log: log, passed: passed)
        if log.hasErrors { throw ConfigErrors(log.diagnostics) }
        if options.strict || site.settings.strict, !log.diagnostics.isEmpty {
            throw ConfigErrors(log.diagnostics.map { warning in
                var error = warning
                error.severity = .error
                return error
            })
        }
        return (site, theme)
    }

    /// Renders every output file of a checked site, keyed by its path in the output.
    public func render(_ site: Site, theme: Theme) -> [String: Data] {
        Self.renderInParallel(outputs(site, theme: theme), parallel: Parallel(jobs: options.jobs))
    }

    /// Every output file of a checked site, each with the pure function that renders it. The functions share one
    /// ``OutputSources`` and find their form by index: a thousand forms make thousands of them, and each capturing
    /// its own copy of the renderer and the form cost more than a one-form rebuild renders.
    public func outputs(_ site: Site, theme: Theme) -> [SiteOutput] {
        var renderer = PageRenderer(theme: theme, settings: site.settings)
        renderer.hasDocs = !site.docs.isEmpty
        renderer.hasForms = !site.forms.isEmpty || !site.flows.isEmpty
        renderer.preview = options.preview
        let keys = cacheKeys(site, theme: theme)
        let sources = OutputSources(renderer: renderer, site: site, theme: theme)
        var pages: [SiteOutput] = []
        pages.reserveCapacity(site.forms.count * 3 + 16)
        func add(_ path: String, _ kind: SiteOutput.Kind, _ owner: String?, _ key: String?, _ render: @escaping () -> String) {
            pages.append(SiteOutput(path: path, kind: kind, owner: owner, cacheKey: key) { Data(render().utf8) })
        }
        add("index.html", .sitePage, nil, keys.siteWide("index")) { sources.renderer.renderIndex(sources.site) }
        add("404.html", .sitePage, nil, keys.chrome("404")) { sources.renderer.renderNotFound(sources.site) }
        for alternate in renderer.homeAlternates.dropFirst() {
            let language = alternate.language
            add("\(alternate.path)/index.html", .sitePage, nil, keys.siteWide("index", language)) { sources.renderer.renderIndex(sources.site, language: language) }
        }
        for (index, form) in site.forms.enumerated() {
            add("\(form.path)/index.html", .formPage, form.path, keys.forms[form.path]) { sources.renderer.renderForm(sources.site.forms[index]) }
        }
        for (flowIndex, flow) in site.flows.enumerated() {
            add("\(flow.id)/index.html", .sitePage, nil, keys.flow(flow, "page")) { sources.renderer.renderFlow(sources.site.flows[flowIndex]) }
            for (index, country) in flow.countries.enumerated() {
                add("\(country.form.path)/index.html", .formPage, country.form.path, keys.forms[country.form.path]) {
                    let flow = sources.site.flows[flowIndex]
                    return sources.renderer.renderForm(flow.countries[index].form, breadcrumb: (flow.title, "../"))
                }
            }
        }
        for (index, dataPage) in site.pages.enumerated() {
            add("\(dataPage.path)/index.html", .sitePage, nil, keys.dataPage(dataPage)) { sources.renderer.renderDataPage(sources.site.pages[index], data: sources.site.data) }
        }
        for (index, form) in site.translations.enumerated() {
            add("\(form.path)/index.html", .formPage, form.path, keys.forms[form.path]) {
                let form = sources.site.translations[index]
                let flow = form.format == .kycCountry ? sources.site.flows.first : nil
                return sources.renderer.renderForm(form, breadcrumb: flow.map { ($0.title, PageRenderer.rootPrefix(for: form.path) + $0.id + "/") })
            }
        }
        for (index, form) in sources.allForms.enumerated() {
            let key = keys.forms[form.path]
            if form.submission.provider == .collect {
                add(PageRenderer.sentPagePath(of: form), .sentPage, form.path, key) { sources.renderer.renderSent(sources.allForms[index]) }
            }
            add("\(form.path)/schema.json", .schema, form.path, key) {
                SubmissionSchema(form: sources.allForms[index], baseURL: sources.site.settings.baseURL, tables: sources.theme.messages).json()
            }
            add("\(form.path)/reference/index.html", .referencePage, form.path, key) {
                let form = sources.allForms[index], site = sources.site, theme = sources.theme
                let reference = ReferenceWriter(form: form, tables: theme.messages)
                let embed = form.embed.isEmbeddable && !theme.embedScript.isEmpty
                    ? EmbedSnippet(form: form, baseURL: site.settings.baseURL, script: theme.embedScript)
                        .referenceSection(origins: form.embed.origins, absolute: site.settings.baseURL.hasPrefix("http"))
                    : nil
                return sources.renderer.renderReference(reference.document(), path: "\(form.path)/reference", title: reference.title,
                                                        language: site.settings.language, breadcrumb: (form.title, "../"), appending: embed)
            }
        }
        for (index, flow) in site.flows.enumerated() {
            add("\(flow.id)/reference/index.html", .sitePage, nil, keys.flow(flow, "reference")) {
                let flow = sources.site.flows[index], site = sources.site
                let reference = FlowReferenceWriter(flow: flow, tables: sources.theme.messages)
                return sources.renderer.renderReference(reference.document(), path: "\(flow.id)/reference", title: reference.title,
                                                        language: site.settings.language, breadcrumb: (flow.title, "../"))
            }
        }
        if !site.docs.isEmpty {
            add("\(DocPage.indexPath)/index.html", .sitePage, nil, keys.siteWide("docs", site.docs.first(where: \.isDocsIndex)?.markdown ?? "")) {
                sources.renderer.renderDocsIndex(sources.site)
            }
            for (index, doc) in site.docs.enumerated() where !doc.isDocsIndex {
                add("\(doc.path)/index.html", .sitePage, nil, keys.chrome("doc", doc.path, doc.markdown, keys.docsListing)) {
                    sources.renderer.renderDoc(sources.site.docs[index], site: sources.site)
                }
            }
        }
        if let statement = site.settings.accessibility {
            for language in site.settings.pageLanguages {
                add("\(renderer.statementPath(in: language))/index.html", .sitePage, nil, keys.chrome("accessibility", language)) {
                    sources.renderer.renderStatement(statement, language: language)
                }
            }
        }
        if let sitemap = Sitemap(baseURL: site.settings.baseURL) {
            let sentPages = Set(sources.allForms.filter { $0.submission.provider == .collect }.map(PageRenderer.sentPagePath))
            let paths = pages.map(\.path).filter { !sentPages.contains($0) }
            var alternates = Dictionary(sources.allForms.filter { !$0.alternates.isEmpty }.map { ($0.path, $0.alternates) }, uniquingKeysWith: { first, _ in first })
            if renderer.homeAlternates.count > 1 {
                for alternate in renderer.homeAlternates { alternates[alternate.path] = renderer.homeAlternates }
            }
            let alternatesShown = alternates.keys.sorted().map { path in
                path + "=" + alternates[path]!.map { $0.language + ":" + $0.path }.joined(separator: ",")
            }
            add("sitemap.xml", .sitePage, nil, keys.chrome("sitemap", paths.joined(separator: "\n"), alternatesShown.joined(separator: "\n"))) {
                sitemap.xml(pagePaths: paths, alternates: alternates)
            }
        }
        if sources.allForms.contains(where: \.embed.isEmbeddable), !theme.embedScript.isEmpty {
            add(EmbedSnippet.scriptPath, .sitePage, nil, keys.chrome("embed.js")) { sources.theme.embedScript }
        }
        let images = site.remoteFiles.sorted { $0.key < $1.key }.map { path, body in
            SiteOutput(path: path, kind: .remoteFile, cacheKey: path) { body }
        }
        return pages + images
    }

    /// What each output depends on, as digests: the binary, the theme, the site settings, whether the site has
    /// docs, translation files, remote lists and images (the base of every key); for a form's files, the form's own
    /// config files (a country's and its flow's); for the site-wide pages, what they show of every form and doc.
    struct CacheKeys {
        var base: String
        /// What the home page, the 404 page, the docs and the sitemap show of the site: each form's and doc's
        /// path, title, description and languages.
        var listing: String
        /// What a doc page shows of the other docs (its navigation, its links): each doc's source, path, title, summary and order.
        var docsListing: String
        /// Whether the site has forms or flows: every page's header then links to their list.
        var hasForms: Bool
        var digests: [String: String]
        /// The config folder as given, with a slash: file names in keys are relative to it, so `-c configs` and
        /// `-c /path/to/configs` give the same keys.
        var root: String
        var forms: [String: String] = [:]

        /// A file's name as keys say it: relative to the config folder when under it.
        func named(_ file: String) -> String { Self.named(file, under: root) }

        static func named(_ file: String, under root: String) -> String {
            file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
        }

        func siteWide(_ parts: String...) -> String { siteWide(parts) }

        /// A data page's key: its config file, every file of `configs/data/` and the listing; nil without the page's digest.
        func dataPage(_ page: DataPage) -> String? {
            guard let digest = digests[page.location.file] else { return nil }
            // The data files and the remote sources' answers (a block may show a remote list).
            let data = digests.keys.filter { ByteReplacement.contains("/data/", in: $0) || ByteReplacement.contains("://", in: $0) }
                .sorted().map { "\(named($0))=\(digests[$0]!)" }
            return siteWide(["page", "\(named(page.location.file))=\(digest)"] + data)
        }

        /// A flow page's key: its definition's and every country's config files; nil when one of them has no digest.
        /// Not the listing: a flow's page and reference are made from the flow alone (``PageRenderer/renderFlow(_:)``,
        /// ``FlowReferenceWriter``), so an edit to a form leaves them be.
        func flow(_ flow: CountryFlow, _ kind: String) -> String? {
            let files = ([flow.definitionFile] + flow.countries.map { Optional($0.form.location.file) }).compactMap { $0 }
            guard files.allSatisfy({ digests[$0] != nil }) else { return nil }
            return siteWide(["flow", kind] + files.map { "\(named($0))=\(digests[$0]!)" }, listed: false)
        }

        /// The key of a page that shows nothing of the listing but the header's links (``PageRenderer/hasForms``;
        /// `hasDocs` is in the base): the 404 page, the accessibility statement, a doc (given the docs' listing), the
        /// sitemap (given its paths and alternates), the embed script. A form's title or description edit leaves them be.
        func chrome(_ parts: String...) -> String {
            var hasher = FNV1a()
            for part in [base, "chrome", "forms:\(hasForms)"] + parts { hasher.add(part) }
            return hasher.hex
        }

        private func siteWide(_ parts: [String], listed: Bool = true) -> String {
            var hasher = FNV1a()
            for part in (listed ? [base, listing] : [base, "flow"]) + parts { hasher.add(part) }
            return hasher.hex
        }
    }

    /// The config folder as keys name files under it, ending in `/`.
    private var configRoot: String {
        options.configDirectory.hasSuffix("/") ? options.configDirectory : options.configDirectory + "/"
    }

    /// The keys of `site`'s outputs; without `listing`, only the forms' keys (what checks are kept under).
    private func cacheKeys(_ site: Site, theme: Theme, listing hasListing: Bool = true) -> CacheKeys {
        let root = configRoot
        let named = { (file: String) in CacheKeys.named(file, under: root) }
        let translationFiles = site.sourceDigests.keys.filter { ByteReplacement.contains("/i18n/", in: $0) }.sorted()
            .map { "\(named($0))=\(site.sourceDigests[$0]!)" }
        let lists = site.settings.remote.lists.map { "\($0.id)=\(site.sourceDigests[$0.request.url] ?? "")" }
        let base = [options.toolIdentity, theme.digest, settingsDescription.of(site.settings, root: root), "docs:\(!site.docs.isEmpty)",
                    "preview:\(options.preview.map { "\($0.sinkPrefix)|\($0.scriptSource)" } ?? "")",
                    "i18n:\(translationFiles.joined(separator: ","))",
                    "lists:\(lists.joined(separator: ","))", "images:\(site.remoteFiles.keys.sorted().joined(separator: ","))"].joined(separator: "|")
        var listing = FNV1a()
        // Read in place, not copied form by form: a thousand forms are listed on every build, twice.
        let listed = hasListing ? site.allForms : []
        for index in listed.indices {
            let alternates = listed[index].alternates.map { $0.language + "=" + $0.path }.joined(separator: ",")
            listing.add([listed[index].path, listed[index].title, listed[index].description ?? "", listed[index].language, alternates,
                         listed[index].submission.provider == .collect ? "collect" : ""].joined(separator: "|"))
        }
        for flow in site.flows where hasListing { listing.add([flow.id, flow.title, flow.description ?? ""].joined(separator: "|")) }
        var docsListing = FNV1a()
        for doc in site.docs where hasListing {
            let entry = [doc.path, doc.title, doc.summary ?? "", "\(doc.order ?? 0)"].joined(separator: "|")
            listing.add(entry)
            docsListing.add(doc.source + "|" + entry)
        }
        for page in site.pages where hasListing { listing.add(["page", page.path, page.title, page.description ?? ""].joined(separator: "|")) }
        var keys = CacheKeys(base: base, listing: listing.hex, docsListing: docsListing.hex,
                             hasForms: !site.forms.isEmpty || !site.flows.isEmpty, digests: site.sourceDigests, root: root)
        var seeded = FNV1a()
        seeded.add(base)
        func key(_ files: [String?]) -> String? {
            var hasher = seeded
            for file in files.compactMap({ $0 }) {
                guard let digest = site.sourceDigests[file] else { return nil }
                hasher.add(named(file))
                hasher.add(digest)
            }
            return hasher.hex
        }
        keys.forms.reserveCapacity(site.forms.count + site.flows.reduce(0) { $0 + $1.countries.count })
        for index in site.forms.indices { keys.forms[site.forms[index].path] = key([site.forms[index].location.file]) }
        for flow in site.flows {
            for country in flow.countries { keys.forms[country.form.path] = key([country.form.location.file, flow.definitionFile]) }
        }
        return keys
    }

    /// Runs every output's render function across all cores.
    static func renderInParallel(_ outputs: [SiteOutput], parallel: Parallel) -> [String: Data] {
        let results = ResultSlots<Data>(count: outputs.count)
        parallel.forEach(outputs.count) { index in
            results[index] = outputs[index].bytes()
        }
        return Dictionary(zip(outputs.map(\.path), results.values), uniquingKeysWith: { first, _ in first })
    }

    /// Files under `configs/assets/` to copy to `assets/` in the output.
    func assetCopies() -> [String: URL] {
        guard source.isFolder else { return [:] }
        let root = URL(fileURLWithPath: options.configDirectory).appendingPathComponent("assets")
        var copies: [String: URL] = [:]
        let folder = source.directory == options.configDirectory ? source : .folder(options.configDirectory)
        for name in folder.regularFiles(under: "assets") { copies["assets/\(name)"] = root.appendingPathComponent(name) }
        return copies
    }

    /// Runs the whole build. On config errors nothing is written and `ConfigErrors` is thrown.
    /// When no input changed since the last build into the same folder, nothing is done. When few outputs changed
    /// (``updatesInPlace(_:after:)``), only those are written, beside their files and then renamed into place;
    /// otherwise the files whose inputs did not change are hard-linked from the last build into a new folder, the
    /// others rendered, and the new folder swapped in.
    public func build(log: DiagnosticLog = DiagnosticLog(), clock: () -> Double = { ProcessInfo.processInfo.systemUptime }) throws -> BuildReport {
        let start = clock()
        let output = URL(fileURLWithPath: options.outputDirectory)
        let hasOutput = FileManager.default.fileExists(atPath: output.path)
        // The last build's readings are read while its state is and the inputs are fingerprinted (used only with its
        // state). So is the theme: loading it does not depend on which inputs changed (unused when none did).
        let saved = ResultSlots<SavedReadings>(count: 1), savedRead = DispatchGroup()
        let tool = options.toolIdentity
        var themeLoading: ThemeLoading?
        if cache == nil, !options.force, hasOutput {
            DispatchQueue.global().async(group: savedRead) { saved[0] = SavedReadings.load(for: output, tool: tool) }
            if options.jobs != 1 { themeLoading = ThemeLoading(templates: options.templatesDirectory, output: output, tool: tool) }
        }
        let previous = hasOutput ? BuildState.load(for: output) : nil
        digests.remember(previous?.inputs ?? [:])
        // The config folder is walked once: the fingerprint and the loading list its files from the same walk.
        var listed = source
        var configEntries: [FolderWalk.Entry]?
        if source.isFolder, source.directory == options.configDirectory {
            let entries = FolderWalk.entries(under: options.configDirectory)
            listed = .folder(source.directory, listing: entries)
            configEntries = entries
        }
        let fingerprint = BuildState.fingerprint(options: options, builtinTemplates: BuiltinTemplates.directory, digests: digests,
                                                 configEntries: configEntries)
        if !options.force, var state = previous, state.fingerprint == fingerprint.digest, state.usesRemote != true {
            if state.inputs != fingerprint.inputs {
                state.inputs = fingerprint.inputs
                state.save(for: output)
            }
            var report = BuildReport(pages: state.pages, files: state.files, warnings: state.warnings, seconds: clock() - start,
                                     baseURL: state.baseURL ?? "/", upToDate: true)
            report.state = state
            return report
        }
        // A build without a cache of its own reads only the config files changed since the last build: the others'
        // readings are summarized beside the output (``SavedReadings``).
        var builder = self
        builder.source = listed
        if cache == nil {
            let readings = ConfigCache()
            savedRead.wait()
            if let saved = saved[0], previous != nil { readings.offer(saved, digests: digests, current: fingerprint.inputs) }
            builder.cache = readings
            builder.savesReadings = true
            builder.themeLoading = themeLoading
            if themeLoading == nil, !options.force, previous != nil { builder.savedTheme = SavedTheme.load(for: output, tool: tool) }
        }
        return try builder.run(after: options.force ? nil : previous, fingerprint: { fingerprint }, inPlace: false, log: log, start: start, clock: clock)
    }

    /// Builds again into the output folder the build `previous` wrote (`formgen serve` after each save): only
    /// changed configs are read again (through `cache`), only outputs whose inputs changed are rendered, and only
    /// files whose bytes changed are written, in place, each atomically; files no longer built are removed.
    /// On config errors nothing is written and `ConfigErrors` is thrown.
    public func update(after previous: BuildState, log: DiagnosticLog = DiagnosticLog(),
                       clock: () -> Double = { ProcessInfo.processInfo.systemUptime }) throws -> BuildReport {
        let start = clock()
        let fingerprint = ResultSlots<(digest: String, inputs: [String: String])>(count: 1)
        let fingerprinted = DispatchGroup()
        let (options, digests) = (options, digests)
        DispatchQueue.global().async(group: fingerprinted) {
            fingerprint[0] = BuildState.fingerprint(options: options, builtinTemplates: BuiltinTemplates.directory, digests: digests)
        }
        return try run(after: previous, fingerprint: { fingerprinted.wait(); return fingerprint[0] ?? ("", [:]) }, inPlace: true,
                       log: log, start: start, clock: clock)
    }

    /// The forms the build `previous` checked without a word, by path, with the keys they had: none when that build
    /// warned (its warnings are not kept by form, so every form is checked again to say them).
    static func passedChecks(after previous: BuildState?) -> [String: String] {
        guard let previous, previous.warnings.isEmpty else { return [:] }
        return previous.formKeys ?? [:]
    }

    /// Whether a build after `previous` writes into the output folder as it stands: the last build's state lists its
    /// files, and at most 32 outputs (or a twentieth of them) have a key that changed. Linking thousands of unchanged
    /// files into a new folder and removing the old one costs far more than writing a few files twice.
    func updatesInPlace(_ files: [SiteOutput], after previous: BuildState?) -> Bool {
        guard let previous, previous.paths != nil, FileManager.default.fileExists(atPath: options.outputDirectory) else { return false }
        let changed = files.filter { $0.cacheKey == nil || previous.outputKeys[$0.path] != $0.cacheKey }.count
        return changed <= max(32, files.count / 20)
    }

    /// Loads, checks, renders and writes; `fingerprint` gives the inputs' fingerprint for the saved state (in
    /// `update` it is computed meanwhile, on another thread).
    private func run(after previous: BuildState?, fingerprint: () -> (digest: String, inputs: [String: String]), inPlace: Bool, log: DiagnosticLog,
                     start: Double, clock: () -> Double) throws -> BuildReport {
        let output = URL(fileURLWithPath: options.outputDirectory)
        var attempt = DiagnosticLog()
        var site: Site
        var theme: Theme
        var files: [SiteOutput]
        var present: Set<String> = []
        do {
            (site, theme) = try loadAndCheck(log: attempt, passed: Self.passedChecks(after: previous))
            files = outputs(site, theme: theme)
            if let found = summariesOnlyListed(files, site: site, after: previous) {
                present = found
            } else {
                // A summarized form would be rendered: load again, reading every file.
                cache?.dropSummaries()
                attempt = DiagnosticLog()
                (site, theme) = try loadAndCheck(log: attempt, passed: Self.passedChecks(after: previous))
                files = outputs(site, theme: theme)
            }
        } catch {
            attempt.diagnostics.forEach(log.append)
            throw error
        }
        attempt.diagnostics.forEach(log.append)
        if let timings = options.timings { files = timings.timing(files) }
        let copies = assetCopies()
        // What was read (and the theme) is saved for the next build on other threads while the outputs are written:
        // neither depends on the output.
        let readingsSaved = DispatchGroup()
        defer { readingsSaved.wait() }
        if savesReadings {
            let (cache, tool, digests, themeSaving, read) = (cache, options.toolIdentity, digests, theme.saving, site)
            let savedDigest = (themeLoading?.saved ?? savedTheme)?.digest
            DispatchQueue.global().async(group: readingsSaved) {
                cache?.readings(of: read, tool: tool, digests: digests)?.save(for: output)
            }
            if var saving = themeSaving, saving.digest != savedDigest, !tool.isEmpty {
                saving.tool = tool
                DispatchQueue.global().async(group: readingsSaved) { [saving] in saving.save(for: output) }
            }
        }
        let writer = OutputWriter(outputDirectory: output, jobs: options.jobs)
        let reusable = previous?.outputKeys ?? [:]
        let written = inPlace || updatesInPlace(files, after: previous)
            ? try writer.writeInPlace(outputs: files, copies: copies, reusing: reusable, previousPaths: Set(previous?.paths ?? []), present: present)
            : try writer.write(outputs: files, copies: copies, reusing: reusable)
        var report = BuildReport(pages: files.filter { $0.path.hasSuffix(".html") }.count, files: files.count + copies.count,
                                 warnings: log.diagnostics.filter { $0.severity == .warning }, seconds: clock() - start,
                                 baseURL: site.settings.baseURL, site: site)
        report.written = written
        report.summarizedConfigs = cache?.summarizedFiles.count ?? 0
        let inputs = fingerprint()
        let state = BuildState(fingerprint: inputs.digest, pages: report.pages, files: report.files, warnings: report.warnings,
                               outputKeys: Dictionary(uniqueKeysWithValues: files.compactMap { file in file.cacheKey.map { (file.path, $0) } }),
                               baseURL: site.settings.baseURL, usesRemote: site.settings.remote.declared,
                               paths: (files.map(\.path) + copies.keys).sorted(), inputs: inputs.inputs,
                               formKeys: Dictionary(files.compactMap { file in
                                   file.kind == .formPage ? file.owner.flatMap { owner in file.cacheKey.map { (owner, $0) } } : nil
                               }, uniquingKeysWith: { first, _ in first }))
        state.save(for: output)
        readingsSaved.wait()
        report.state = state
        return report
    }
}

/// The theme loaded on another thread (``SiteBuilder/loadTheme(templates:saved:)``), with the theme saved beside the output.
private final class ThemeLoading: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: (theme: Theme, said: [Diagnostic])?
    private var savedTheme: SavedTheme?

    init(templates: String?, output: URL, tool: String) {
        DispatchQueue.global().async(group: done) { [self] in
            let saved = SavedTheme.load(for: output, tool: tool)
            let loaded = SiteBuilder.loadTheme(templates: templates, saved: saved)
            savedTheme = saved
            result = loaded
        }
    }

    /// The theme and what loading it said, once loaded.
    var value: (theme: Theme, said: [Diagnostic]) {
        done.wait()
        return result!
    }

    /// The saved theme it was loaded with, once loaded.
    var saved: SavedTheme? {
        done.wait()
        return savedTheme
    }
}

/// ``StableDescription`` of the last site settings described (reflection over every value, so worth keeping).
private final class SettingsDescription: @unchecked Sendable {
    private let lock = NSLock()
    private var last: (settings: SiteSettings, root: String, text: String)?

    /// The settings' description, each position's file said relative to `root` (the config folder).
    func of(_ settings: SiteSettings, root: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.settings == settings, last.root == root { return last.text }
        let text = StableDescription.of(settings) { SiteBuilder.CacheKeys.named($0, under: root) }
        last = (settings, root, text)
        return text
    }
}

/// What the render functions of a build's outputs read (``SiteBuilder/outputs(_:theme:)``), shared by all of them.
private final class OutputSources: @unchecked Sendable {
    let renderer: PageRenderer
    let site: Site
    let theme: Theme
    /// The site's forms, countries' forms and translations, sorted by path (``Site/allForms``).
    let allForms: [Form]

    init(renderer: PageRenderer, site: Site, theme: Theme) {
        self.renderer = renderer
        self.site = site
        self.theme = theme
        allForms = site.allForms
    }
}
