import FormgenCollect
import FormgenCore
import Foundation
import Testing

/// Many clients posting keyed submissions of the contact form through several collect services at once.
enum ConcurrentWriters {
    static let site: SiteForms = {
        let spec = try! JSONDecoder().decode(FormSpec.self, from: Data("""
            {"version":1,"id":"contact","path":"contact","title":"Contact","lang":"en","pages":[{"fields":["name"]}],
             "fields":[{"id":"name","type":"text","kind":"input","label":"Name","required":true,"readOnly":false,"sensitive":false,"validations":[]}],
             "rules":[],"dataSources":[],"submit":{"method":"post","encoding":"json"},"drafts":{"enabled":false,"maxAge":0},"messages":{}}
            """.utf8))
        return SiteForms(specs: ["contact": spec])
    }()

    /// A collect instance (its service: the HTTP layer only maps its answers) over `store`.
    static func service(_ store: any SubmissionStore, webhooks: [String: [String]] = [:]) -> CollectService {
        CollectService(forms: site, store: store, webhooks: webhooks)
    }

    /// Counts of what the run has seen, for the test to wait on.
    actor Progress {
        var stored = 0
        var unavailable = 0

        func record(_ status: Int) {
            if status == 200 { stored += 1 }
            if status == 503 { unavailable += 1 }
        }

        /// Returns once `condition` holds (checked every 20 ms).
        nonisolated func wait(_ condition: @escaping @Sendable (isolated Progress) -> Bool) async {
            while !(await check(condition)) { try? await Task.sleep(for: .milliseconds(20)) }
        }

        private func check(_ condition: @Sendable (isolated Progress) -> Bool) -> Bool { condition(self) }
    }

    /// Posts submissions 0..<count (key `key-N`), N to router N % routers.count; every `repeatEvery`th again to the
    /// next router. With `retryUnavailable`, a 503 is retried with the same key (on the other router) until stored.
    /// Returns each submission's final status.
    static func post(count: Int, through routers: [CollectService], workers: Int, repeatEvery: Int,
                     progress: Progress = Progress(), retryUnavailable: Bool = false) async throws -> [Int] {
        let next = Counter()
        return try await withThrowingTaskGroup(of: [(Int, Int)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var results: [(Int, Int)] = []
                    while let index = await next.take(below: count) {
                        var route = index % routers.count
                        var status = try await send(index, to: routers[route])
                        await progress.record(status)
                        var tries = 0
                        while retryUnavailable, status == 503, tries < 600 {
                            tries += 1
                            try await Task.sleep(for: .milliseconds(50))
                            route = (route + 1) % routers.count
                            status = try await send(index, to: routers[route])
                            await progress.record(status)
                        }
                        if repeatEvery > 0, index % repeatEvery == 0 {
                            let again = try await send(index, to: routers[(route + 1) % routers.count])
                            if again != 200 { status = again }
                        }
                        results.append((index, status))
                    }
                    return results
                }
            }
            var statuses = Array(repeating: 0, count: count)
            for try await results in group { for (index, status) in results { statuses[index] = status } }
            return statuses
        }
    }

    static func send(_ index: Int, to service: CollectService) async throws -> Int {
        await service.submit(formPath: "contact", body: Data(#"{"name":"Person \#(index)"}"#.utf8), encoding: .json,
                             idempotencyKey: "key-\(index)").status
    }

    actor Counter {
        var value = 0

        func take(below limit: Int) -> Int? {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
