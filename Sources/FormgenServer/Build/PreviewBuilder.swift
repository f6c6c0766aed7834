import FormgenCore
import Foundation

/// The builds of `formgen serve`. A full build is exactly `formgen build`. When the only change is
/// an edit to standalone form configs that keeps every form's id, path, title and description (so
/// the home page, sitemap and docs stay as they are), only those forms' files are rebuilt: each
/// changed config is loaded, checked and rendered on its own (beside the unchanged `site.yaml` and
/// theme) and its files written in place. Anything else, or any error, takes a full build.
///
/// One build at a time: a build started while another runs waits for it.
public final class PreviewBuilder: @unchecked Sendable {
    public let options: BuildOptions
    /// The site of the last good full build, kept up to date by incremental ones.
    private var site: Site?
    /// Form configs whose last incremental build failed (the site is good but for them).
    private var brokenFiles: Set<String> = []
    private let scratch: URL
    private let oneAtATime = NSLock()

    public init(options: BuildOptions) {
        self.options = options
        scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("formgen-serve-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// Whether the last good build's site fetches remote sources.
    public var usesRemote: Bool {
        oneAtATime.lock()
        defer { oneAtATime.unlock() }
        return site?.settings.remote.declared == true
    }

    /// What one build did.
    public enum Outcome: Sendable, Equatable {
        /// A line for the log, the build's warnings, and whether only the changed forms were rebuilt (the
        /// summary then names them; a full build's summary does not say what changed).
        case built(summary: String, warnings: [String], incremental: Bool)
        /// The diagnostics of a failed build; the output folder was left as it was.
        case failed(diagnostics: String)
        /// Nothing the site is built from changed (an editor's scratch file came and went).
        case unchanged
    }

    /// Builds after `changes` (paths of changed files; empty for the first build). Remote sources are
    /// fetched on the first build, when `site.yaml` changed, and with `refresh` (`r` + Enter); other rebuilds
    /// use their cached copies, so saving a form never waits for the network.
    public func build(changes: [String], refresh: Bool = false, clock: () -> Double = { ProcessInfo.processInfo.systemUptime }) -> Outcome {
        oneAtATime.lock()
        defer { oneAtATime.unlock() }
        let start = clock()
        if !refresh, site?.settings.remote.declared != true, let outcome = incrementalBuild(changes: changes, start: start, clock: clock) {
            return outcome
        }
        var options = self.options
        options.remote.refresh = refresh
        let settingsChanged = changes.contains { Self.standardized($0).hasPrefix(Self.standardized(options.configDirectory + "/site.")) }
        options.remote.preferCache = !refresh && !changes.isEmpty && !settingsChanged
        return fullBuild(options: options, start: start, clock: clock)
    }

    private func fullBuild(options: BuildOptions, start: Double, clock: () -> Double) -> Outcome {
        let builder = SiteBuilder(options: options)
        do {
            let report = try builder.build(log: DiagnosticLog())
            site = try report.site ?? builder.loadAndCheck(log: DiagnosticLog()).0
            brokenFiles.removeAll()
            return .built(summary: report.summary, warnings: report.warnings.map(\.description), incremental: false)
        } catch let errors as ConfigErrors {
            site = nil
            return .failed(diagnostics: errors.diagnostics.map(\.description).joined(separator: "\n"))
        } catch {
            site = nil
            return .failed(diagnostics: "error: cannot write \(options.outputDirectory)/: \(error.localizedDescription)")
        }
    }

    // MARK: Incremental builds

    private func incrementalBuild(changes: [String], start: Double, clock: () -> Double) -> Outcome? {
        guard !changes.isEmpty, var site else { return nil }
        let forms = Self.standardized(options.configDirectory + "/forms") + "/"
        var changed: [(file: String, index: Int)] = []
        for change in Set(changes.map(Self.standardized)).sorted() {
            if change.hasPrefix(forms), !Self.isConfigFile(change) { continue }
            guard change.hasPrefix(forms),
                  let index = site.forms.firstIndex(where: { Self.standardized($0.location.file) == change }),
                  FileManager.default.fileExists(atPath: change)
            else { return nil }
            changed.append((change, index))
        }
        if changed.isEmpty { return .unchanged }
        guard brokenFiles.isSubset(of: changed.map(\.file)) else { return nil }
        var files: [String: Data] = [:]
        var warnings: [String] = []
        for (file, index) in changed {
            var form: Form, rendered: [String: Data], formWarnings: [String]
            switch renderAlone(file: file, relativeTo: forms) {
            case .rendered(let one, let files, let diagnostics): (form, rendered, formWarnings) = (one, files, diagnostics)
            case .failed(let diagnostics):
                brokenFiles.insert(file)
                return .failed(diagnostics: diagnostics.joined(separator: "\n"))
            case nil: return nil
            }
            let old = site.forms[index]
            guard form.id == old.id, form.path == old.path, form.title == old.title, form.description == old.description else { return nil }
            form.location.file = old.location.file
            site.forms[index] = form
            let owned = rendered.filter { owner(of: $0.key, in: site) == form.path }
            files.merge(owned) { new, _ in new }
            warnings += formWarnings
        }
        let written: Int
        do {
            written = try writeInPlace(files, owners: Set(changed.map { site.forms[$0.index].path }), site: site)
        } catch {
            return nil
        }
        self.site = site
        brokenFiles.removeAll()
        let names = changed.map { String($0.file.dropFirst(forms.count)) }.joined(separator: ", ")
        let summary = "Rebuilt \(names): \(written) of \(files.count) file\(files.count == 1 ? "" : "s") changed in \(String(format: "%.3f", clock() - start)) s."
        return .built(summary: summary, warnings: warnings, incremental: true)
    }

    /// One form config built on its own.
    private enum AloneResult {
        /// The form, its files, and its warnings.
        case rendered(Form, [String: Data], [String])
        /// Errors, every one of them in the form's own config.
        case failed([String])
    }

    /// Loads, checks and renders one form config beside the site's own `site.yaml`; nil when only a full build can tell.
    private func renderAlone(file: String, relativeTo forms: String) -> AloneResult? {
        let fileManager = FileManager.default
        let configs = scratch.appendingPathComponent("configs")
        try? fileManager.removeItem(at: configs)
        defer { try? fileManager.removeItem(at: scratch) }
        do {
            let relative = String(file.dropFirst(forms.count))
            let target = configs.appendingPathComponent("forms").appendingPathComponent(relative)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.copyItem(atPath: file, toPath: target.path)
            for name in ["site.yaml", "site.yml", "site.json"] {
                let source = (options.configDirectory as NSString).appendingPathComponent(name)
                if fileManager.fileExists(atPath: source) {
                    try fileManager.copyItem(atPath: source, toPath: configs.appendingPathComponent(name).path)
                }
            }
        } catch {
            return nil
        }
        var alone = options
        alone.configDirectory = configs.path
        let builder = SiteBuilder(options: alone)
        let log = DiagnosticLog()
        let relative = String(file.dropFirst(forms.count))
        let copy = configs.appendingPathComponent("forms").appendingPathComponent(relative).path
        let shown = ((options.configDirectory as NSString).appendingPathComponent("forms") as NSString).appendingPathComponent(relative)
        func described(_ diagnostics: [Diagnostic]) -> [String] {
            diagnostics.map { diagnostic in
                var located = diagnostic
                if located.location.file == copy { located.location.file = shown }
                return located.description
            }
        }
        do {
            let (site, theme) = try builder.loadAndCheck(log: log)
            guard site.forms.count == 1, site.flows.isEmpty else { return nil }
            return .rendered(site.forms[0], builder.render(site, theme: theme), described(log.diagnostics.filter { $0.severity == .warning }))
        } catch let errors as ConfigErrors {
            let errorsHere = errors.diagnostics.filter { $0.severity == .error }
            guard !errorsHere.isEmpty, errorsHere.allSatisfy({ $0.location.file == copy }) else { return nil }
            return .failed(described(errors.diagnostics))
        } catch {
            return nil
        }
    }

    /// The path of the form or flow whose folder holds `file`: the longest that is a prefix of it.
    private func owner(of file: String, in site: Site) -> String? {
        let paths = site.forms.map(\.path) + site.flows.map(\.id)
        return paths.filter { file.hasPrefix($0 + "/") }.max { $0.count < $1.count }
    }

    /// Writes the files whose bytes changed (each atomically) and removes the owners' files that are gone.
    private func writeInPlace(_ files: [String: Data], owners: Set<String>, site: Site) throws -> Int {
        let fileManager = FileManager.default
        let root = URL(fileURLWithPath: options.outputDirectory)
        SiteBuilder(options: options).forgetLastBuild()
        var written = 0
        for (relative, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(relative)
            if fileManager.contents(atPath: url.path) == data { continue }
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            written += 1
        }
        for path in owners.sorted() {
            guard let existing = fileManager.enumerator(atPath: root.appendingPathComponent(path).path) else { continue }
            for case let relative as String in existing {
                let file = path + "/" + relative
                var isFolder: ObjCBool = false
                guard fileManager.fileExists(atPath: root.appendingPathComponent(file).path, isDirectory: &isFolder), !isFolder.boolValue,
                      files[file] == nil, owner(of: file, in: site) == path else { continue }
                try fileManager.removeItem(at: root.appendingPathComponent(file))
            }
        }
        return written
    }

    /// The files `SiteLoader` reads in `forms/`; it skips any other.
    static func isConfigFile(_ path: String) -> Bool {
        ["yaml", "yml", "json"].contains((path as NSString).pathExtension.lowercased())
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
