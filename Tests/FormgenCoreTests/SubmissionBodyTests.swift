import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Bodies posted without JavaScript (urlencoded, multipart) and JSON bodies read into the values the validator checks,
/// the same way as the page reads its fields.
@Suite struct SubmissionBodyTests {
    static let form = """
        title: T
        fields:
          - {id: age, type: number, label: Age}
          - {id: pets, type: checkbox, label: Pets, options: [cat, dog, fish]}
          - {id: photo, type: file, label: Photo, accept: [image/png]}
        """

    static func spec() throws -> FormSpec {
        let (site, diagnostics) = try TestSite.form("f.yaml", form).load()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return FormSpec(try #require(site.allForms.first))
    }

    /// Swift's `Double(_:)` reads `0x10` as 16, `+5` as 5 and `1.` as 1; the page refuses them, and so does the server.
    @Test(arguments: [("0x10", JSONValue.string("0x10")), ("+5", .string("+5")), ("1.", .string("1.")), ("1e400", .string("1e400")),
                      (" 42 ", .number(42)), ("-1.5e2", .number(-150)), (".5", .number(0.5))])
    func aNumberPostedWithoutJavaScriptIsReadAsThePageReadsIt(_ text: String, _ expected: JSONValue) throws {
        let values = SubmissionBody.values(fields: [("age", text)], spec: try Self.spec())
        #expect(values["age"] == expected)
    }

    /// A checkbox group's name repeated many times is gathered in one pass (it was copied once per value), in order.
    @Test func aCheckboxGroupRepeatedManyTimesKeepsEveryValueInOrder() throws {
        let names = (0..<50_000).map { ["cat", "dog", "fish"][$0 % 3] }
        let body = names.map { "pets=\($0)" }.joined(separator: "&")
        let values = try SubmissionBody.values(Data(body.utf8), encoding: .urlEncoded, spec: try Self.spec())
        #expect(values["pets"] == .array(names.map(JSONValue.string)))
    }

    /// Files come only as multipart parts: metadata written into JSON is refused, and a file field's name in a
    /// urlencoded body is no value.
    @Test func fileMetadataSentAsJSONIsRefusedAndAsTextIgnored() throws {
        let spec = try Self.spec()
        let json = #"{"age": 3, "photo": {"name": "../../etc/passwd", "size": -1, "type": "image/png", "sha256": "x"}}"#
        #expect(throws: SubmissionError.self) { try SubmissionBody.values(Data(json.utf8), encoding: .json, spec: spec) }
        #expect(SubmissionError.fileOutsideItsPart("photo").description == "'photo' is a file field: files are sent as multipart/form-data parts, never as values in JSON")
        let empty = try SubmissionBody.values(Data(#"{"age": 3, "photo": null}"#.utf8), encoding: .json, spec: spec)
        #expect(empty["age"] == .number(3))
        let posted = SubmissionBody.values(fields: [("photo", #"{"name":"../../etc/passwd"}"#)], spec: spec)
        #expect(posted["photo"] == nil)
    }

    /// Header parameters are cut at a `;` outside quotes only, on scalars; quotes and their escapes are removed.
    @Test(arguments: [
        (#"form-data; name="photo"; filename="a;b \"x\".png""#, "filename", #"a;b "x".png"#),
        (#"form-data; name="photo"; filename="a;b \"x\".png""#, "name", "photo"),
        ("form-data; NAME=pets; filename=", "name", "pets"),
        ("multipart/form-data; boundary=----x;\u{301} charset=utf-8", "boundary", "----x"),
        ("form-data; name=\"q\u{301}\"", "name", "q\u{301}"),
    ])
    func headerParametersAreReadOutsideQuotes(_ header: String, _ key: String, _ expected: String) {
        #expect(SubmissionBody.parameter(key, in: header) == expected)
    }
}
