import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Folders are created on a thread of their own, parents first, while outputs render; each file waits for its folder.
@Suite struct FolderGateTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("formgen-gate-\(UUID().uuidString)")
    }

    @Test func foldersArePlannedParentsFirstInTheOrderTheOutputsNeedThem() {
        let gate = FolderGate(root: "/nowhere", paths: ["b/c/index.html", "index.html", "a/index.html", "b/c/d/x.json", "a/y.html"],
                              extra: ["assets/img/logo.png"])
        #expect(gate.order == ["b", "b/c", "a", "b/c/d", "assets", "assets/img"])
        #expect(gate.positions == [1, -1, 2, 3, 2])
    }

    @Test func everyFileFindsItsFolderWhenItWaits() throws {
        let root = Self.folder()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let paths = (0..<300).flatMap { ["form-\($0)/index.html", "form-\($0)/reference/index.html"] }
        let gate = FolderGate(root: root.path, paths: paths)
        gate.start()
        let missing = ResultSlots<String>(count: paths.count)
        FileSystemWork.run(paths.count) { index in
            guard gate.waitForFolder(ofOutput: index) else { missing[index] = paths[index]; return }
            if (try? Data("x".utf8).write(to: root.appendingPathComponent(paths[index]))) == nil { missing[index] = paths[index] }
        }
        try gate.finish()
        #expect(missing.values.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).count == 300)
    }

    /// A folder that cannot be created fails the wait of every file under it and is what the build throws.
    @Test func aFolderThatCannotBeCreatedFailsTheWrite() throws {
        let out = Self.folder().appendingPathComponent("public")
        let writer = OutputWriter(outputDirectory: out)
        try writer.write(outputs: [SiteOutput(path: "a/index.html") { Data("first".utf8) }], copies: [:])
        let gate = FolderGate(root: out.path, paths: ["a/index.html", "a/index.html/x/y.html", "z/index.html"])
        gate.start()
        #expect(gate.waitForFolder(ofOutput: 0))
        #expect(!gate.waitForFolder(ofOutput: 1))
        #expect(!gate.waitForFolder(ofOutput: 2))
        #expect(throws: (any Error).self) { try gate.finish() }
        #expect(try String(contentsOf: out.appendingPathComponent("a/index.html"), encoding: .utf8) == "first")
    }
}
