import Foundation
import Logging

/// Keeps every line logged through `logger`, for tests that check what collect reports.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []

    /// The lines so far, each as `level message`.
    var lines: [String] { lock.withLock { kept } }

    var logger: Logger {
        Logger(label: "test-capture") { _ in Handler(capture: self) }
    }

    func keep(_ line: String) { lock.withLock { kept.append(line) } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.keep("\(event.level) \(event.message)")
        }
    }
}
