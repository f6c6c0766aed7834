@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Testing

/// `formgen collect` with multipart bodies: the same shared decoder as the preview's sink, files kept by SHA-256 in
/// the uploads folder (by default beside the SQLite file), their metadata stored with the submission.
@Suite struct CollectUploadTests {
    static let form = """
    id: claim
    title: Claim
    fields:
      - {id: name, label: Name, required: true}
      - {id: scan, label: Scan, type: file, required: true, accept: [image/png, application/pdf]}

    """
    static let boundary = "formgenCollectBoundary"

    static func body(file: Data, filename: String) -> Data {
        var data = Data()
        func line(_ text: String) { data.append(Data((text + "\r\n").utf8)) }
        line("--\(boundary)")
        line(#"Content-Disposition: form-data; name="name""#)
        line("")
        line("Ann")
        line("--\(boundary)")
        line(#"Content-Disposition: form-data; name="scan"; filename="\#(filename)""#)
        line("Content-Type: application/pdf")
        line("")
        data.append(file)
        line("")
        line("--\(boundary)--")
        return data
    }

    @Test func aPDFIsKeptAndItsMetadataStoredAndARenamedFileRefused() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/forms/claim.yaml", Self.form)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let store = try SQLiteSubmissionStore(path: site.database)
        let uploads = site.options.uploads
        #expect(uploads == site.root.appendingPathComponent("data/uploads").path)
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, uploadsDirectory: uploads)
        let pdf = Data("%PDF-1.7\n%fake but well-formed enough\n".utf8)
        let encoding = SubmissionBody.Encoding.multipart(boundary: Self.boundary)
        let refused = await service.submit(formPath: "claim", body: Self.body(file: Data("plain text".utf8), filename: "scan.pdf"),
                                           encoding: encoding, idempotencyKey: nil)
        #expect(refused.status == 422 && refused.body == ["errors": ["scan": "The selected file must be a PNG or PDF"]])
        #expect(!FileManager.default.fileExists(atPath: uploads))
        let accepted = await service.submit(formPath: "claim", body: Self.body(file: pdf, filename: "scan.pdf"), encoding: encoding, idempotencyKey: nil)
        #expect(accepted.status == 200)
        let digest = SHA256.hex(bytes: [UInt8](pdf))
        #expect(FileManager.default.contents(atPath: uploads + "/" + digest) == pdf)
        let rows = try await store.submissions(form: "claim", since: nil)
        #expect(rows.map(\.data) == [#"{"name":"Ann","scan":{"name":"scan.pdf","sha256":"\#(digest)","size":\#(pdf.count),"type":"application/pdf"}}"#])
    }
}
