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

    /// Builds the site once; on failure the output folder keeps its last good build.
    @discardableResult
    public func rebuild(because changes: [String] = []) async -> PreviewBuilder.Outcome {
        let builder = self.builder
        let outcome = await Self.offThePool { builder.build(changes: changes) }
        let cause = changes.isEmpty ? "" : " (changed: \(Self.describe(changes)))"
        switch outcome {
        case .built(let summary, let warnings, let incremental):
            for warning in warnings { logger.warning("\(warning)") }
            logger.info("\(summary)\(incremental ? "" : cause)")
            await hub.buildSucceeded()
        case .unchanged:
            break
        case .failed(let diagnostics):
            logger.error("build failed\(cause); still serving the last good build:\n\(diagnostics)")
            await hub.buildFailed(diagnostics: diagnostics)
        }
        return outcome
    }

    private static func describe(_ changes: [String]) -> String {
        let shown = changes.sorted().prefix(3).joined(separator: ", ")
        return changes.count > 3 ? "\(shown) and \(changes.count - 3) more" : shown
    }

    /// Runs blocking work on a new thread, so the server's threads keep answering meanwhile.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = "formgen-build"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
