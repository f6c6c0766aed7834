import Foundation

/// Loads a whole site from its source (a config folder, or files in memory): `site.yaml`, `forms/`,
/// `countries/`, `i18n/`, `docs/`, the remote sources it names, and the `--base-url` override, so what it
/// returns is the complete `Site` that checks and rendering take.
///
/// Every problem is logged with its position and loading goes on, so one run reports them all.
public struct SiteLoader: Sendable {
    public var source: SiteSource
    /// How `remote:` sources are fetched.
    public var remote: RemoteOptions
    /// Overrides `baseURL` of `site.yaml` (`--base-url`).
    public var baseURL: String?
    /// What earlier loads read, so that only changed files are read again; nil reads every file.
    public var cache: ConfigCache?
    /// How many threads read config files.
    public var parallel: Parallel
    /// Told the site settings as soon as they are read, before the other files are (a build describes them meanwhile).
    var settingsRead: (@Sendable (SiteSettings) -> Void)?

    public init(source: SiteSource, remote: RemoteOptions = RemoteOptions(), baseURL: String? = nil, cache: ConfigCache? = nil,
                parallel: Parallel = Parallel()) {
        self.source = source
        self.remote = remote
        self.baseURL = baseURL
        self.cache = cache
        self.parallel = parallel
    }

    public init(configDirectory: String, remote: RemoteOptions = RemoteOptions()) {
        self.init(source: .folder(configDirectory), remote: remote)
    }

    /// The config folder as the user named it; diagnostics show paths under it.
    public var configDirectory: String { source.directory }

