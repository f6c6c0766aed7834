import FormgenCore
import Foundation

/// The builds of `formgen serve`: the first is exactly `formgen build`; after it, each save runs the same
/// pipeline again on the site kept in memory (`SiteBuilder.update`): only the changed config files are read
/// again (a `ConfigCache`), everything is checked, only the outputs whose inputs changed are rendered (each
/// output's cache key: its form's config files, the theme, the site settings), and only files whose bytes
/// changed are written, in place. What was written says which pages to reload.
///
/// One build at a time: a build started while another runs waits for it.
public final class PreviewBuilder: @unchecked Sendable {
    public let options: BuildOptions
    /// What the last good build wrote; nil before the first and after a failed full build.
    private var last: BuildState?
    /// Whether the last good build fetches remote sources.
    private var lastUsesRemote = false
    /// What the loader read, kept across saves; a config file whose stamp did not move is not read again.
    private let cache: ConfigCache
    /// The input files' digests, kept across saves: only a saved file is read again to fingerprint the site.
    private let digests = FileDigests()
    private let oneAtATime = NSLock()

    public init(options: BuildOptions) {
        self.options = options
        cache = ConfigCache(stamps: digests)
    }

    /// Whether the last good build's site fetches remote sources.
    public var usesRemote: Bool {
        oneAtATime.lock()
        defer { oneAtATime.unlock() }
        return lastUsesRemote
    }

    /// How many config files were read (parsed and mapped to the model) since the server started.
    public var configFilesRead: Int { cache.filesRead }

    /// What one build did.
    public enum Outcome: Sendable, Equatable {
        /// A line for the log, the build's warnings, and the output files it wrote or removed (sorted; after
        /// the first build only those whose bytes changed), so only the pages showing them reload.
        case built(summary: String, warnings: [String], written: [String])
        /// The diagnostics of a failed build; the output folder was left as it was.
        case failed(diagnostics: String)
        /// Nothing the site is built from changed (an editor's scratch file came and went, or a file was saved as it was).
        case unchanged
    }

    /// Builds after `changes` (paths of changed files; empty for the first build). Remote sources are
    /// fetched on the first build, when `site.yaml` changed, and with `refresh` (`r` + Enter); other rebuilds
    /// use their cached copies, so saving a form never waits for the network.
    public func build(changes: [String], refresh: Bool = false, clock: () -> Double = { ProcessInfo.processInfo.systemUptime }) -> Outcome {
        oneAtATime.lock()
        defer { oneAtATime.unlock() }
        let start = clock()
        var options = self.options
        options.remote.refresh = refresh
        let settingsChanged = changes.contains { Self.standardized($0).hasPrefix(Self.standardized(options.configDirectory + "/site.")) }
        options.remote.preferCache = !refresh && !changes.isEmpty && !settingsChanged
        let builder = SiteBuilder(options: options, cache: cache, digests: digests)
        do {
            let report: BuildReport
            if let last, !changes.isEmpty || refresh {
                report = try builder.update(after: last, log: DiagnosticLog(), clock: clock)
            } else {
                report = try builder.build(log: DiagnosticLog(), clock: clock)
            }
            let first = last == nil
            last = report.state
            lastUsesRemote = report.state?.usesRemote == true
            if !first, report.written.isEmpty { return .unchanged }
            let summary = first ? report.summary
                : "Rebuilt \(report.written.count) of \(report.files) file\(report.files == 1 ? "" : "s") in \(String(format: "%.3f", clock() - start)) s."
            return .built(summary: summary, warnings: report.warnings.map(\.description), written: report.written)
        } catch let errors as ConfigErrors {
            return .failed(diagnostics: errors.diagnostics.map(\.description).joined(separator: "\n"))
        } catch {
            last = nil
            return .failed(diagnostics: "error: cannot write \(options.outputDirectory)/: \(error.localizedDescription)")
        }
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
