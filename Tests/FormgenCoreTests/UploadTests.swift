import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// File fields: config and lints, the spec, the validator's file metadata, the page and the schema.
@Suite struct UploadTests {
    static let form = """
    title: Claim
    fields:
      - {id: name, label: Name}
      - id: damage
        label: Photos of the damage
        type: file
        accept: [image/*, .pdf]
        maxSize: 5MB
        multiple: true
        maxFiles: 3

    """

    static func load(_ text: String) throws -> (Form?, [String]) {
        let site = try TestSite(["configs/forms/f.yaml": text])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        return (loaded.forms.first, diagnostics)
    }

    @Test func readsTheLimitsIntoTheModelAndTheSpec() throws {
        let (loaded, diagnostics) = try Self.load(Self.form)
        #expect(diagnostics.isEmpty)
        let field = try #require(loaded?.allFields.last)
        #expect(field.kind == .file && field.sensitive)
        #expect(field.upload?.accept == ["image/*", ".pdf"] && field.upload?.maxSize == 5_000_000 && field.upload?.multiple == true && field.upload?.maxFiles == 3)
        let spec = FormSpec(try #require(loaded))
        let damage = spec.fields[1]
        #expect(damage.upload == FormSpec.UploadSpec(accept: ["image/*", ".pdf"], maxSize: 5_000_000, multiple: true, maxFiles: 3))
        // Optional, and no rule requires it: no `required` message (PageWeightTests).
        #expect(!damage.required && damage.messages == ["fileType": "The selected file must be an image or PDF",
                                                        "fileSize": "The selected file must be smaller than 5 MB", "fileCount": "Select 3 files or fewer"])
        #expect(RuntimeScript.modules(for: spec).contains("files"))
    }

    /// multipart.js (the answers and files as multipart/form-data) only where a form with files has an action to send to.
    @Test func aFormWithFilesJoinsMultipartOnlyWhenItSends() throws {
        let (loaded, _) = try Self.load(Self.form)
        var spec = FormSpec(try #require(loaded))
        spec.submit.action = nil
        #expect(RuntimeScript.modules(for: spec).contains("files") && !RuntimeScript.modules(for: spec).contains("multipart"))
        let local = try #require(RenderTests.theme.runtime.script(for: spec))
        #expect(!local.text.contains("new FormData"))
        spec.submit.action = "https://example.org/claims"
        #expect(RuntimeScript.modules(for: spec).isSuperset(of: ["files", "send", "multipart"]))
        let sending = try #require(RenderTests.theme.runtime.script(for: spec))
        #expect(sending.text.contains("new FormData"))
    }

    @Test(arguments: [
        ("maxSize unparseable", "title: T\nfields:\n  - {id: f, label: F, type: file, maxSize: lots}\n",
         ["configs/forms/f.yaml:3:44: error: 'maxSize' must be a size such as 5MB, 200KB or 1000 (bytes), found 'lots'"]),
        ("accept empty", "title: T\nfields:\n  - {id: f, label: F, type: file, accept: []}\n",
         ["configs/forms/f.yaml:3:43: error: 'accept' is empty: list MIME types (image/png, image/*) or extensions (.pdf), or leave it out for any file"]),
        ("accept entry", "title: T\nfields:\n  - {id: f, label: F, type: file, accept: [png]}\n",
         ["configs/forms/f.yaml:3:43: error: 'accept' entry 'png' is neither a MIME type (image/png, image/*) nor an extension (.pdf)"]),
        ("maxFiles zero", "title: T\nfields:\n  - {id: f, label: F, type: file, multiple: true, maxFiles: 0}\n",
         ["configs/forms/f.yaml:3:61: error: 'maxFiles' must be 1 or more, found 0"]),
        ("in a repeat", "title: T\nsections:\n  - id: items\n    repeat: true\n    fields: [{id: f, label: F, type: file}]\n",
         ["configs/forms/f.yaml:5:38: error: file field 'f' is in repeating section 'items'; a file field must be outside repeating sections"]),
    ])
    func lints(_ name: String, _ text: String, _ expected: [String]) throws {
        let (_, diagnostics) = try Self.load(text)
        #expect(diagnostics.filter { $0.contains("error:") } == expected, "\(name)")
    }

    @Test func sizesAndTypes() {
        #expect(UploadRules.bytes("5MB") == 5_000_000 && UploadRules.bytes("1.5 mb") == 1_500_000 && UploadRules.bytes("2MiB") == 2_097_152)
        #expect(UploadRules.bytes("200KB") == 200_000 && UploadRules.bytes("1000") == 1000 && UploadRules.bytes("5 parsecs") == nil)
        #expect(UploadRules.allows([".png"], name: "fake.png", type: "text/plain") == false)
        #expect(UploadRules.allows([".txt"], name: "a.TXT", type: "") && UploadRules.allows(["image/*"], name: "x", type: "image/webp"))
        #expect(FileSniffer.mimeType(of: Data("%PDF-1.7".utf8)) == "application/pdf")
        #expect(FileSniffer.mimeType(of: Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == "application/octet-stream")
    }

    @Test func validatesMetadataAndRendersTheInput() throws {
        let form = try #require(try Self.load(Self.form).0)
        let validator = FormValidator(spec: FormSpec(form))
        let photo: JSONValue = ["name": "a.jpg", "size": 100, "type": "image/jpeg"]
        #expect(validator.validate(["damage": [photo]]).isValid)
        #expect(validator.validate(["damage": [photo, photo, photo, photo]]).messages == ["damage": "Select 3 files or fewer"])
        #expect(validator.validate(["damage": [["name": "a.doc", "size": 1, "type": "application/msword"]]]).messages
            == ["damage": "The selected file must be an image or PDF"])
        #expect(validator.validate(["damage": [["name": "a.png", "size": 5_000_001, "type": "image/png"]]]).messages
            == ["damage": "The selected file must be smaller than 5 MB"])
        let html = PageRenderer(theme: Theme.load(overrides: nil, log: DiagnosticLog()), settings: SiteSettings()).renderForm(form)
        #expect(html.contains(#"enctype="multipart/form-data""#))
        #expect(html.contains(#"<input class="fg-input fg-file" id="f-damage" name="damage" type="file" accept="image/*,.pdf" multiple>"#))
        let schema = SubmissionSchema(form: form).document()
        #expect(schema["properties"]?["damage"]?["type"] == "array" && schema["properties"]?["damage"]?["maxItems"] == 3)
        #expect(schema["properties"]?["damage"]?["items"]?["properties"]?["size"]?["maximum"] == 5_000_000)
        #expect(ReferenceWriter(form: form).markdown().contains("**Files:** `image/*`, `.pdf`; at most 5 MB each; up to 3 files"))
    }
}

