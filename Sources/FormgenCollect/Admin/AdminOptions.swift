import Foundation

/// How collect's admin view runs (`--users FILE`; off without it).
public struct AdminOptions: Sendable {
    public var users: AdminUsers
    /// `--audit-log FILE`: where each view, download and deletion is appended as a JSON line (always logged too).
    public var auditLog: String?
    /// Whether the session cookie says `Secure` (sent over HTTPS only). Off only with `--admin-plain-http` on a loopback
    /// address, for trying it out and for tests.
    public var secureCookies = true
    /// Rows per page of a form's table.
    public var pageSize = 25

    public init(users: AdminUsers, auditLog: String? = nil) {
        self.users = users
        self.auditLog = auditLog
    }
}
