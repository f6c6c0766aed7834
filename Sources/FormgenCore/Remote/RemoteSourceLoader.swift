import Foundation

/// The remote part of loading a site: downloads `remote.forms` and `remote.lists` (in parallel, a few at a
/// time), reads each form as a local config would be read, turns each list into options.
struct RemoteSourceLoader {
    var sources: RemoteSources
    var settings: SiteSettings
    var downloads: RemoteDownloads

    /// What the remote sources bring into the site.
    struct Content {
        var forms: [Form] = []
        var lists: [String: [FieldOption]] = [:]
        /// Each list's whole answer, for data pages' blocks (`data: ID`).
        var listData: [String: JSONValue] = [:]
        /// A digest of each body used, by URL as written.
        var digests: [String: String] = [:]
    }

    func load(log: DiagnosticLog) -> Content {
        let requests = sources.forms.map(\.request) + sources.lists.map(\.request)
        let bodies = ResultSlots<Data>(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            if index < sources.forms.count {
                let remote = sources.forms[index]
                bodies[index] = downloads.body(for: remote.request, what: "form") { data in validateForm(data, remote: remote) }
            } else {
                let list = sources.lists[index - sources.forms.count]
                bodies[index] = downloads.body(for: list.request, what: "list") { data in
                    do {
                        _ = try OptionList(list: list).options(from: data)
                        return nil
                    } catch {
                        return .init(reason: "\(error)")
                    }
                }
            }
        }
        var content = Content()
        for (index, request) in requests.enumerated() {
            guard let body = bodies[index] else { continue }
            var hasher = FNV1a()
            hasher.add(body)
            content.digests[request.url] = hasher.hex
            if index < sources.forms.count {
                if let form = readForm(body, remote: sources.forms[index], log: log) { content.forms.append(form) }
            } else {
                let list = sources.lists[index - sources.forms.count]
                do {
                    content.lists[list.id] = try OptionList(list: list).options(from: body)
                    content.listData[list.id] = try? JSONValue.decode(body)
                } catch {
                    log.error("\(list.request.url): \(error)", at: list.request.location)
                }
            }
        }
        return content
    }

    /// A downloaded form must parse and pass the checks a local config passes.
    private func validateForm(_ data: Data, remote: RemoteForm) -> RemoteDownloads.Invalid? {
        let scratch = DiagnosticLog()
        guard let form = readForm(data, remote: remote, log: scratch) else {
            return invalid(scratch)
        }
        FormChecker().check(form, log: scratch)
        return scratch.hasErrors ? invalid(scratch) : nil
    }

    private func invalid(_ scratch: DiagnosticLog) -> RemoteDownloads.Invalid {
        let errors = scratch.diagnostics.filter { $0.severity == .error }
        let first = errors.first.map { "\($0.location.line):\($0.location.column): \($0.message)" } ?? "cannot be read"
        return .init(reason: first, diagnostics: errors)
    }

    /// Reads a downloaded form; its diagnostics name the URL (as written) and the line and column.
    func readForm(_ data: Data, remote: RemoteForm, log: DiagnosticLog) -> Form? {
        let file = remote.request.url
        guard let text = String(data: data, encoding: .utf8) else {
            log.error("the downloaded form is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let root = ConfigFile.parse(text: text, file: file, log: log) else { return nil }
        guard var form = SiteLoader.readForm(root, path: remote.id, settings: settings) else { return nil }
        form.path = remote.id
        if form.format != .native { form.id = remote.id }
        return form.mappingFields { field in
            guard field.type == .image, let src = field.src else { return }
            field.src = Self.resolve(src, against: remote.request.url)
        }
    }

    /// An image address in a downloaded form, relative to the form's URL as written (`site-plan.svg` next to
    /// `…/api/inspection.json`); absolute ones and `data:` stay as they are.
    static func resolve(_ src: String, against formURL: String) -> String {
        let lower = src.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("data:") || src.hasPrefix("/") || src.isEmpty { return src }
        let path = formURL.split(separator: "?", maxSplits: 1).first.map(String.init) ?? formURL
        guard let slash = path.lastIndex(of: "/") else { return src }
        return String(path[...slash]) + src
    }
}
