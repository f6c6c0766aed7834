import Crypto
import FormgenCore
import Foundation

/// Seals the files of sensitive file fields with AES-256-GCM before they reach the uploads folder, and opens them for
/// the admin view's download.
///
/// A sealed file is kept as `<sha256>.sealed` (the SHA-256 of its clear bytes, as the row's metadata names it; a clear
/// file is `<sha256>`): the line `formgen-sealed 1 <key id>`, then the AES-GCM box (nonce, ciphertext, tag) of the
/// bytes, with the digest as associated data, so a sealed file renamed to another digest does not open. It is sealed in
/// memory and written atomically, so no clear copy ever touches the disk, not even as a temporary file.
public struct UploadSealer: Sendable {
    /// The file name suffix of a sealed upload.
    public static let suffix = ".sealed"
    static let magic = "formgen-sealed 1 "

    public let keyring: SubmissionKeyring

    public init(keyring: SubmissionKeyring) {
        self.keyring = keyring
    }

    /// Where the sealed file of `digest` is kept in `folder`.
    public static func path(_ digest: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(digest + suffix)
    }

    /// `clear` sealed with the current key, as the file holds it.
    public func seal(_ clear: Data, digest: String) throws -> Data {
        let key = keyring.current
        let box = try AES.GCM.seal(clear, using: key.key, authenticating: Self.associatedData(digest))
        guard let combined = box.combined else { throw CollectError.badKey("AES-GCM gave no combined box") }
        return Data((Self.magic + key.id + "\n").utf8) + combined
    }

    static func associatedData(_ digest: String) -> Data { Data("formgen upload\n\(digest)".utf8) }

    /// The id of the key a sealed file's bytes were sealed with; nil when they are not a sealed file's.
    public static func keyID(of sealed: Data) -> String? {
        guard let newline = sealed.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: sealed[sealed.startIndex..<newline], as: UTF8.self)
        guard header.hasPrefix(magic) else { return nil }
        let id = String(header.dropFirst(magic.count))
        return id.isEmpty ? nil : id
    }

    /// The clear bytes of a sealed file of `digest`, checked against the digest. Throws `CollectError` when the key is
    /// not in the keyring, or the file is damaged, altered or another digest's.
    public func open(_ sealed: Data, digest: String) throws -> Data {
        guard let id = Self.keyID(of: sealed), let newline = sealed.firstIndex(of: 0x0A) else {
            throw CollectError.badKey("the upload \(digest) is not a sealed file")
        }
        guard let key = keyring.keys[id] else { throw CollectError.badKey("the upload \(digest) is sealed with the key \(id), which was not given") }
        let clear: Data
        do {
            let box = try AES.GCM.SealedBox(combined: sealed[sealed.index(after: newline)...])
            clear = try AES.GCM.open(box, using: key.key, authenticating: Self.associatedData(digest))
        } catch {
            throw CollectError.badKey("the upload \(digest) does not open with the key \(id) (altered or renamed)")
        }
        guard Self.digest(clear) == digest else { throw CollectError.badKey("the upload \(digest) opens to other bytes") }
        return clear
    }

    /// The SHA-256 of `bytes` in lower-case hex, as uploads are named.
    static func digest(_ bytes: Data) -> String {
        Crypto.SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Writes each upload to `folder`: those of `sealedFields` sealed as `<sha256>.sealed`, the others in the clear as
    /// `<sha256>` (a file already there is the same bytes and is left as it is).
    public func keep(_ uploads: [SubmissionBody.Upload], sealedFields: Set<String>, in folder: String) throws {
        try SubmissionBody.Upload.keep(uploads.filter { !sealedFields.contains($0.field) }, in: folder)
        let sealed = uploads.filter { sealedFields.contains($0.field) }
        guard !sealed.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for upload in sealed {
            let path = Self.path(upload.sha256, in: folder)
            if FileManager.default.fileExists(atPath: path) { continue }
            try seal(upload.data, digest: upload.sha256).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }

    /// Seals again with the current key every sealed file in `folder` sealed with another one; returns their digests,
    /// sorted. Each file is replaced atomically, so a run cut short is finished by running it again.
    public func resealAll(in folder: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var resealed: [String] = []
        for name in names.sorted() where name.hasSuffix(Self.suffix) {
            let digest = String(name.dropLast(Self.suffix.count))
            let path = (folder as NSString).appendingPathComponent(name)
            guard let sealed = FileManager.default.contents(atPath: path), Self.keyID(of: sealed) != keyring.current.id else { continue }
            let clear = try open(sealed, digest: digest)
            try seal(clear, digest: digest).write(to: URL(fileURLWithPath: path), options: .atomic)
            resealed.append(digest)
        }
        return resealed
    }

    /// Seals the clear file of `digest` in `folder` when there is one and no sealed file yet (the clear file stays);
    /// returns whether it sealed one.
    public func sealClearFile(_ digest: String, in folder: String) throws -> Bool {
        let sealedPath = Self.path(digest, in: folder)
        guard !FileManager.default.fileExists(atPath: sealedPath),
              let clear = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(digest)) else { return false }
        try seal(clear, digest: digest).write(to: URL(fileURLWithPath: sealedPath), options: .atomic)
        return true
    }
}
