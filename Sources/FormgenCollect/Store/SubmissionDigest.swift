import FormgenCore
import Foundation

/// Hex digests and timestamps of stored submissions.
public enum SubmissionDigest {
    /// Lower-case hex SHA-256 of the UTF-8 of `text`.
    public static func hex(_ text: String) -> String {
        SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// `2025-01-31T12:00:00Z`, the stored form of `received_at` (sorts as text in time order).
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    public static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text)
    }
}
