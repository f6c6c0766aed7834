import FormgenCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /admin/file?form=F&id=N&sha256=D`: one file of a submission, as it was sent (a sealed upload opened with the
/// keyring), for a viewer who may see the form; always a download, never shown in the admin's own origin.
extension AdminRouter {
    /// The types a download is labelled with (those `FileSniffer` tells); any other is sent as `application/octet-stream`.
    static let downloadTypes: Set<String> = ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"]

    func file(_ request: Request, _ viewer: Viewer, address: String) async throws -> Response {
        let query = AdminRequest.query(request)
        guard let spec = spec(query["form"], viewer), let id = query["id"].flatMap({ Int64($0) }), let digest = query["sha256"],
              let record = try await service.store.submission(id: id), record.form == spec.path
        else { return Self.text(.notFound, "no such submission, or not one you may see") }
        guard let data = opened(record) else { return Self.text(.internalServerError, Self.unopened) }
        let files = spec.fields.filter { $0.kind == .file }.flatMap { SubmissionExporter.fileMetadata(data[$0.id]) }
        guard let metadata = files.first(where: { $0["sha256"] == .string(digest) }) else {
            return Self.text(.notFound, "submission \(id) has no file \(digest)")
        }
        let bytes: Data
        if let sealed = FileManager.default.contents(atPath: UploadSealer.path(digest, in: service.uploadsDirectory)) {
            guard let keyring = service.keyring else { return Self.text(.internalServerError, "the file is encrypted and collect was not given the key") }
            do {
                bytes = try UploadSealer(keyring: keyring).open(sealed, digest: digest)
            } catch let error as CollectError {
                return Self.text(.internalServerError, error.description)
            }
        } else if let clear = FileManager.default.contents(atPath: (service.uploadsDirectory as NSString).appendingPathComponent(digest)) {
            bytes = clear
        } else {
            return Self.text(.notFound, "the file \(digest) of submission \(id) is no longer kept")
        }
        audit.record(user: viewer.user.name, action: "download-file", form: spec.path, id: id, address: address, at: now())
        let type = SubmissionExporter.text(metadata["type"])
        return Response(status: .ok, headers: [
            .contentType: Self.downloadTypes.contains(type) ? type : "application/octet-stream",
            .contentDisposition: Self.attachment(SubmissionExporter.text(metadata["name"]), fallback: digest),
            .cacheControl: "no-store", .contentSecurityPolicy: "default-src 'none'; sandbox",
            .init("X-Content-Type-Options")!: "nosniff",
        ], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `attachment` with the file's name: an ASCII `filename` (other characters as `_`) and the name in full as
    /// `filename*` (RFC 6266, UTF-8 percent-encoded).
    static func attachment(_ name: String, fallback: String) -> String {
        let name = name.isEmpty ? fallback : name
        let ascii = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "\\" ? Character(scalar) : "_"
        })
        let encoded = name.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }

    /// The links to a file field's files on a submission's page: each file's name, size and download address.
    static func fileLinks(_ value: JSONValue?, form: String, id: Int64) -> [[String: TemplateValue]] {
        SubmissionExporter.fileMetadata(value).compactMap { metadata in
            guard case .string(let digest)? = metadata["sha256"] else { return nil }
            return ["name": .text(SubmissionExporter.text(metadata["name"])), "size": .text(SubmissionExporter.text(metadata["size"])),
                    "href": .text("/admin/file?form=\(encoded(form))&id=\(id)&sha256=\(encoded(digest))")]
        }
    }
}
