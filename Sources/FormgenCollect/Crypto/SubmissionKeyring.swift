import Foundation

/// The keys `collect`, `export`, `erase` and `rekey` use: the first seals new rows, every one opens the rows it sealed.
///
/// From `--key-file FILE` (one base64 key a line, the current one first; `#` comments and blank lines ignored) or the
/// `FORMGEN_KEY` environment variable (the same, keys separated by commas or white space). To rotate, put a new key
/// first and keep the old ones after it until `formgen rekey` has sealed every row again with the new one.
public struct SubmissionKeyring: Sendable {
    /// The key new rows are sealed with.
    public let current: SubmissionKey
    /// Every key by id, the current one included.
    public let keys: [String: SubmissionKey]

    public init(_ keys: [SubmissionKey]) throws {
        guard let first = keys.first else { throw CollectError.badKey("no key given") }
        current = first
        self.keys = Dictionary(keys.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The keys in `text` (`source` names it in errors).
    public init(text: String, source: String) throws {
        var keys: [SubmissionKey] = []
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
        for (index, line) in lines.enumerated() {
            for word in line.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
                guard let key = SubmissionKey(base64: String(word)) else {
                    throw CollectError.badKey("\(source):\(index + 1): a key must be 32 bytes in base64 (make one with `openssl rand -base64 32`)")
                }
                keys.append(key)
            }
        }
        guard !keys.isEmpty else { throw CollectError.badKey("\(source) holds no key") }
        try self.init(keys)
    }

    /// The keys of `--key-file` when given, else of `FORMGEN_KEY`, else nil.
    public static func load(keyFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SubmissionKeyring? {
        if let keyFile {
            guard let data = FileManager.default.contents(atPath: keyFile) else { throw CollectError.badKey("cannot read the key file \(keyFile)") }
            return try SubmissionKeyring(text: String(decoding: data, as: UTF8.self), source: keyFile)
        }
        guard let text = environment["FORMGEN_KEY"], !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return try SubmissionKeyring(text: text, source: "FORMGEN_KEY")
    }
}
