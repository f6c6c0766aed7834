import Foundation

/// Diagnostics as compilers print them: the `file:line:col: severity: message` line, then the source line
/// and a caret under the column (as Swift, Rust and Elm do).
public struct DiagnosticExcerpt {
    /// Reads a file's text; injected so tests need no files.
    private let read: (String) -> String?
    private var lines: [String: [Substring]] = [:]

    public init(read: @escaping (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) {
        self.read = read
    }

    /// Every diagnostic with its excerpt, one block after another; a line that cannot be read gets none.
    public mutating func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { render($0) }.joined()
    }

    /// One diagnostic and its excerpt, each line ending in a newline.
    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.description + "\n"
        let location = diagnostic.location
        if lines[location.file] == nil {
            lines[location.file] = read(location.file).map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) } ?? []
        }
        guard let source = lines[location.file], location.line >= 1, location.line <= source.count else { return text }
        let line = source[location.line - 1]
        let number = String(location.line)
        let gutter = String(repeating: " ", count: number.count)
        let before = line.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        text += "\(number) | \(line)\n\(gutter) | \(before)^\n"
        return text
    }
}
