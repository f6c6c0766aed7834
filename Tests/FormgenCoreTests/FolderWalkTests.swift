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

    @Test func removingATreeRemovesItsLinksButNotWhatTheyPointAt() throws {
        let (site, outside) = try Self.tree()
        defer { site.remove(); outside.remove() }
        FileSystemWork.removeTree(site.configs)
        #expect(!FileManager.default.fileExists(atPath: site.configs.path))
        #expect(try outside.read("kept/secret.txt") == "outside")
    }
}
