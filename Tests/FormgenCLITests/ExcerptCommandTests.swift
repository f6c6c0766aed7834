import Foundation
import Testing

/// Every diagnostic prints its source line with a caret at the column; YAML syntax errors in plain words.
@Suite(.serialized) struct ExcerptCommandTests {
    private func site(_ form: String) throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("configs/forms"), withIntermediateDirectories: true)
        try Data(form.utf8).write(to: root.appendingPathComponent("configs/forms/contact.yaml"))
        return root
    }

    @Test func aWarningAndAnErrorEachShowTheirLineAndCaret() throws {
        let root = try site("""
            title: Contact
            fields:
              - {id: name, label: Name, requird: true}
              - {id: when, label: When, type: dat}

            """)
        let result = try CommandRunner.run(["check"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr == """
            configs/forms/contact.yaml:3:29: warning: unknown key 'requird' in field (did you mean 'required'?)
            3 |   - {id: name, label: Name, requird: true}
              |                             ^
            configs/forms/contact.yaml:4:35: error: unknown field type 'dat' (did you mean 'date'?)
            4 |   - {id: when, label: When, type: dat}
              |                                   ^
            Check failed with 1 error.

            """)
    }

    @Test func aYAMLSyntaxErrorIsTranslatedAndPointedAt() throws {
        let root = try site("""
            title: Contact
            fields:
              - id: name
                label: Name: full
              - {id: email, label: Email, type: email}

            """)
        let result = try CommandRunner.run(["build"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            configs/forms/contact.yaml:4:16: error: syntax error: a ':' here starts a new mapping; indent this line under the key it belongs to, or quote the value
            4 |     label: Name: full
              |                ^
            Build failed with 1 error; public/ was left as it was.

            """)
    }

    @Test func noExcerptPrintsOnlyTheDiagnosticLine() throws {
        let root = try site("title: Contact\nfields:\n  - {id: name, label: Name, requird: true}\n")
        let result = try CommandRunner.run(["check", "--no-excerpt"], in: root)
        #expect(result.status == 0)
        #expect(result.stderr == "configs/forms/contact.yaml:3:29: warning: unknown key 'requird' in field (did you mean 'required'?)\n")
        #expect(result.stdout == "Checked 1 form: no errors, 1 warning.\n")
    }
}