    public func load(log: DiagnosticLog) -> Site {
        for link in source.symbolicLinks() {
            log.error("this is a symbolic link; formgen reads and copies only real files, so that no link can bring a file from outside the site into it (copy the file here instead)",
                      at: SourceLocation(file: link, line: 1, column: 1))
        }
        let (settings, settingsDigest) = loadSettings(log: log)
        settingsRead?(settings)
        var forms: [Form] = []
        var countries: [CountryConfig] = []
        var flows: [FlowDefinition] = []
        let files = configFiles(in: ["forms", "countries"])
        let readings = ResultSlots<ConfigCache.Entry>(count: files.count)
        let digests = ResultSlots<String>(count: files.count)
        cache?.noteSettings(settingsDigest)
        let saved = cache?.savedSummaries(settingsDigest: settingsDigest)
        let summarized = ResultSlots<Bool>(count: files.count)
        parallel.forEach(files.count) { index in
            if let summary = saved?.entry(of: files[index]) {
                readings[index] = summary
                digests[index] = summary.digest
                summarized[index] = true
                return
            }
            if let cached = cache?.unchangedEntry(for: files[index], settingsDigest: settingsDigest) {
                readings[index] = cached
                digests[index] = cached.digest
                return
            }
            let fileLog = DiagnosticLog()
            guard let text = source.text(of: files[index], log: fileLog) else {
                readings[index] = ConfigCache.Entry(key: "", digest: nil, reading: .nothing, diagnostics: fileLog.diagnostics)
                return
            }
            var hasher = FNV1a()
            hasher.add(text)
            digests[index] = hasher.hex
            let key = hasher.hex + "|" + settingsDigest
            if let cached = cache?.entry(for: files[index], key: key) {
                readings[index] = cached
                return
            }
            let reading = read(text: text, file: files[index], settings: settings, log: fileLog)
            let entry = ConfigCache.Entry(key: key, digest: hasher.hex, reading: reading, diagnostics: fileLog.diagnostics)
            cache?.store(entry, for: files[index])
            readings[index] = entry
        }
        if saved != nil {
            cache?.keep(files.indices.compactMap { index in summarized[index] == true ? readings[index].map { (files[index], $0) } : nil })
        }
        cache?.keep(only: Set(files))
        forms.reserveCapacity(files.count)
        for index in files.indices {
            guard let entry = readings[index] else { continue }
            entry.diagnostics.forEach(log.append)
            switch entry.reading {
            case .form(let form): forms.append(form)
            case .country(let country): countries.append(country)
            case .flow(let flow): flows.append(flow)
            case .nothing: break
            }
        }
        var remoteContent = RemoteSourceLoader.Content()
        var downloads: RemoteDownloads?
        if settings.remote.declared {
            let cache = RemoteCache(directory: remote.cacheFolder(configDirectory: configDirectory))
            downloads = RemoteDownloads(options: remote, cache: cache, timeouts: settings.remote.timeouts, log: log)
            remoteContent = RemoteSourceLoader(sources: settings.remote, settings: settings, downloads: downloads!).load(log: log)
            forms += remoteContent.forms
        }
        forms = applyOverrides(settings.formOverrides, to: forms, log: log)
        let endpoints = EndpointExpansion(environment: remote.environment)
        for index in forms.indices { forms[index].dataSources = endpoints.expand(forms[index].dataSources, log: log) }
        for index in countries.indices { countries[index].dataSources = endpoints.expand(countries[index].dataSources, log: log) }
        var flow = assembleFlow(flows: flows, countries: countries, settings: settings, log: log)
        let listIDs = Set(settings.remote.lists.map(\.id))
        for index in forms.indices where forms[index].containsField(where: { $0.optionsList != nil }) {
            forms[index] = resolveLists(forms[index], lists: remoteContent.lists, declared: listIDs, log: log)
        }
        if var assembled = flow {
            for index in assembled.flow.countries.indices {
                assembled.flow.countries[index].form = resolveLists(assembled.flow.countries[index].form, lists: remoteContent.lists,
                                                                    declared: listIDs, log: log)
            }
            flow = assembled
        }
        var remoteFiles: [String: Data] = [:]
        var translationDigests: [String: String] = [:]
        if let downloads, settings.remote.images, remote.downloadImages {
            let countryForms = flow?.flow.countries.map(\.form) ?? []
            let (localized, files) = RemoteImages(downloads: downloads).localize(forms + countryForms)
            forms = Array(localized.prefix(forms.count))
            for (index, form) in localized.dropFirst(forms.count).enumerated() { flow?.flow.countries[index].form = form }
            remoteFiles = files
        }
        for file in configFiles(in: ["i18n"]) {
            guard let text = source.text(of: file, log: log), let root = ConfigFile.parse(text: text, file: file, log: log) else { continue }
            var hasher = FNV1a()
            hasher.add(text)
            translationDigests[file] = hasher.hex
            let language = FileStem.of(file)
            let countryForms = flow?.flow.countries.map(\.form) ?? []
            let translated = TranslationFileReader().apply(root, language: language, to: forms + countryForms)
            forms = Array(translated.prefix(forms.count))
            for (index, form) in translated.dropFirst(forms.count).enumerated() { flow?.flow.countries[index].form = form }
        }
        var places = forms.map { (path: $0.path, location: $0.location) }
        if let flow { places.append((flow.placeholderForm.path, flow.placeholderForm.location)) }
        reportDuplicatePaths(places, log: log)
        var site = Site(settings: settings, forms: forms.sorted { $0.path < $1.path }, flows: flow.map { [$0.flow] } ?? [])
        site.sourceDigests = Dictionary(uniqueKeysWithValues: files.indices.compactMap { index in digests[index].map { (files[index], $0) } })
        site.sourceDigests.merge(remoteContent.digests) { first, _ in first }
        site.sourceDigests.merge(translationDigests) { first, _ in first }
        site.remoteFiles = remoteFiles
        site.docs = DocsLoader(source: source).load(log: log)
        loadPages(into: &site, remoteLists: remoteContent.listData, declaredLists: listIDs, log: log)
        return site
    }

