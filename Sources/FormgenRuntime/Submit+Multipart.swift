import Foundation
import MultipartKit

extension SubmissionBody {
    /// A submission read from its body: the values the validator reads, and the files sent with it.
    public struct Parsed: Sendable {
        public var values: [String: JSONValue]
        public var uploads: [Upload]
    }

    /// One file of a multipart submission, as the server sees it.
    public struct Upload: Sendable, Equatable {
        /// The file field it was sent for.
        public var field: String
        /// The file's name as the browser gave it (its path left out).
        public var name: String
        /// The type told by the file's bytes (`image/png`), never the one the browser claimed.
        public var type: String
        public var sha256: String
        public var data: Data

        /// `{name, size, type, sha256}`, the value the validator checks and the stored submission keeps.
        public var metadata: JSONValue {
            .object(["name": .string(name), "size": .number(Double(data.count)), "type": .string(type), "sha256": .string(sha256)])
        }

        /// Writes each file to `folder/<sha256>` before the submission that names it is stored (a file already there is
        /// the same bytes and is left as it is). The preview's sink and `formgen collect` keep files this way.
        public static func keep(_ uploads: [Upload], in folder: String) throws {
            guard !uploads.isEmpty else { return }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for upload in uploads {
                let path = (folder as NSString).appendingPathComponent(upload.sha256)
                if FileManager.default.fileExists(atPath: path) { continue }
                try upload.data.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        }
    }

    /// One part of a multipart body: its name, its file name when it is a file, its bytes.
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var data: Data
    }

    /// The text parts read as a urlencoded form's pairs; the parts of file fields with a file become uploads, and the
    /// field's value their metadata (one object, or a list for `multiple`). Throws `SubmissionError.notAnObject` for a
    /// body that is not multipart with this boundary.
    package static func multipart(_ body: Data, boundary: String, spec: FormSpec) throws -> Parsed {
        let parts = try Self.parts(body, boundary: boundary)
        let files = Dictionary(spec.fields.filter { $0.kind == .file }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs: [(String, String)] = []
        var uploads: [Upload] = []
        for part in parts {
            if let filename = part.filename {
                guard files[part.name] != nil, !(filename.isEmpty && part.data.isEmpty) else { continue }
                let name = String(filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
                uploads.append(Upload(field: part.name, name: name, type: FileSniffer.mimeType(of: part.data),
                                      sha256: SHA256.hex(bytes: [UInt8](part.data)), data: part.data))
            } else if files[part.name] == nil {
                pairs.append((part.name, String(decoding: part.data, as: UTF8.self)))
            }
        }
        var values = Self.values(fields: pairs, spec: spec)
        for (id, field) in files {
            let sent = uploads.filter { $0.field == id }.map(\.metadata)
            guard !sent.isEmpty else { continue }
            values[id] = field.upload?.multiple == true ? .array(sent) : sent.count == 1 ? sent[0] : .array(sent)
        }
        return Parsed(values: values, uploads: uploads)
    }

    /// The parts of a multipart body, by MultipartKit's parser; throws `SubmissionError.notAnObject` when it is not one.
    public static func parts(_ body: Data, boundary: String) throws -> [Part] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [Part] = []
        var headers: [(String, String)] = []
        var data = Data()
        parser.onHeader = { name, value in headers.append((name.lowercased(), value)) }
        parser.onBody = { buffer in
            if let bytes = buffer.readBytes(length: buffer.readableBytes) { data.append(contentsOf: bytes) }
        }
        parser.onPartComplete = {
            let disposition = headers.first { $0.0 == "content-disposition" }?.1 ?? ""
            if let name = Self.parameter("name", in: disposition) {
                parts.append(Part(name: name, filename: Self.parameter("filename", in: disposition), data: data))
            }
            headers = []
            data = Data()
        }
        do {
            try parser.execute([UInt8](body))
        } catch {
            throw SubmissionError.notAnObject
        }
        guard !parts.isEmpty else { throw SubmissionError.notAnObject }
        return parts
    }

    /// A header parameter's value (`name` in `form-data; name="photo"; filename="a.png"`), quotes removed.
    package static func parameter(_ key: String, in header: String) -> String? {
        for piece in parameterPieces(header).dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = String(String.UnicodeScalarView(piece[..<equals])).trimmingCharacters(in: .whitespaces).lowercased()
            guard name == key else { continue }
            let value = Array(String(String.UnicodeScalarView(piece[(equals + 1)...])).trimmingCharacters(in: .whitespaces).unicodeScalars)
            guard value.count >= 2, value.first == "\"", value.last == "\"" else { return String(String.UnicodeScalarView(value)) }
            var unquoted = String.UnicodeScalarView()
            let inner = Array(value.dropFirst().dropLast())
            for (index, scalar) in inner.enumerated() where !(scalar == "\\" && index + 1 < inner.count && inner[index + 1] == "\"") {
                unquoted.append(scalar)
            }
            return String(unquoted)
        }
        return nil
    }

    /// A header value cut at each `;` outside a quoted string, as scalars (a `;` inside `filename="a;b.png"` is text).
    /// Inside quotes `\"` is a quote; any other backslash is itself (browsers send `C:\photos\rex.png` as it is).
    private static func parameterPieces(_ header: String) -> [[Unicode.Scalar]] {
        var pieces: [[Unicode.Scalar]] = [[]]
        var quoted = false
        let scalars = Array(header.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let escapedQuote = scalar == "\"" && index > 0 && scalars[index - 1] == "\\"
            if scalar == "\"" && !(quoted && escapedQuote) {
                quoted.toggle()
            } else if scalar == ";" && !quoted {
                pieces.append([])
                continue
            }
            pieces[pieces.count - 1].append(scalar)
        }
        return pieces
    }
}

/// What a sent file is, told by its bytes: the image kinds formgen knows and PDF, else `application/octet-stream`.
public enum FileSniffer {
    public static func mimeType(of data: Data) -> String {
        if data.starts(with: Array("%PDF-".utf8)) { return "application/pdf" }
        switch ImageKind(sniffing: data) {
        case .png?: return "image/png"
        case .jpg?: return "image/jpeg"
        case .gif?: return "image/gif"
        case .webp?: return "image/webp"
        case .svg?, nil: return "application/octet-stream"
        }
    }
}
