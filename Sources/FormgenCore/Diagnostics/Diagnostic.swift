import Foundation

/// A position in a config file, 1-based like a compiler's.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in the input, printed as `file:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics across a whole run so every problem is reported at once.
/// Safe to use from several threads (files are read in parallel).
public final class DiagnosticLog: @unchecked Sendable {
    private var items: [Diagnostic] = []
    private let lock = NSLock()

    public init() {}

    public func error(_ message: String, at location: SourceLocation) {
        append(Diagnostic(.error, at: location, message))
    }

    public func warning(_ message: String, at location: SourceLocation) {
        append(Diagnostic(.warning, at: location, message))
    }

    public func append(_ diagnostic: Diagnostic) {
        lock.lock()
        items.append(diagnostic)
        lock.unlock()
    }

    /// All diagnostics, sorted by file and position, duplicates removed.
    public var diagnostics: [Diagnostic] {
        lock.lock()
        let all = items
        lock.unlock()
        var seen = Set<Diagnostic>()
        return all.filter { seen.insert($0).inserted }.sorted {
            ($0.location, $0.message) < ($1.location, $1.message)
        }
    }

    public var hasErrors: Bool {
        lock.lock()
        defer { lock.unlock() }
        return items.contains { $0.severity == .error }
    }
}

/// Thrown by the pipeline when configs have errors; carries every diagnostic.
public struct ConfigErrors: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