    /// Parses one config file of `forms/` or `countries/` and reads it in the format it is written in.
    private func read(text: String, file: String, settings: SiteSettings, log: DiagnosticLog) -> ConfigReading {
        guard let root = ConfigFile.parse(text: text, file: file, log: log) else { return .nothing }
        let path = slug(FileStem.of(file))
        switch ConfigFile.detectFormat(root) {
        case .kycCountry:
            return CountryReader().read(root).map(ConfigReading.country) ?? .nothing
        case .native where root.has("countries"):
            return .flow(CountryReader().readFlow(root, path: path, defaults: settings.submission))
        case .native:
            return .form(NativeFormReader().read(root, path: path, settings: settings))
        case .petAdoption:
            return .form(PetAdoptionReader().read(root, path: path, settings: settings))
        case .lumiform:
            return .form(LumiformReader().read(root, path: path, settings: settings))
        case nil:
            root.error("cannot tell this config's format: expected 'fields' or 'pages' (formgen), 'country' (KYC country), 'pages' with 'sections' of 'elements' (pet adoption), or 'type: page' with 'items' (Lumiform)")
            return .nothing
        }
    }

    /// Reads a form config of any form format (not a country or a flow), as a remote form is read.
    static func readForm(_ root: ConfigNode, path: String, settings: SiteSettings) -> Form? {
        switch ConfigFile.detectFormat(root) {
        case .native where !root.has("countries"):
            return NativeFormReader().read(root, path: path, settings: settings)
        case .petAdoption:
            return PetAdoptionReader().read(root, path: path, settings: settings)
        case .lumiform:
            return LumiformReader().read(root, path: path, settings: settings)
        case .kycCountry, .native:
            root.error("a remote form must be a form (formgen, pet adoption or Lumiform), not a KYC country or flow")
            return nil
        case nil:
            root.error("cannot tell this config's format: expected 'fields' or 'pages' (formgen), 'pages' with 'sections' of 'elements' (pet adoption), or 'type: page' with 'items' (Lumiform)")
            return nil
        }
    }

    /// The form with `optionsFrom: {list: …}` fields given the list's options; an unknown list is an error.
    private func resolveLists(_ form: Form, lists: [String: [FieldOption]], declared: Set<String>, log: DiagnosticLog) -> Form {
        guard form.containsField(where: { $0.optionsList != nil }) else { return form }
        return form.mappingFields { field in
            guard let reference = field.optionsList else { return }
            if let options = lists[reference.list] {
                field.options = options
            } else if !declared.contains(reference.list) {
                let known = declared.sorted()
                var message = "field '\(field.id)' takes its options from unknown list '\(reference.list)' (known: \(known.isEmpty ? "none; lists come from 'remote.lists' in site.yaml" : knownList(known)))"
                if let suggestion = closestMatch(to: reference.list, in: declared) { message += " (did you mean '\(suggestion)'?)" }
                log.error(message, at: reference.location)
            }
        }
    }

    // MARK: Files

    /// Config files (`.yaml`, `.yml`, `.json`) under the given subfolders, sorted.
    func configFiles(in folders: [String]) -> [String] {
        folders.flatMap { source.files(in: $0, extensions: ["yaml", "yml", "json"]) }.sorted()
    }

    // MARK: Settings

    /// The keys `site.yaml` may hold.
    static let settingsKeys: Set<String> = ["title", "description", "footer", "baseURL", "language", "languages", "submit", "strict", "drafts", "forms", "remote", "embed", "brand", "accessibility"]

