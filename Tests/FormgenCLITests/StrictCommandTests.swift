import Foundation
import Testing

/// Mistakes that used to build silently: rule values that never match, misspelt keys under `--strict`, ids that are not slugs.
@Suite(.serialized) struct StrictCommandTests {
    static let contact = """
        id: contact
        title: Contact
        fields:
          - {id: reason, label: Reason, type: radio, options: [Question, Other], requird: true}
          - {id: age, label: Age, type: number}
          - {id: more, label: Tell us more, type: textarea}
        rules:
          - {when: reason, condition: equals, value: other, action: show, targets: [more]}
          - {when: age, condition: equals, value: ten, action: show, targets: [more]}

        """

    static let warnings = """
        configs/forms/contact.yaml:4:74: warning: unknown key 'requird' in field (did you mean 'required'?)
        configs/forms/contact.yaml:8:5: warning: rule value 'other' is not an option of 'reason', so it never matches (did you mean 'Other'?)
        configs/forms/contact.yaml:9:5: warning: rule compares 'age' with 'ten', which is not a number, so it never matches

        """

    private func site(form: String = contact, settings: String = "title: Forms\n") throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("configs/forms"), withIntermediateDirectories: true)
        try Data(settings.utf8).write(to: root.appendingPathComponent("configs/site.yaml"))
        try Data(form.utf8).write(to: root.appendingPathComponent("configs/forms/contact.yaml"))
        return root
    }

    @Test func warningsAreLocatedWithADidYouMeanAndCountedInTheSummary() throws {
        let root = try site()
        let result = try CommandRunner.run(["build", "--no-excerpt"], in: root)
        #expect(result.status == 0)
        #expect(result.stderr == Self.warnings)
        #expect(result.stdout.range(of: #"^Built 4 pages \(5 files\) in \d+\.\d\d s, 3 warnings\. Output in public/\n$"#, options: .regularExpression) != nil)

        let check = try CommandRunner.run(["check", "--no-excerpt"], in: root)
        #expect(check.status == 0)
        #expect(check.stderr == Self.warnings)
        #expect(check.stdout == "Checked 1 form: no errors, 3 warnings.\n")
    }

    @Test func strictTurnsEveryWarningIntoAnErrorAndLeavesTheOutput() throws {
        let root = try site(form: Self.contact.replacingOccurrences(of: ", requird: true", with: ""))
        #expect(try CommandRunner.run(["build", "--no-excerpt"], in: root).status == 0)
        let before = try CommandRunner.snapshot(root.appendingPathComponent("public"))
        try Data(Self.contact.utf8).write(to: root.appendingPathComponent("configs/forms/contact.yaml"))

        let result = try CommandRunner.run(["build", "--no-excerpt", "--strict"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == Self.warnings.replacingOccurrences(of: ": warning: ", with: ": error: ")
                + "Build failed with 3 errors; public/ was left as it was.\n")
        #expect(try CommandRunner.snapshot(root.appendingPathComponent("public")) == before)

        let check = try CommandRunner.run(["check", "--no-excerpt", "--strict"], in: root)
        #expect(check.status == 1)
        #expect(check.stderr.hasSuffix("Check failed with 3 errors.\n"))
    }

    @Test func strictInSiteYamlDoesTheSame() throws {
        let root = try site(settings: "title: Forms\nstrict: true\n")
        let result = try CommandRunner.run(["build", "--no-excerpt"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == Self.warnings.replacingOccurrences(of: ": warning: ", with: ": error: ")
                + "Build failed with 3 errors; public/ was left as it was.\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path))
    }

    @Test func anIDOutsideTheSlugCharactersIsAnErrorSuggestingTheSlug() throws {
        let root = try site(form: "id: contact us\ntitle: Contact\nfields:\n  - {id: name, label: Name}\n")
        let result = try CommandRunner.run(["build", "--no-excerpt"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            configs/forms/contact.yaml:1:5: error: id 'contact us' may hold only lower-case letters, digits and '-' (it names the output folder); use 'contact-us'
            Build failed with 1 error; public/ was left as it was.

            """)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path))
    }
}
