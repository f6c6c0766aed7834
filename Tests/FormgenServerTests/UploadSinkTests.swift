import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The preview's sink with real multipart bodies: a PNG is kept under `.formgen/uploads/<sha256>` and recorded; a text
/// file named `.png` and a file over `maxSize` are refused with the field's message; a form posted without JavaScript
/// gets a page back.
@Suite struct UploadSinkTests {
    static let form = """
    id: upload
    title: Upload
    fields:
      - {id: name, label: Name, required: true}
      - {id: photo, label: Photo, type: file, required: true, accept: [image/png, .jpg], maxSize: 1KB}

    """
    static let boundary = "----formgenTestBoundary7MA4YWxk"
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

    static func body(name: String, file: Data, filename: String, type: String) -> ByteBuffer {
        var data = Data()
        func line(_ text: String) { data.append(Data((text + "\r\n").utf8)) }
        line("--\(boundary)")
        line(#"Content-Disposition: form-data; name="name""#)
        line("")
        line(name)
        line("--\(boundary)")
        line(#"Content-Disposition: form-data; name="photo"; filename="\#(filename)""#)
        line("Content-Type: \(type)")
        line("")
        data.append(file)
        line("")
        line("--\(boundary)--")
        return ByteBuffer(data: data)
    }

    static func site() throws -> TestSite {
        let site = try TestSite.make(build: false)
        try site.write("configs/forms/upload.yaml", form)
        _ = try SiteBuilder(options: site.buildOptions).build()
        return site
    }

    static let multipart: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .accept: "application/json"]

    @Test func aPNGIsKeptByItsDigestAndRecorded() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/upload", method: .post, headers: Self.multipart,
                                     body: Self.body(name: "Ann", file: Self.png, filename: "C:\\photos\\rex.png", type: "image/png")) { response in
                #expect(response.status == .ok)
            }
        }
        let digest = SHA256.hex(bytes: [UInt8](Self.png))
        let kept = try Data(contentsOf: site.root.appendingPathComponent(".formgen/uploads/\(digest)"))
        #expect(kept == Self.png)
        let line = try site.read(".formgen/submissions.jsonl")
        #expect(line.contains(#""photo":{"name":"rex.png","sha256":"\#(digest)","size":16,"type":"image/png"}"#))
        #expect(line.contains(#""name":"Ann""#))
    }

    @Test func aTextFileNamedPNGAndAnOversizedFileAreRefusedWithTheFieldsMessage() async throws {
        let site = try Self.site()
        defer { site.remove() }
        let big = Self.png + Data(repeating: 0, count: 1_000)
        for (file, filename, message) in [(Data("just text, not an image".utf8), "fake.png", "The selected file must be a PNG or JPG"),
                                          (big, "big.png", "The selected file must be smaller than 1 KB")] {
            try await site.withClient { client in
                try await client.execute(uri: "/__formgen/submit/upload", method: .post, headers: Self.multipart,
                                         body: Self.body(name: "Ann", file: file, filename: filename, type: "image/png")) { response in
                    #expect(response.status == .unprocessableContent)
                    let answer = try JSONDecoder().decode([String: [String: String]].self, from: Data(buffer: response.body))
                    #expect(answer == ["errors": ["photo": message]])
                }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".formgen/uploads").path))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".formgen/submissions.jsonl").path))
    }

    @Test func aMissingFileAndABrokenBodyAreRefused() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/upload", method: .post, headers: Self.multipart,
                                     body: Self.body(name: "Ann", file: Data(), filename: "", type: "application/octet-stream")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains(#""photo":"Select photo""#))
            }
            try await client.execute(uri: "/__formgen/submit/upload", method: .post, headers: Self.multipart,
                                     body: ByteBuffer(string: "not multipart at all")) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func theSharedDecoderReadsPartsLikeAForm() throws {
        let spec = FormSpec(try #require(try TestSiteForms.form(Self.form)))
        let body = Self.body(name: "Ann", file: Self.png, filename: "rex.png", type: "image/png")
        let parsed = try SubmissionBody.parse(Data(buffer: body), encoding: .multipart(boundary: Self.boundary), spec: spec)
        #expect(parsed.values["name"] == "Ann")
        #expect(parsed.uploads.map(\.name) == ["rex.png"] && parsed.uploads.first?.type == "image/png")
        #expect(SubmissionBody.Encoding(contentType: "multipart/form-data; boundary=\"abc\"") == .multipart(boundary: "abc"))
        #expect(SubmissionBody.Encoding(contentType: "multipart/form-data") == nil)
    }

    /// An uploads folder that cannot be written gets 503 (as collect answers), and nothing is recorded.
    @Test func anUploadsFolderThatCannotBeWrittenGets503() async throws {
        let site = try Self.site()
        defer { site.remove() }
        // A plain file where the uploads folder should be: creating the folder fails, whoever runs the test.
        try site.write(".formgen/uploads", "not a folder")
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/upload", method: .post, headers: Self.multipart,
                                     body: Self.body(name: "Ann", file: Self.png, filename: "rex.png", type: "image/png")) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.text == #"{"error":"the submission's files were not stored; try again"}"# + "\n")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: site.submissions.path))
    }
}

/// A form read from YAML text alone.
enum TestSiteForms {
    static func form(_ text: String) throws -> Form? {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/forms/only.yaml", text)
        return SiteLoader(configDirectory: site.configs.path).load(log: DiagnosticLog()).forms.first { $0.id == "upload" }
    }
}
