import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Webhooks from the outbox: queued with the row, retried with backoff while the receiver fails, delivered once it
/// answers 2xx (a loopback receiver that fails twice, then succeeds). The clock is injected: no waiting on time.
@Suite(.serialized) struct WebhookTests {
    /// What the loopback receiver got.
    actor Receiver {
        var bodies: [String] = []
        var keys: [String] = []
        let failures: Int

        init(failures: Int) { self.failures = failures }

        /// Records a delivery; answers 503 for the first `failures`, then 204.
        func take(_ body: String, key: String?) -> HTTPResponse.Status {
            bodies.append(body)
            keys.append(key ?? "")
            return bodies.count <= failures ? .serviceUnavailable : .noContent
        }
    }

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_750_000_000)
        var now: Date { lock.withLock { time } }
        func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
    }

    static func receiving(_ receiver: Receiver, _ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.post("/hook") { request, _ -> Response in
            let text = String(buffer: try await request.body.collect(upTo: 1 << 20))
            return Response(status: await receiver.take(text, key: request.headers[.init("Idempotency-Key")!]))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body("http://127.0.0.1:\(client.port!)/hook") }
    }

    static func deliverWithRetries(store: any SubmissionStore) async throws {
        let receiver = Receiver(failures: 2)
        let clock = Clock()
        try await Self.receiving(receiver) { (hook: String) async throws in
            let service = CollectService(forms: ConcurrentWriters.site, store: store, webhooks: ["contact": [hook]], now: { clock.now })
            let answer = await service.submit(formPath: "contact", body: Data(#"{"name":"Ann"}"#.utf8), encoding: .json, idempotencyKey: "k1")
            #expect(answer.status == 200)
            let retry = await service.submit(formPath: "contact", body: Data(#"{"name":"Ann"}"#.utf8), encoding: .json, idempotencyKey: "k1")
            #expect(retry.status == 200)
            #expect(try await store.outbox().count == 1)
            var dispatcher = WebhookDispatcher(store: store, logger: TestSite.quietLogger, now: { clock.now })
            dispatcher.backoff = 10
            #expect(try await dispatcher.deliverDue() == 0)
            #expect(try await dispatcher.deliverDue() == 0)
            clock.advance(9)
            #expect(try await dispatcher.deliverDue() == 0)
            #expect(await receiver.bodies.count == 1)
            clock.advance(1)
            #expect(try await dispatcher.deliverDue() == 0)
            #expect(try await store.outbox().first?.attempts == 2)
            #expect(try await store.outbox().first?.lastError == "HTTP 503")
            clock.advance(19)
            #expect(try await dispatcher.deliverDue() == 0)
            clock.advance(1)
            #expect(try await dispatcher.deliverDue() == 1)
            #expect(try await dispatcher.deliverDue() == 0)
            clock.advance(3600)
            #expect(try await dispatcher.deliverDue() == 0)
        }
        let bodies = await receiver.bodies
        #expect(bodies.count == 3)
        #expect(Set(bodies).count == 1)
        let sent = try JSONValue.decode(Data(bodies[0].utf8))
        guard case .object(let object) = sent else { Issue.record("not an object: \(bodies[0])"); return }
        #expect(object["data"] == .object(["name": .string("Ann")]))
        #expect(object["form"] == .string("contact"))
        #expect(object["receivedAt"] == .string("2025-06-15T15:06:40Z"))
        #expect(Set(await receiver.keys).count == 1)
        let entry = try #require(try await store.outbox().first)
        #expect(entry.deliveredAt == Date(timeIntervalSince1970: 1_750_000_030))
        #expect(entry.attempts == 2)
    }

    @Test func aReceiverThatFailsFirstGetsTheSubmissionOnceItIsBackOnSQLite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-webhooks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.deliverWithRetries(store: try SQLiteSubmissionStore(path: folder.appendingPathComponent("w.db").path))
    }
}
