import Foundation
import Testing

/// `formgen init`, `formgen new form` and `formgen --version`, run as a user runs them.
@Suite struct InitCommandTests {
    @Test(arguments: ["contact", "kyc", "survey", "blank"])
    func eachStarterBuildsWithoutAWarning(_ starter: String) throws {
        let root = try CommandRunner.temporaryDirectory()
        let site = root.appendingPathComponent("demo")
        let created = try CommandRunner.run(["init", site.path, "--template", starter])
        #expect(created.status == 0)
        #expect(created.stderr == "")
        #expect(created.stdout.hasSuffix("Next:\n  cd \(site.path)\n  formgen serve\n"))
        for file in [".gitignore", ".vscode/settings.json", ".vscode/formgen-form.schema.json", "configs/site.yaml", "configs/docs/index.md"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "\(file)")
        }
        let built = try CommandRunner.run(["build"], in: site)
        #expect(built.status == 0)
        #expect(built.stderr == "")
        #expect(built.stdout.hasPrefix("Built "))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/index.html").path))
    }

    @Test func theKYCStarterHasAMockForItsDataSource() throws {
        let site = try CommandRunner.temporaryDirectory().appendingPathComponent("kyc")
        #expect(try CommandRunner.run(["init", site.path, "--template", "kyc"]).status == 0)
        let mock = try String(contentsOf: site.appendingPathComponent("configs/mocks/api/nl-user-profile.json"), encoding: .utf8)
        #expect(mock.contains("\"first_name\""))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("configs/countries/nl.yaml").path))
    }

    @Test func aFolderThatIsNotEmptyIsRefusedAndLeftAlone() throws {
        let site = try CommandRunner.temporaryDirectory()
        try Data("mine\n".utf8).write(to: site.appendingPathComponent("notes.txt"))
        let result = try CommandRunner.run(["init", site.path])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: '\(site.path)' is not empty; use --force to add the starter's files to it (existing files are kept)\n")
        #expect(try CommandRunner.snapshot(site).keys.sorted() == ["notes.txt"])
    }

    @Test func forceNeverOverwritesAFileThatExists() throws {
        let site = try CommandRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: site.appendingPathComponent("configs"), withIntermediateDirectories: true)
        let own = "title: My own title\n"
        try Data(own.utf8).write(to: site.appendingPathComponent("configs/site.yaml"))
        let result = try CommandRunner.run(["init", site.path, "--force"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("kept configs/site.yaml (exists)\n"))
        #expect(try String(contentsOf: site.appendingPathComponent("configs/site.yaml"), encoding: .utf8) == own)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("configs/forms/contact.yaml").path))
    }

    @Test func newFormAddsAFormThatBuilds() throws {
        let site = try CommandRunner.temporaryDirectory().appendingPathComponent("site")
        #expect(try CommandRunner.run(["init", site.path, "--template", "blank"]).status == 0)
        let added = try CommandRunner.run(["new", "form", "feedback"], in: site)
        #expect(added.status == 0)
        #expect(added.stdout == "Created configs/forms/feedback.yaml. Preview it with: formgen serve\n")
        let built = try CommandRunner.run(["build"], in: site)
        #expect(built.status == 0)
        #expect(built.stderr == "")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/feedback/index.html").path))

        let again = try CommandRunner.run(["new", "form", "feedback"], in: site)
        #expect(again.status == 2)
        #expect(again.stderr == "error: 'configs/forms/feedback.yaml' exists already; choose another name\n")
        let badName = try CommandRunner.run(["new", "form", "Feed Back"], in: site)
        #expect(badName.status == 2)
        #expect(badName.stderr == "error: form name 'Feed Back' may only use lower-case letters, digits, '_' and '-', and must start with a letter (try 'feed-back')\n")
    }

    @Test func newFormFromAFileKeepsItsFormat() throws {
        let site = try CommandRunner.temporaryDirectory().appendingPathComponent("site")
        #expect(try CommandRunner.run(["init", site.path, "--template", "blank"]).status == 0)
        let seed = CommandRunner.repository.appendingPathComponent("configs/forms/pet-adoption.json").path
        let added = try CommandRunner.run(["new", "form", "pets", "--from", seed], in: site)
        #expect(added.status == 0)
        #expect(try Data(contentsOf: site.appendingPathComponent("configs/forms/pets.json")) == Data(contentsOf: URL(fileURLWithPath: seed)))
        #expect(try CommandRunner.run(["build"], in: site).status == 0)
    }

    @Test func versionNamesTheReleaseAndTheCheckoutsRevision() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "formgen 0.2.0 (git \(try VersionCommandTests.head()))\n")
    }
}
