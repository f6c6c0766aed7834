import Crypto
import Foundation
import HummingbirdBcrypt
import Yams

/// The people who may use collect's admin view (`--users FILE`): each with a bcrypt password hash, the forms they
/// may see (`*` for all), and bearer tokens for scripts, stored as SHA-256 hashes. No user has a default password:
/// `formgen users add` writes each one.
///
/// ```yaml
/// users:
///   ann:
///     password: $2b$12$…
///     forms: ["*"]
///     tokens: [sha256:…]
/// ```
public struct AdminUsers: Sendable {
    public struct User: Sendable, Equatable {
        public var name: String
        /// bcrypt.
        public var passwordHash: String
        /// Form paths this user may see; `*` for every form.
        public var forms: [String]
        /// `sha256:<hex>` of each bearer token.
        public var tokenHashes: [String]

        public init(name: String, passwordHash: String, forms: [String], tokenHashes: [String] = []) {
            self.name = name
            self.passwordHash = passwordHash
            self.forms = forms
            self.tokenHashes = tokenHashes
        }

        /// Whether this user may see the form at `path`.
        public func maySee(_ path: String) -> Bool { forms.contains("*") || forms.contains(path) }
    }

    /// By name.
    public var users: [String: User]

    public init(users: [User]) {
        self.users = Dictionary(users.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Names are letters, digits, `.`, `_`, `-` and `@`, 1 to 64 of them.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-@".unicodeScalars.contains($0)) }
    }

    /// Reads `path` (a missing file is no users).
    public static func load(_ path: String) throws -> AdminUsers {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw CollectError.badUsers("\(path): cannot be read") }
            return AdminUsers(users: [])
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: String(decoding: data, as: UTF8.self))
        } catch {
            throw CollectError.badUsers("\(path): not YAML: \(error)")
        }
        guard let node, let entry = node["users"], entry.null == nil else { return AdminUsers(users: []) }
        guard let users = entry.mapping else { throw CollectError.badUsers("\(path): expected 'users:' to be a mapping of names") }
        var list: [User] = []
        for (key, value) in users {
            let name = key.string ?? ""
            let line = key.mark.map { ":\($0.line)" } ?? ""
            guard isValidName(name) else { throw CollectError.badUsers("\(path)\(line): '\(name)' is not a user name (letters, digits, . _ - @)") }
            guard let hash = value["password"]?.string, hash.hasPrefix("$2") else {
                throw CollectError.badUsers("\(path)\(line): user '\(name)' has no bcrypt 'password' (set one with formgen users add \(name) --users \(path))")
            }
            let forms = value["forms"]?.sequence?.compactMap(\.string) ?? ["*"]
            let tokens = value["tokens"]?.sequence?.compactMap(\.string) ?? []
            list.append(User(name: name, passwordHash: hash, forms: forms, tokenHashes: tokens))
        }
        return AdminUsers(users: list)
    }

    /// The file's text: users by name, every value quoted.
    public var yaml: String {
        var lines = ["# formgen collect admin users: bcrypt password hashes and SHA-256 token hashes (formgen users add NAME --users FILE)", "users:"]
        for name in users.keys.sorted() {
            guard let user = users[name] else { continue }
            lines.append("  \(Self.quoted(name)):")
            lines.append("    password: \(Self.quoted(user.passwordHash))")
            lines.append("    forms: [\(user.forms.map(Self.quoted).joined(separator: ", "))]")
            lines.append("    tokens: [\(user.tokenHashes.map(Self.quoted).joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Writes the file readable by its owner only.
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data(yaml.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    /// The user whose password this is, or nil (a bcrypt check is made even for an unknown name, so timing does not
    /// tell which names exist).
    public func authenticate(name: String, password: String) -> User? {
        guard let user = users[name] else {
            _ = Bcrypt.verify(password, hash: Self.decoyHash)
            return nil
        }
        return Bcrypt.verify(password, hash: user.passwordHash) ? user : nil
    }

    /// A bcrypt hash of `password` at `cost` (work factor 2^cost).
    public static func passwordHash(_ password: String, cost: Int = 12) -> String {
        Bcrypt.hash(password, cost: UInt8(cost))
    }

    /// The user a bearer token belongs to, or nil.
    public func user(token: String) -> User? {
        let hash = Self.tokenHash(token)
        return users.keys.sorted().compactMap { users[$0] }.first { $0.tokenHashes.contains(hash) }
    }

    /// `sha256:<hex>` of a token.
    public static func tokenHash(_ token: String) -> String {
        "sha256:" + SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A new random token (32 bytes, base64url).
    public static func newToken() -> String { AdminRandom.token(bytes: 32) }

    /// A bcrypt hash of a random password, checked when a name is unknown.
    static let decoyHash = Bcrypt.hash(AdminRandom.token(bytes: 16), cost: 10)
}
