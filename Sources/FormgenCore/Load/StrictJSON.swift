import Foundation

/// `.json` configs are JSON, not YAML: a trailing comma, a comment, a single-quoted string or any other
/// YAML-only syntax is a located error, even though the YAML parser that reads configs would accept it.
enum StrictJSON {
    /// The deepest nesting a JSON config may have.
    static let maximumDepth = 256

    /// Whether `text` is one JSON document; reports the first problem, with its line and column, when not.
    static func check(_ text: String, file: String, log: DiagnosticLog) -> Bool {
        guard let (location, message) = problem(text, file: file) else { return true }
        log.error(message, at: location)
        return false
    }

    /// The first problem of `text` as JSON, with where it is; nil for a valid document.
    static func problem(_ text: String, file: String) -> (SourceLocation, String)? {
        let bytes = Array((text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).utf8)
        var parser = JSONParser(Data(bytes), maximumDepth: maximumDepth)
        do {
            _ = try parser.parse()
            return nil
        } catch let failure as JSONParser.Failure {
            let (offset, message) = explain(failure, bytes)
            return (location(of: offset, in: bytes, file: file), message)
        } catch {
            return (SourceLocation(file: file, line: 1, column: 1), "not valid JSON")
        }
    }

    /// The byte where the problem starts and the words for it.
    static func explain(_ failure: JSONParser.Failure, _ bytes: [UInt8]) -> (Int, String) {
        let offset = min(failure.offset, bytes.count)
        let byte = offset < bytes.count ? bytes[offset] : nil
        if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*") {
            return (offset, "JSON does not allow comments; remove it (or write the config as YAML)")
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            var back = offset - 1
            while back >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[back]) { back -= 1 }
            if back >= 0, bytes[back] == UInt8(ascii: ",") {
                return (back, "JSON does not allow a comma before '\(Character(UnicodeScalar(byte!)))'; remove this comma")
            }
        }
        if byte == UInt8(ascii: "'") { return (offset, "JSON strings take double quotes (\"), not single quotes") }
        if byte == nil { return (offset, "the JSON ends too soon: \(failure.reason)") }
        return (offset, "not valid JSON: \(failure.reason)")
    }

    /// Line and column (in characters) of a byte offset.
    static func location(of offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}
