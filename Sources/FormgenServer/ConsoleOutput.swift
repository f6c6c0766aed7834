import Foundation

/// Standard output for many small lines: lines that may wait (one per request) are gathered and
/// written together at least every 50 ms; any other line is written at once, after them, so the
/// order stays. Standard error lines are written at once, after the waiting lines.
final class ConsoleOutput: @unchecked Sendable {
    static let standard = ConsoleOutput()

    private let lock = NSLock()
    private var pending = Data()
    private var flusherStarted = false

    /// Writes `line` to standard output; now, or within 50 ms when `canWait`.
    func write(_ line: String, canWait: Bool) {
        lock.lock()
        defer { lock.unlock() }
        pending.append(contentsOf: line.utf8)
        if !canWait || pending.count >= 16 * 1024 {
            flushLocked()
        } else if !flusherStarted {
            flusherStarted = true
            let thread = Thread { [self] in
                while true {
                    Thread.sleep(forTimeInterval: 0.05)
                    lock.lock()
                    flushLocked()
                    lock.unlock()
                }
            }
            thread.name = "formgen-log"
            thread.start()
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
    func flush() {
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
