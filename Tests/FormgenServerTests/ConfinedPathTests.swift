import FormgenServer
import Foundation
import Testing

/// The preview serves one folder only: a `..` is a parent folder whatever follows the slash after it (a combining
/// mark joins that slash into one `Character`, which a Character-wise split would not cut at).
@Suite struct ConfinedPathTests {
    @Test(arguments: ["\u{301}", "\u{308}", "\u{20DD}", "\u{200D}"])
    func aParentFolderBeforeASlashAndAMarkIsRefused(_ mark: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-confined-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("public"), outside = base.appendingPathComponent(mark + "x")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data("page".utf8).write(to: root.appendingPathComponent("index.html"))
        let provider = ConfinedFileProvider(root: root.path)
        #expect(provider.getFileIdentifier("/index.html") != nil)
        #expect(provider.getFileIdentifier("/../\(mark)x/secret.txt") == nil)
        #expect(provider.getFileIdentifier("/index.html/../../\(mark)x/secret.txt") == nil)
    }
}