    /// The site settings (with the `--base-url` override) and a digest of the text they were read from.
    private func loadSettings(log: DiagnosticLog) -> (SiteSettings, String) {
        var (settings, digest) = readSettings(log: log)
        if let baseURL { settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        return (settings, digest + "|" + (baseURL ?? ""))
    }

    private func readSettings(log: DiagnosticLog) -> (SiteSettings, String) {
        var settings = SiteSettings()
        guard let name = ["site.yaml", "site.yml", "site.json"].first(where: source.exists) else { return (settings, "") }
        let file = source.path(name)
        guard let text = source.text(of: file, log: log) else { return (settings, "") }
        var hasher = FNV1a()
        hasher.add(text)
        guard let root = ConfigFile.parse(text: text, file: file, log: log) else { return (settings, hasher.hex) }
        root.warnUnknownKeys(allowed: Self.settingsKeys, in: "site config")
        if let strict = root.bool("strict") { settings.strict = strict }
        if let title = root.localized("title"), let node = root["title"] {
            settings.titleText = TranslatableText(key: "title", text: title.text, translations: title.translations, location: node.location)
        }
        if let description = root.localized("description"), let node = root["description"] {
            root.checkLinks(in: [description.text] + description.translations.values.sorted(), key: "description")
            settings.descriptionText = TranslatableText(key: "description", text: description.text, translations: description.translations,
                                                        location: node.location)
        }
        if let footer = root.localized("footer"), let node = root["footer"] {
            root.checkLinks(in: [footer.text] + footer.translations.values.sorted(), key: "footer")
            settings.footerText = TranslatableText(key: "footer", text: footer.text, translations: footer.translations, location: node.location)
        }
        if let base = root.string("baseURL") {
            settings.baseURL = base.hasSuffix("/") ? base : base + "/"
        }
        if let language = root.string("language") { settings.language = language }
        if let languages = LanguagesReader().read(root) {
            settings.languages = languages
            settings.language = languages[0]
        }
        // The default texts are the default language's (`en`, else the first written, when it gives none).
        if let title = settings.titleText { settings.title = title.text(in: settings.language) ?? title.text }
        if let description = settings.descriptionText { settings.description = description.text(in: settings.language) ?? description.text }
        if let submit = root["submit"] { settings.submission = SubmissionReader().read(submit, over: settings.submission) }
        if let drafts = root["drafts"] { settings.drafts = DraftPolicyReader().read(drafts, over: settings.drafts) }
        if let embed = root["embed"] { settings.embed = EmbedPolicyReader().read(embed) }
        if let brand = root["brand"] { settings.brand = BrandReader(exists: source.exists).read(brand) }
        if let statement = root["accessibility"], !statement.isNull { settings.accessibility = AccessibilityStatementReader().read(statement) }
        if let remote = root["remote"], !remote.isNull { settings.remote = RemoteSourcesReader().read(remote) }
        if let forms = root["forms"], !forms.isNull, forms.expectMapping("'forms'") {
            for entry in forms.entries where entry.value.isNull || entry.value.expectMapping("'forms.\(entry.key)'") {
                entry.value.warnUnknownKeys(allowed: ["title", "description", "languages"], in: "'forms.\(entry.key)'")
                var override = FormOverride(title: entry.value.string("title"), description: entry.value.string("description"),
                                            at: entry.keyNode.location)
                override.languages = LanguagesReader().read(entry.value)
                settings.formOverrides[entry.key] = override
            }
        }
        return (settings, hasher.hex)
    }

    /// The forms with `site.yaml`'s titles and descriptions set over their own; an override naming no form is a warning.
    private func applyOverrides(_ overrides: [String: FormOverride], to forms: [Form], log: DiagnosticLog) -> [Form] {
        let ids = Set(forms.map(\.id))
        for (id, override) in overrides.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
            var message = "'forms' in the site config names '\(id)', which is not a form's id"
            if let suggestion = closestMatch(to: id, in: ids) { message += " (did you mean '\(suggestion)'?)" }
            log.warning(message, at: override.location)
        }
        guard !overrides.isEmpty else { return forms }
        return forms.map { form in overrides[form.id].map { $0.applied(to: form) } ?? form }
    }

    // MARK: Country flow

    struct AssembledFlow {
        var flow: CountryFlow
        var location: SourceLocation
        var placeholderForm: Form {
            Form(id: flow.id, path: flow.id, title: flow.title, language: flow.language, format: .native, at: location)
        }
    }

