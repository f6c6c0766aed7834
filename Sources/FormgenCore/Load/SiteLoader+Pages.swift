import FormgenRuntime

/// Data pages: the files of `configs/data/` (read as JSON values), the remote lists' answers, and the page configs of
/// `configs/pages/`.
extension SiteLoader {
    /// Reads `configs/data/` and `configs/pages/` into the site, with their digests, and adds each of `remote.lists`'
    /// answers (`remoteLists`, downloaded at build) as data under its id; a page written where a form or another page
    /// is written is an error, and so is a data file named as a remote list.
    func loadPages(into site: inout Site, remoteLists: [String: JSONValue], declaredLists: Set<String>, log: DiagnosticLog) {
        for file in configFiles(in: ["data"]) {
            guard let text = source.text(of: file, log: log) else { continue }
            var hasher = FNV1a()
            hasher.add(text)
            site.sourceDigests[file] = hasher.hex
            guard let root = ConfigFile.parse(text: text, file: file, log: log) else { continue }
            if declaredLists.contains(FileStem.of(file)) {
                log.error("data file '\(FileStem.of(file))' has the id of a list in site.yaml's 'remote.lists'; blocks' 'data:' could not tell them apart: rename one", at: root.location)
                continue
            }
            site.data[FileStem.of(file)] = root.jsonValue
        }
        for id in declaredLists.sorted() { site.data[id] = remoteLists[id] ?? .null }
        var taken = Dictionary(site.forms.map { ($0.path, $0.location) }, uniquingKeysWith: { first, _ in first })
        for flow in site.flows { taken[flow.id] = taken[flow.id] ?? flow.countries.first?.form.location }
        let reader = DataPageReader(dataFiles: Set(site.data.keys))
        var pages: [DataPage] = []
        for file in configFiles(in: ["pages"]) {
            guard let text = source.text(of: file, log: log) else { continue }
            var hasher = FNV1a()
            hasher.add(text)
            site.sourceDigests[file] = hasher.hex
            guard let root = ConfigFile.parse(text: text, file: file, log: log),
                  let page = reader.read(root, path: slug(FileStem.of(file)), settings: site.settings) else { continue }
            if let first = taken[page.path] {
                log.error("a page and a form would both be written to '\(page.path)/' (the other is at \(first)); give one a different 'id' or file name", at: page.location)
                continue
            }
            taken[page.path] = page.location
            pages.append(page)
        }
        let endpoints = EndpointExpansion(environment: remote.environment)
        for index in pages.indices { pages[index].dataSources = endpoints.expand(pages[index].dataSources, log: log) }
        site.pages = pages.sorted { $0.path < $1.path }
    }
}
