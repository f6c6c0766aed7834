import Crypto
import Foundation

/// One AES-256 key for sensitive fields, and its id (stored with every row it sealed, so keys can rotate).
public struct SubmissionKey: Sendable {
    /// 16 hex digits of SHA-256 over a label and the key: names the key without revealing it.
    public let id: String
    let bytes: Data

    /// The key as swift-crypto takes it.
    var key: SymmetricKey { SymmetricKey(data: bytes) }

    /// A key from its base64 text (32 bytes once decoded); nil otherwise.
    public init?(base64 text: String) {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32 else { return nil }
        self.bytes = bytes
        let digest = SHA256.hash(data: Data("formgen key id\n".utf8) + bytes)
        id = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
