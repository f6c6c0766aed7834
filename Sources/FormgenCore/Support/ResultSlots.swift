import Foundation

/// A fixed number of slots that parallel tasks fill, each its own, read once all are done.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return slots[index]
        }
        set {
            lock.lock()
            slots[index] = newValue
            lock.unlock()
        }
    }

    /// The filled slots in order.
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
