import Foundation

/// A token bucket per client IP: `burst` requests at once, refilled at `perSecond`.
public actor RateLimiter {
    public let perSecond: Double
    public let burst: Double
    private var buckets: [String: (tokens: Double, at: Date)] = [:]
    private let now: @Sendable () -> Date

    public init(perSecond: Double, burst: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.perSecond = perSecond
        self.burst = Double(burst)
        self.now = now
    }

    /// Takes one token for `client`; false when its bucket is empty.
    public func allow(_ client: String) -> Bool {
        let time = now()
        var bucket = buckets[client] ?? (burst, time)
        bucket.tokens = min(burst, bucket.tokens + time.timeIntervalSince(bucket.at) * perSecond)
        bucket.at = time
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        buckets[client] = bucket
        if buckets.count > 10_000 { buckets = buckets.filter { $0.value.tokens < burst } }
        return allowed
    }
}