/// File limits that no default body limit can carry are said at build time.
@Suite struct UploadLimitTests {
    @Test func filesLargerThanCollectsBodyLimitAreAWarningAtTheirSize() throws {
        let form = """
            title: T
            submit: {provider: collect, url: "https://collect.example.org"}
            fields:
              - {id: photo, type: file, label: Photo, maxSize: 5MB}
              - {id: scans, type: file, label: Scans, maxSize: 200KB, multiple: true, maxFiles: 3}
            """
        let diagnostics = try TestSite.form("f.yaml", form).load().diagnostics
        #expect(diagnostics == ["configs/forms/f.yaml:4:52: warning: this form's files may add up to 5.6 MB, more than the 1048576 bytes formgen collect and formgen serve accept by default; start them with --max-body 5665536 or a larger limit, or lower 'maxSize'"])
        let small = try TestSite.form("f.yaml", form.replacingOccurrences(of: "5MB", with: "300KB")).load().diagnostics
        #expect(small.isEmpty, "\(small)")
        let elsewhere = try TestSite.form("f.yaml", form.replacingOccurrences(of: "{provider: collect, url: \"https://collect.example.org\"}", with: "{action: \"https://api.example.org/x\"}")).load().diagnostics
        #expect(elsewhere.isEmpty, "\(elsewhere)")
    }
}
