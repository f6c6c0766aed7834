import Foundation
import FormgenTestSupport
import Testing
@testable import FormgenCore

/// Which files a one-form rebuild writes again: exactly those that show what changed (issue #36), and after each
/// edit the output is what a `--force` build writes.
@Suite struct RebuildScopeTests {
    typealias Builds = SavedReadingsTests

    /// The files a rebuild after `edit` to `file` writes, checked against a clean build of the same configs.
    static func written(after file: String, in site: TestSite, _ edit: (String) -> String) throws -> [String] {
        try Builds.edit(site, file, edit)
        let rebuilt = try Builds.build(site)
        _ = try Builds.build(site, out: "clean", force: true)
        #expect(Builds.snapshot(site) == Builds.snapshot(site, "clean"), "a rebuild after editing \(file) writes what a clean build does")
        return rebuilt.written
    }

    /// Files added and removed between builds (a form, an asset): the config folder is walked once per build,
    /// for the fingerprint and the loading alike, and the rebuild still writes what a clean build does.
    @Test func addedAndRemovedFilesAreSeenByARebuild() throws {
        let site = try Builds.site(warnings: false)
        defer { site.remove() }
        _ = try Builds.build(site)
        try site.write("configs/forms/d.yaml", try site.read("configs/forms/b.yaml").replacingOccurrences(of: "title: Form B", with: "title: Form D"))
        try site.write("configs/assets/note.txt", "a note")
        _ = try Self.written(after: "configs/site.yaml", in: site) { $0 }
        #expect(FileManager.default.fileExists(atPath: site.root.path + "/public/d/index.html"))
        #expect(try site.read("public/assets/note.txt") == "a note")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("configs/forms/d.yaml"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("configs/assets/note.txt"))
        _ = try Self.written(after: "configs/site.yaml", in: site) { $0 }
        #expect(!FileManager.default.fileExists(atPath: site.root.path + "/public/d/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.root.path + "/public/assets/note.txt"))
    }

    @Test func eachEditRendersOnlyWhatShowsIt() throws {
        let site = try Builds.site(warnings: false)
        defer { site.remove() }
        _ = try Builds.build(site)
        let formB = ["b/index.html", "b/reference/index.html", "b/schema.json"]

        // A field: the form's own files.
        #expect(try Self.written(after: "configs/forms/b.yaml", in: site) {
            $0.replacingOccurrences(of: "label: Email", with: "label: Email address")
        } == formB)
        // The title: the form's files and the listings that show it (the home page and the docs' index).
        #expect(try Self.written(after: "configs/forms/b.yaml", in: site) {
            $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee")
        } == (formB + ["docs/index.html", "index.html"]).sorted())
        // The description: the form's page and the home page, which shows its summary (the reference, the schema and
        // the docs' index show none: rendered again under the form's new key, their bytes are the same).
        let described = try Self.written(after: "configs/forms/b.yaml", in: site) {
            $0.replacingOccurrences(of: "The *second* form.", with: "The second form, edited.")
        }
        #expect(described == ["b/index.html", "index.html"], "\(described)")
        #expect(try site.read("public/index.html").contains("The second form, edited."))
        // A country: its own files and the flow's reference, which lists its fields; not the flow's page (which shows
        // only the countries' names) nor any other form's.
        let country = try Self.written(after: "configs/countries/nl.yaml", in: site) {
            $0.replacingOccurrences(of: "First name", with: "Given name")
        }
        #expect(country == ["kyc/nl/index.html", "kyc/nl/reference/index.html", "kyc/nl/schema.json", "kyc/reference/index.html"])
    }
}
