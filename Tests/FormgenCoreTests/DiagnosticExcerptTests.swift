import Testing
@testable import FormgenCore

/// The excerpt under a diagnostic: the source line and a caret under the column.
@Suite struct DiagnosticExcerptTests {
    private func excerpt(_ source: String, line: Int, column: Int) -> String {
        var excerpts = DiagnosticExcerpt(read: { $0 == "f.yaml" ? source : nil })
        return excerpts.render(Diagnostic(.error, at: SourceLocation(file: "f.yaml", line: line, column: column), "bad"))
    }

    @Test func theCaretSitsUnderTheColumnAndTabsAreKept() {
        #expect(excerpt("a: 1\n\tb: [x\n", line: 2, column: 5) == "f.yaml:2:5: error: bad\n2 | \tb: [x\n  | \t   ^\n")
        #expect(excerpt("a: 1\r\nb: 2\r\n", line: 2, column: 1) == "f.yaml:2:1: error: bad\n2 | b: 2\n  | ^\n")
    }

    @Test func wideLineNumbersWidenTheGutter() {
        let source = String(repeating: "x: 1\n", count: 11)
        #expect(excerpt(source, line: 10, column: 4) == "f.yaml:10:4: error: bad\n10 | x: 1\n   |    ^\n")
    }

    @Test func aFileOrLineThatCannotBeReadGetsNoExcerpt() {
        var excerpts = DiagnosticExcerpt(read: { _ in nil })
        let diagnostic = Diagnostic(.warning, at: SourceLocation(file: "gone.yaml", line: 1, column: 1), "w")
        #expect(excerpts.render(diagnostic) == "gone.yaml:1:1: warning: w\n")
        #expect(excerpt("a: 1\n", line: 7, column: 1) == "f.yaml:7:1: error: bad\n")
    }

    @Test(arguments: [
        ("mapping values are not allowed in this context",
         "a ':' here starts a new mapping; indent this line under the key it belongs to, or quote the value"),
        ("did not find expected key",
         "this line is not lined up with the keys above it; indent it like its siblings, or quote a value that holds ': ' or '#'"),
        ("found character that cannot start any token",
         "this character cannot start a value (a tab, '@' or '`'); indent with spaces, or quote the value"),
        ("something rare", "something rare"),
    ])
    func libyamlMessagesInPlainWords(_ raw: String, _ plain: String) {
        #expect(YAMLMessages.translate(raw) == plain)
    }
}
