import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// The one folder walk that reading configs, fingerprinting a build and removing output share.
@Suite struct FolderWalkTests {
    /// A folder with nested files, a hidden file, a link to a file and a link to a folder outside it.
    static func tree() throws -> (site: TestSite, outside: TestSite) {
        let outside = try TestSite(["kept/secret.txt": "outside"])
        let site = try TestSite(["configs/forms/b.yaml": "b", "configs/forms/a.yaml": "a", "configs/forms/deep/c.yaml": "c",
                                 "configs/.hidden.yaml": "h", "configs/site.yaml": "s"])
        try FileManager.default.createSymbolicLink(atPath: site.configs.path + "/forms/link.yaml", withDestinationPath: "/etc/hostname")
        try FileManager.default.createSymbolicLink(atPath: site.configs.path + "/outside", withDestinationPath: outside.root.path + "/kept")
        return (site, outside)
    }

    @Test func entriesAreSortedLinksAreListedAndNeverFollowed() throws {
        let (site, outside) = try Self.tree()
        defer { site.remove(); outside.remove() }
        let entries = FolderWalk.entries(under: site.configs.path)
        #expect(entries.map(\.path) == [".hidden.yaml", "forms", "forms/a.yaml", "forms/b.yaml", "forms/deep", "forms/deep/c.yaml",
                                        "forms/link.yaml", "outside", "site.yaml"])
        #expect(entries.filter { $0.kind == .link }.map(\.path) == ["forms/link.yaml", "outside"])
        #expect(entries.filter { $0.kind == .folder }.map(\.path) == ["forms", "forms/deep"])
        #expect(FolderWalk.entries(under: site.root.path + "/missing").isEmpty)
    }

    @Test func configsAreReadWithoutLinksAndHiddenFilesWhenAsked() throws {
        let (site, outside) = try Self.tree()
        defer { site.remove(); outside.remove() }
        let source = SiteSource.folder(site.configs.path)
        #expect(source.files(in: "forms", extensions: ["yaml"]) == ["a.yaml", "b.yaml", "deep/c.yaml"].map { source.path("forms/" + $0) })
        #expect(source.files(in: "", extensions: ["yaml"], skipHidden: true).map { String($0.dropFirst(site.configs.path.count + 1)) }
            == ["forms/a.yaml", "forms/b.yaml", "forms/deep/c.yaml", "site.yaml"])
        #expect(source.symbolicLinks() == [source.path("forms/link.yaml"), source.path("outside")])
    }

    @Test func aListedFolderListsWhatItsOneWalkFound() throws {
        let (site, outside) = try Self.tree()
        defer { site.remove(); outside.remove() }
        try site.write("configs/assets/logo.svg", "<svg/>")
        try site.write("configs/assets/icons/a.svg", "<svg/>")
        try FileManager.default.createSymbolicLink(atPath: site.configs.path + "/assets/link.svg", withDestinationPath: "/etc/hostname")
        let walked = SiteSource.folder(site.configs.path)
        let listed = SiteSource.folder(site.configs.path, listing: FolderWalk.entries(under: site.configs.path))
        for folder in ["forms", "forms/deep", "", "missing"] {
            #expect(listed.files(in: folder, extensions: ["yaml"]) == walked.files(in: folder, extensions: ["yaml"]), "\(folder)")
            #expect(listed.files(in: folder, extensions: ["yaml"], skipHidden: true) == walked.files(in: folder, extensions: ["yaml"], skipHidden: true))
        }
        #expect(listed.symbolicLinks() == walked.symbolicLinks())
        #expect(listed.regularFiles(under: "assets") == ["icons/a.svg", "logo.svg"])
        #expect(walked.regularFiles(under: "assets") == ["icons/a.svg", "logo.svg"])
        // The listing is the walk's: a file written after it is listed only by a source that walks again.
        try site.write("configs/forms/later.yaml", "later")
        #expect(!listed.files(in: "forms", extensions: ["yaml"]).contains(listed.path("forms/later.yaml")))
        #expect(walked.files(in: "forms", extensions: ["yaml"]).contains(walked.path("forms/later.yaml")))
    }

    @Test func removingATreeRemovesItsLinksButNotWhatTheyPointAt() throws {
        let (site, outside) = try Self.tree()
        defer { site.remove(); outside.remove() }
        FileSystemWork.removeTree(site.configs)
        #expect(!FileManager.default.fileExists(atPath: site.configs.path))
        #expect(try outside.read("kept/secret.txt") == "outside")
    }
}
