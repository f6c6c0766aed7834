import Foundation
import Testing

/// A brand colour that fails WCAG 2.2 contrast fails `formgen build` as a user runs it (#40): exit 1, the located
/// errors with the nearest passing colour, nothing written; the suggested colour then builds.
@Suite(.serialized) struct BrandCommandTests {
    private func site(colour: String) throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("configs/forms"), withIntermediateDirectories: true)
        try Data("title: Forms\nbrand:\n  font: serif\n  colour: \"\(colour)\"\n".utf8).write(to: root.appendingPathComponent("configs/site.yaml"))
        try Data("title: Contact\nfields:\n  - {id: name, label: Name}\n".utf8).write(to: root.appendingPathComponent("configs/forms/contact.yaml"))
        return root
    }

    @Test func aFailingBrandColourIsALocatedBuildErrorWithTheNearestPassingColour() throws {
        let root = try site(colour: "#7fb3d5")
        let result = try CommandRunner.run(["build", "--no-excerpt"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("""
        configs/site.yaml:4:11: error: link text #7fb3d5 on #f3f2f1 has contrast 2.0:1; needs 4.5:1 (nearest passing: #34749f)
        configs/site.yaml:4:11: error: the focus ring #ffdd00 on #7fb3d5 has contrast 1.6:1; needs 3.0:1 (nearest passing: #34749f)
        configs/site.yaml:4:11: error: white text on #7fb3d5 has contrast 2.2:1; needs 4.5:1 (nearest passing: #34749f)

        """))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public/index.html").path))

        let fixed = try site(colour: "#34749f")
        let passing = try CommandRunner.run(["build", "--no-excerpt"], in: fixed)
        #expect(passing.status == 0)
        #expect(passing.stderr == "")
        let page = try String(contentsOf: fixed.appendingPathComponent("public/contact/index.html"), encoding: .utf8)
        #expect(page.contains(":root{--fg-header:#34749f;"))
    }
}
