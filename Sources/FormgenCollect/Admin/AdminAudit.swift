import FormgenCore
import Foundation
import Logging

/// Who looked at or deleted what, and when: one JSON line per event (`{"action", "address", "at", "form", "id",
/// "user"}`) appended to `--audit-log FILE` when given, and logged at notice level always.
public final class AdminAudit: Sendable {
    public let path: String?
    let logger: Logger
    private let lock = NSLock()

    public init(path: String?, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    public func record(user: String, action: String, form: String? = nil, id: Int64? = nil, address: String, at: Date) {
        var entry: [String: JSONValue] = ["at": .string(SubmissionDigest.timestamp(at)), "user": .string(user), "action": .string(action),
                                          "address": .string(address)]
        if let form { entry["form"] = .string(form) }
        if let id { entry["id"] = .number(Double(id)) }
        let line = JSONValue.object(entry).jsonText()
        logger.notice("audit \(line)")
        guard let path else { return }
        lock.withLock {
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                logger.error("audit log \(path) cannot be written")
                return
            }
            handle.seekToEndOfFile()
            handle.write(Data((line + "\n").utf8))
            try? handle.close()
        }
    }
}
