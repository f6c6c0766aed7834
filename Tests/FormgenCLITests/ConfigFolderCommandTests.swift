import Foundation
import Testing

/// A wrong or missing config folder is a usage error (exit 2) that names the folder and never touches the output.
@Suite(.serialized) struct ConfigFolderCommandTests {
    /// A folder with a previous build in `public/`, whose bytes the failing command must leave as they were.
    private func siteWithOutput() throws -> (URL, [String: Data]) {
        let site = try CommandRunner.copyOfExampleConfigs()
        #expect(try CommandRunner.run(["build", "--config", "configs", "--out", "public"], in: site).status == 0)
        let before = try CommandRunner.snapshot(site.appendingPathComponent("public"))
        #expect(before.count > 8)
        return (site, before)
    }

    @Test func buildWithAConfigFolderThatDoesNotExistStopsWithExit2() throws {
        let (site, before) = try siteWithOutput()
        let result = try CommandRunner.run(["build", "--config", "nope", "--out", "public"], in: site)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: config folder 'nope' does not exist (looked for site.yaml, forms/ and countries/); pass --config with the folder that holds them

            """)
        #expect(try CommandRunner.snapshot(site.appendingPathComponent("public")) == before)
    }

    @Test func buildInAFolderWithoutConfigsStopsWithExit2() throws {
        let (site, before) = try siteWithOutput()
        try FileManager.default.moveItem(at: site.appendingPathComponent("configs"), to: site.appendingPathComponent("elsewhere"))
        let result = try CommandRunner.run(["build"], in: site)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: config folder 'configs' does not exist (looked for site.yaml, forms/ and countries/); pass --config with the folder that holds them

            """)
        #expect(try CommandRunner.snapshot(site.appendingPathComponent("public")) == before)
    }

    @Test func buildWithAFolderHoldingNoSiteStopsWithExit2() throws {
        let (site, before) = try siteWithOutput()
        try FileManager.default.createDirectory(at: site.appendingPathComponent("empty/forms"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: site.appendingPathComponent("empty/forms/README.txt"))
        let result = try CommandRunner.run(["build", "--config", "empty", "--out", "public"], in: site)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: config folder 'empty' holds no site.yaml, no form in forms/ and no country in countries/; pass --config with the folder that holds them

            """)
        #expect(try CommandRunner.snapshot(site.appendingPathComponent("public")) == before)
    }

    @Test func buildWithAFileForAConfigFolderStopsWithExit2() throws {
        let (site, before) = try siteWithOutput()
        let result = try CommandRunner.run(["build", "--config", "configs/site.yaml", "--out", "public"], in: site)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: config folder 'configs/site.yaml' is a file, not a folder (looked for site.yaml, forms/ and countries/); pass --config with the folder that holds them

            """)
        #expect(try CommandRunner.snapshot(site.appendingPathComponent("public")) == before)
    }

    @Test func checkWithAConfigFolderThatDoesNotExistStopsWithExit2() throws {
        let root = try CommandRunner.temporaryDirectory()
        let result = try CommandRunner.run(["check", "--config", "nope"], in: root)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: config folder 'nope' does not exist (looked for site.yaml, forms/ and countries/); pass --config with the folder that holds them

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
    }

    @Test func validateWithAConfigFolderThatDoesNotExistStopsWithExit2() throws {
        let root = try CommandRunner.temporaryDirectory()
        try Data("{}".utf8).write(to: root.appendingPathComponent("x.json"))
        let result = try CommandRunner.run(["validate", "--config", "nope", "contact", "x.json"], in: root)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: config folder 'nope' does not exist (looked for site.yaml, forms/ and countries/); pass --config with the folder that holds them

            """)
    }
}
