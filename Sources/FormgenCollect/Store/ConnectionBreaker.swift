import Foundation

/// A circuit breaker for a database that is down: once an operation finds it unreachable, the operations that
/// follow fail at once (503 without waiting), except one trial every `retryInterval`; the first that succeeds closes
/// the breaker again.
final class ConnectionBreaker: @unchecked Sendable {
    let retryInterval: Duration
    private let lock = NSLock()
    private var down: String?
    private var nextTrial = ContinuousClock.now

    init(retryInterval: Duration) {
        self.retryInterval = retryInterval
    }

    /// Nil when an operation may go ahead (the database is up, or it is the time for a trial); otherwise why the
    /// database is known to be down.
    func refusal() -> String? {
        lock.withLock {
            guard let down else { return nil }
            let now = ContinuousClock.now
            guard now < nextTrial else {
                nextTrial = now + retryInterval
                return nil
            }
            return down
        }
    }

    /// Records that an operation found the database unreachable.
    func failed(_ reason: String) {
        lock.withLock {
            if down == nil { nextTrial = .now + retryInterval }
            down = reason
        }
    }

    /// Records that an operation reached the database.
    func succeeded() {
        lock.withLock { down = nil }
    }
}
