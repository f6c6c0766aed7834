import Foundation

/// Standard output for many small lines: lines that may wait (one per request) are gathered and
/// written together within 50 ms; any other line is written at once, after them, so the order stays.
/// Standard error lines are written at once, after the waiting lines. One is made per server and
/// handed to its log handlers; nothing keeps running once the waiting lines are written.
public final class ConsoleOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = Data()
    private var flushScheduled = false

    public init() {}

    /// Writes `line` to standard output; now, or within 50 ms when `canWait`.
    func write(_ line: String, canWait: Bool) {
        lock.lock()
        defer { lock.unlock() }
        pending.append(contentsOf: line.utf8)
        if !canWait || pending.count >= 16 * 1024 {
            flushLocked()
        } else if !flushScheduled {
            flushScheduled = true
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { [self] in
                lock.lock()
                flushScheduled = false
                flushLocked()
                lock.unlock()
            }
        }
    }

    /// Writes `line` to standard error at once (after the lines still waiting for standard output).
    func writeError(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Writes the waiting lines now.
    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    private func flushLocked() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
