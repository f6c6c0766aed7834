import AsyncHTTPClient
import FormgenCore
import Foundation
import Logging
import NIOCore
import ServiceLifecycle

/// Sends the outbox's webhook notifications: each stored submission is POSTed as JSON to its form's webhook URLs,
/// at least once. A failed attempt (no answer, or not 2xx) is retried with exponential backoff, so a receiver that
/// is down loses nothing; it gets `Idempotency-Key: formgen-delivery-<id>` to recognise a repeat.
public struct WebhookDispatcher: Service {
    public let store: any SubmissionStore
    public let logger: Logger
    /// How often the outbox is looked at.
    public var interval: Duration = .milliseconds(500)
    /// The first retry's delay; each further one doubles, up to `maxBackoff`.
    public var backoff: TimeInterval = 2
    public var maxBackoff: TimeInterval = 3600
    /// How long a claimed entry is held back from other instances while it is sent.
    public var hold: TimeInterval = 60
    /// Opens sealed values for the receiver; nil when no form has any.
    public let keyring: SubmissionKeyring?
    private let now: @Sendable () -> Date

    public init(store: any SubmissionStore, logger: Logger, keyring: SubmissionKeyring? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.keyring = keyring
        self.logger = logger
        self.now = now
    }

    /// Delivers what is due until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    _ = try await deliverDue()
                } catch {
                    logger.warning("webhook outbox unavailable", metadata: ["error": .string("\(error)")])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One pass: claims the due entries, sends each, records the result. Returns how many were delivered.
    @discardableResult
    public func deliverDue(limit: Int = 50) async throws -> Int {
        let start = now()
        let deliveries = try await store.claimDeliveries(now: start, until: start.addingTimeInterval(hold), limit: limit)
        var delivered = 0
        for delivery in deliveries {
            let failure = await send(delivery)
            if let failure {
                let delay = min(maxBackoff, backoff * pow(2, Double(delivery.attempts)))
                try await store.deliveryFailed(id: delivery.id, retryAt: now().addingTimeInterval(delay), error: failure)
                logger.warning("webhook failed", metadata: ["url": .string(delivery.url), "delivery": .stringConvertible(delivery.id),
                                                            "attempts": .stringConvertible(delivery.attempts + 1), "error": .string(failure)])
            } else {
                try await store.deliveryDone(id: delivery.id, at: now())
                delivered += 1
            }
        }
        return delivered
    }

    /// The notification's body: the submission as `formgen export --format jsonl` prints it (sealed values opened).
    static func payload(_ record: SubmissionRecord, keyring: SubmissionKeyring? = nil) throws -> String {
        SubmissionExporter().jsonLines([try SubmissionCipher.open(record, keyring: keyring)]).trimmingCharacters(in: .newlines)
    }

    /// nil when the receiver answered 2xx, else why not.
    func send(_ delivery: WebhookDelivery) async -> String? {
        var request = HTTPClientRequest(url: delivery.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "formgen-collect")
        request.headers.add(name: "Idempotency-Key", value: "formgen-delivery-\(delivery.id)")
        do {
            request.body = .bytes(ByteBuffer(string: try Self.payload(delivery.submission, keyring: keyring)))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return (200..<300).contains(Int(response.status.code)) ? nil : "HTTP \(response.status.code)"
        } catch {
            return "\(error)"
        }
    }
}
