import Crypto
import Foundation

/// Random tokens for sessions, CSRF and bearer tokens.
enum AdminRandom {
    /// `bytes` random bytes in base64url without padding.
    static func token(bytes: Int) -> String {
        let key = SymmetricKey(size: SymmetricKeySize(bitCount: bytes * 8))
        let data = key.withUnsafeBytes { Data($0) }
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
