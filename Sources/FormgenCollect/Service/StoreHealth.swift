import Foundation
import Logging

/// Whether the store took the last submission: a failed write (database or uploads folder) is logged in one line and
/// makes `/healthz` answer 503 with its reason until a submission is stored again.
public final class StoreHealth: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: String?
    let logger: Logger

    public init(logger: Logger = Logger(label: "formgen.collect")) {
        self.logger = logger
    }

    /// Why the last write failed; nil when it succeeded (or none was tried yet).
    public var problem: String? { lock.withLock { failure } }

    /// Records and logs a failed write, its reason on one line.
    func failed(_ reason: String) {
        let line = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        lock.withLock { failure = line }
        logger.error("submission not stored: \(line)")
    }

    /// Records a stored submission; logs the recovery after a failure.
    func stored() {
        let recovered = lock.withLock { () -> Bool in
            defer { failure = nil }
            return failure != nil
        }
        if recovered { logger.notice("submissions are stored again") }
    }
}