    private func assembleFlow(flows: [FlowDefinition], countries: [CountryConfig], settings: SiteSettings, log: DiagnosticLog) -> AssembledFlow? {
        for extra in flows.dropFirst() {
            log.error("only one form may declare 'countries'; '\(flows[0].id)' already does (\(flows[0].location))", at: extra.location)
        }
        let definition = flows.first
        guard !countries.isEmpty || definition != nil else { return nil }
        let flowID = definition?.id ?? "kyc"
        let flowTitle = definition?.title ?? "Choose your country"
        var seen: [String: SourceLocation] = [:]
        var variants: [CountryForm] = []
        for country in countries.sorted(by: { ($0.code, $0.location) < ($1.code, $1.location) }) {
            if let first = seen[country.code] {
                log.error("country '\(country.code)' is configured twice (first at \(first))", at: country.location)
                continue
            }
            seen[country.code] = country.location
            let entry = definition?.countries[country.code]
            let name = country.name ?? entry?.name ?? CountryNames.name(for: country.code)
            let locale = country.locale ?? entry?.locale
            // The first of `languages` is the page's language; the locale refines it when they agree (nl + nl-BE → nl-BE).
            let language = country.languages?.first.map { first in
                locale.map(Messages.primaryTag) == Messages.primaryTag(first) ? locale! : first
            } ?? locale ?? settings.language
            var form = Form(id: "\(flowID)-\(country.code.lowercased())", path: "\(flowID)/\(country.code.lowercased())",
                            title: country.title ?? "\(flowTitle): \(name)", language: language, format: .kycCountry, at: country.location)
            form.description = country.description
            let common = definition?.body.pages.flatMap(\.items) ?? []
            let ownIDs = Set(country.items.flatMap(\.fields).map(\.id))
            form.pages = [Page(title: nil, items: (country.items + common.filter { item in
                item.fields.allSatisfy { !ownIDs.contains($0.id) }
            }).map { $0.translated(to: language) })]
            let ownSources = Set(country.dataSources.map(\.id))
            form.dataSources = country.dataSources + (definition?.body.dataSources.filter { !ownSources.contains($0.id) } ?? [])
            form.rules = (definition?.body.rules ?? []) + country.rules
            let inherited = definition?.body.submission ?? settings.submission
            form.submission = country.submit.map { SubmissionReader().read($0, over: inherited) } ?? inherited
            form.drafts = settings.drafts
            form.embed = definition?.embed ?? settings.embed
            form.review = definition?.body.review
            form.languages = country.languages ?? []
            form.texts = country.texts + (definition?.texts ?? [])
            variants.append(CountryForm(code: country.code, name: name, form: form.translated(to: language)))
        }
        if let definition {
            for (code, entry) in definition.countries.sorted(by: { $0.key < $1.key }) where seen[code] == nil {
                log.error("flow '\(flowID)' lists country '\(code)' but no country config has 'country: \(code)'", at: entry.location)
            }
        }
        var flow = CountryFlow(id: flowID, title: flowTitle, description: definition?.description,
                               language: settings.language, countries: variants)
        flow.definitionFile = definition?.location.file
        return AssembledFlow(flow: flow, location: definition?.location ?? countries.first?.location ?? SourceLocation(file: configDirectory, line: 1, column: 1))
    }

    /// `places` are the forms' paths and locations (sorted as such, not as whole forms: a form's copy retains each of its values).
    private func reportDuplicatePaths(_ places: [(path: String, location: SourceLocation)], log: DiagnosticLog) {
        var seen: [String: SourceLocation] = [:]
        seen.reserveCapacity(places.count)
        for (path, location) in places.sorted(by: { $0.location < $1.location }) {
            if let first = seen[path] {
                log.error("two forms would be written to '\(path)/' (the other is at \(first)); give one a different 'id' or file name", at: location)
            } else {
                seen[path] = location
            }
        }
    }
}

/// English names of common countries, used when a config gives none.
enum CountryNames {
    static let names: [String: String] = [
        "AT": "Austria", "AU": "Australia", "BE": "Belgium", "BR": "Brazil", "CA": "Canada", "CH": "Switzerland",
        "CZ": "Czechia", "DE": "Germany", "DK": "Denmark", "ES": "Spain", "FI": "Finland", "FR": "France",
        "GB": "United Kingdom", "GR": "Greece", "IE": "Ireland", "IN": "India", "IT": "Italy", "JP": "Japan",
        "LU": "Luxembourg", "MX": "Mexico", "NL": "Netherlands", "NO": "Norway", "NZ": "New Zealand", "PL": "Poland",
        "PT": "Portugal", "SE": "Sweden", "TR": "Türkiye", "US": "United States", "ZA": "South Africa",
    ]

    static func name(for code: String) -> String { names[code] ?? code }
}
