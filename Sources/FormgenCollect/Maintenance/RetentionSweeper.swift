import Foundation
import Logging
import ServiceLifecycle

/// Deletes the submissions older than their form's `submit.retention` (and their outbox entries and uploads), once at
/// start and then every `interval`, logging what went.
public struct RetentionSweeper: Service {
    /// Form path → seconds a submission is kept.
    public let retention: [String: Int]
    public let removal: SubmissionRemoval
    public let logger: Logger
    public var interval: Duration = .seconds(3600)
    private let now: @Sendable () -> Date

    public init(forms: SiteForms, removal: SubmissionRemoval, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }) {
        retention = forms.specs.compactMapValues(\.submit.retention)
        self.removal = removal
        self.logger = logger
        self.now = now
    }

    public func run() async throws {
        // A service that returns stops the group, so with nothing to sweep this waits for the shutdown instead.
        guard !retention.isEmpty else {
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    _ = try await sweep()
                } catch {
                    logger.warning("retention sweep failed", metadata: ["error": .string("\(error)")])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One pass over the forms with a retention, in path order; returns what went per form (forms with nothing left out).
    @discardableResult
    public func sweep() async throws -> [String: SubmissionRemoval.Outcome] {
        let instant = now()
        var removed: [String: SubmissionRemoval.Outcome] = [:]
        for form in retention.keys.sorted() {
            guard let seconds = retention[form] else { continue }
            let cutoff = instant.addingTimeInterval(-Double(seconds))
            let expired = try await removal.store.submissions(form: form, before: cutoff)
            guard !expired.isEmpty else { continue }
            let outcome = try await removal.remove(expired)
            removed[form] = outcome
            let ids = outcome.rows.map(String.init).joined(separator: ", ")
            let kept = outcome.kept.isEmpty ? "" : "; kept \(outcome.kept.count) upload(s) a submission being stored uses"
            logger.notice("retention: deleted \(outcome.rows.count) submission(s) of \(form) received before \(SubmissionDigest.timestamp(cutoff)) (ids \(ids); \(outcome.files.count) upload(s)\(kept))")
        }
        return removed
    }
}
