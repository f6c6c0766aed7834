@testable import FormgenCollect
import Foundation

/// A store that runs `beforeStore` when a submission is about to be stored (after its files are kept), then stores it
/// in `base`: a pause point between the two steps, where a test runs a removal or makes the store fail. It runs
/// `afterReferences` after answering which digests rows name, before returning the answer: a pause point in a removal.
struct HookedStore: SubmissionStore {
    let base: any SubmissionStore
    var beforeStore: @Sendable (NewSubmission) async throws -> Void = { _ in }
    var afterReferences: @Sendable () async throws -> Void = {}
    var beforeReplace: @Sendable (Int64) async throws -> Void = { _ in }

    func store(_ submission: NewSubmission) async throws -> StoreOutcome {
        try await beforeStore(submission)
        return try await base.store(submission)
    }

    func submissions(form: String?, since: Date?) async throws -> [SubmissionRecord] { try await base.submissions(form: form, since: since) }
    func claimDeliveries(now: Date, until: Date, limit: Int) async throws -> [WebhookDelivery] {
        try await base.claimDeliveries(now: now, until: until, limit: limit)
    }
    func deliveryDone(id: Int64, at: Date) async throws { try await base.deliveryDone(id: id, at: at) }
    func deliveryFailed(id: Int64, retryAt: Date, error: String) async throws { try await base.deliveryFailed(id: id, retryAt: retryAt, error: error) }
    func outbox() async throws -> [WebhookDelivery] { try await base.outbox() }
    func submissions(form: String, before: Date) async throws -> [SubmissionRecord] { try await base.submissions(form: form, before: before) }
    func delete(ids: [Int64]) async throws -> Int { try await base.delete(ids: ids) }
    func replace(id: Int64, data: String, keyID: String?) async throws {
        try await beforeReplace(id)
        try await base.replace(id: id, data: data, keyID: keyID)
    }
    func pendingDeliveries() async throws -> Int { try await base.pendingDeliveries() }
    func referencedDigests(_ digests: Set<String>) async throws -> Set<String> {
        let referenced = try await base.referencedDigests(digests)
        try await afterReferences()
        return referenced
    }
    func ping() async throws { try await base.ping() }
    func summaries() async throws -> [FormSummary] { try await base.summaries() }
    func page(form: String, limit: Int, offset: Int) async throws -> [SubmissionRecord] { try await base.page(form: form, limit: limit, offset: offset) }
    func submission(id: Int64) async throws -> SubmissionRecord? { try await base.submission(id: id) }
}
