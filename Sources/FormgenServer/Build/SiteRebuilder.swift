import FormgenCore
import Foundation
import Logging

/// Runs the preview's builds on a thread of their own (a build is blocking work), logs them, and
/// tells open pages: reload after a good build, the diagnostics after a failed one.
public struct SiteRebuilder: Sendable {
    public let builder: PreviewBuilder
    public let hub: LiveReloadHub
    public let logger: Logger

    public init(options: BuildOptions, hub: LiveReloadHub, logger: Logger) {
        self.builder = PreviewBuilder(options: options)
        self.hub = hub
        self.logger = logger
    }

    /// Builds the site once; on failure the output folder keeps its last good build. When the server
    /// stops meanwhile, it returns at once (`.unchanged`) and leaves the build's thread to the process's end,
    /// so a build never holds up the shutdown deadline.
    @discardableResult
    public func rebuild(because changes: [String] = [], refresh: Bool = false) async -> PreviewBuilder.Outcome {
        let builder = self.builder
        guard let outcome = await Self.offThePool({ builder.build(changes: changes, refresh: refresh) }) else { return .unchanged }
        let cause = refresh ? " (remote sources fetched again)" : changes.isEmpty ? "" : " (changed: \(Self.describe(changes)))"
        switch outcome {
        case .built(let summary, let warnings, let written):
            for warning in warnings { logger.warning("\(warning)") }
            logger.info("\(summary)\(cause)")
            let shown = Self.overlaid(warnings)
            await hub.buildSucceeded(warnings: shown.isEmpty ? nil : shown.joined(separator: "\n"),
                                     pages: changes.isEmpty || refresh ? nil : Self.pages(showing: written))
        case .unchanged:
            if await hub.lastFailure != nil {
                logger.info("build fixed\(cause): the configs are back to the last good build's")
                await hub.buildRestored()
            }
        case .failed(let diagnostics):
            logger.error("build failed\(cause); still serving the last good build:\n\(diagnostics)")
            await hub.buildFailed(diagnostics: diagnostics)
        }
        return outcome
    }

    /// The warnings open pages show: those about remote sources (their message starts with the source's URL:
    /// a copy from the cache, an image that could not be had), which change what the page shows; the others
    /// stay in the terminal, where the build prints them.
    static func overlaid(_ warnings: [String]) -> [String] {
        warnings.filter { line in
            guard let range = line.range(of: ": warning: ") else { return false }
            let message = line[range.upperBound...]
            return message.hasPrefix("https://") || message.hasPrefix("http://") || message.hasPrefix("${")
        }
    }

    /// The URL paths of the pages a build's written files are (`contact/index.html` → `/contact/`), leaving out
    /// files no page loads (a form's `schema.json`, the sitemap); nil when one is a file pages may load (a stylesheet,
    /// a script, an image, anything under `assets/`), so every page reloads.
    static func pages(showing written: [String]) -> [String]? {
        var pages: [String] = []
        for path in written {
            if path.hasSuffix(".html") {
                pages.append("/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path))
            } else if path.hasPrefix("assets/") || !(path.hasSuffix(".json") || path.hasSuffix(".xml")) {
                return nil
            }
        }
        return pages
    }

    private static func describe(_ changes: [String]) -> String {
        let shown = changes.sorted().prefix(3).joined(separator: ", ")
        return changes.count > 3 ? "\(shown) and \(changes.count - 3) more" : shown
    }

    /// Runs blocking work on a new thread, so the server's threads keep answering meanwhile; nil when the
    /// calling task is cancelled first (the work then runs on, unawaited).
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        let answer = AnswerOnce<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.wait(with: continuation)
                let thread = Thread { answer.give(work()) }
                thread.name = "formgen-build"
                thread.stackSize = 8 << 20
                thread.start()
            }
        } onCancel: {
            answer.give(nil)
        }
    }
}

/// A continuation resumed exactly once: by the work's result or by cancellation, whichever comes first,
/// even when cancellation comes before anyone waits.
private final class AnswerOnce<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T?, Never>?
    private var given: T??

    func wait(with continuation: CheckedContinuation<T?, Never>) {
        lock.lock()
        if let given {
            lock.unlock()
            continuation.resume(returning: given)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func give(_ value: T?) {
        lock.lock()
        guard given == nil else { lock.unlock(); return }
        given = .some(value)
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}
