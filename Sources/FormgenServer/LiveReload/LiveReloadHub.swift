import Foundation

/// Tells every open page what the builds do: the state of the last build, and events as they happen.
public actor LiveReloadHub {
    private let instance: String
    private var generation = 0
    private var failure: String?
    private var warnings: String?
    private var nextID = 0
    private var subscribers: [Int: AsyncStream<BuildEvent>.Continuation] = [:]

    /// `instance` tells this server's builds from a previous server's, so pages reload after a restart.
    public init(instance: String = String(UInt32.random(in: 0...UInt32.max), radix: 36)) {
        self.instance = instance
    }

    /// The current build's name, as sent in `hello`.
    public var build: String { "\(instance)-\(generation)" }

    /// The diagnostics of the last build when it failed, nil when it succeeded.
    public var lastFailure: String? { failure }

    /// How many pages are listening.
    public var subscriberCount: Int { subscribers.count }

    /// A stream of events for one page: `hello`, the failed build's diagnostics if the last build failed, then events as they happen.
    public func subscribe() -> AsyncStream<BuildEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: BuildEvent.self, bufferingPolicy: .bufferingNewest(32))
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        continuation.yield(.hello(build: build))
        if let failure { continuation.yield(.buildError(text: failure)) } else if let warnings { continuation.yield(.buildWarnings(text: warnings)) }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: Int) {
        subscribers[id] = nil
    }

    /// A build succeeded: pages reload (only those at `pages`, URL paths, when given), and show its warnings
    /// once they have (nil: none).
    public func buildSucceeded(warnings: String? = nil, pages: [String]? = nil) {
        generation += 1
        let wasBroken = failure != nil
        failure = nil
        self.warnings = warnings
        broadcast(wasBroken ? .reload : pages.map(BuildEvent.reloadPages) ?? .reload)
    }

    /// The configs went back to the last good build's (nothing to write): pages showing a failed build's
    /// diagnostics reload to that build; when the last build was good, nothing is sent.
    public func buildRestored() {
        guard failure != nil else { return }
        generation += 1
        failure = nil
        broadcast(.reload)
    }

    /// A build failed: pages keep the last good build and show `diagnostics`.
    public func buildFailed(diagnostics: String) {
        failure = diagnostics
        broadcast(.buildError(text: diagnostics))
    }

    /// Something served changed without a build (a mock): pages reload.
    public func servedFilesChanged() {
        generation += 1
        broadcast(.reload)
    }

    /// Sends a heartbeat to every page.
    public func heartbeat() {
        broadcast(.heartbeat)
    }

    /// Ends every stream, so open pages let the server stop.
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    private func broadcast(_ event: BuildEvent) {
        for id in subscribers.keys.sorted() { subscribers[id]?.yield(event) }
    }
}
