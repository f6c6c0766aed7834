import Foundation

/// Slows down password guessing: after `free` wrong passwords in a row from one address, or for one user name, each
/// further try must wait (`first` seconds, then twice as long after each further wrong one, up to `longest`) from the
/// last wrong one; a right password clears the address's and the user's count.
public actor LoginThrottle {
    struct Failures {
        var count: Int
        var last: Date
    }

    public let free: Int
    public let first: TimeInterval
    public let longest: TimeInterval
    private var failures: [String: Failures] = [:]

    public init(free: Int = 10, first: TimeInterval = 5, longest: TimeInterval = 900) {
        self.free = free
        self.first = first
        self.longest = longest
    }

    static func keys(address: String, user: String) -> [String] { ["address " + address, "user " + user.lowercased()] }

    /// Seconds to wait before `user` may try again from `address`; nil when a try is allowed now.
    public func wait(address: String, user: String, now: Date) -> TimeInterval? {
        let waits = Self.keys(address: address, user: user).compactMap { key -> TimeInterval? in
            guard let entry = failures[key], entry.count >= free else { return nil }
            let delay = min(longest, first * pow(2, Double(entry.count - free)))
            let remaining = entry.last.addingTimeInterval(delay).timeIntervalSince(now)
            return remaining > 0 ? remaining : nil
        }
        return waits.max()
    }

    public func failed(address: String, user: String, now: Date) {
        for key in Self.keys(address: address, user: user) {
            failures[key] = Failures(count: (failures[key]?.count ?? 0) + 1, last: now)
        }
    }

    public func succeeded(address: String, user: String) {
        for key in Self.keys(address: address, user: user) { failures[key] = nil }
    }
}
