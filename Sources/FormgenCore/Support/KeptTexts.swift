import Foundation

/// Texts made from a key, kept under a lock (at most a few thousand; past that it starts over).
final class KeptTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: String] = [:]

    func value(for key: String, make: () -> String) -> String {
        lock.lock()
        let kept = texts[key]
        lock.unlock()
        if let kept { return kept }
        let text = make()
        lock.lock()
        if texts.count >= 4096 { texts.removeAll(keepingCapacity: true) }
        texts[key] = text
        lock.unlock()
        return text
    }
}
