import Foundation

/// A single-pass JSON parser for submissions: linear in the input, with a nesting-depth cap, so a
/// deeply nested or huge body costs no more than reading it once. Numbers out of `Double`'s range
/// underflow to 0 (`1e-400`) or overflow to infinity, as `strtod` does; both are valid JSON.
public struct JSONParser {
    /// Why a document is not accepted, with the byte offset where it went wrong.
    public struct Failure: Error, Equatable {
        public var offset: Int
        public var reason: String

        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    /// The deepest nesting of arrays and objects a submission may have.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth: Int

    package init(_ data: Data, maximumDepth: Int = JSONParser.maximumDepth) {
        self.bytes = [UInt8](data)
        self.maximumDepth = maximumDepth
    }

    /// How a member of the top-level object is read by `parse(members:)`.
    public enum Reading: Sendable {
        /// Its syntax is checked and it is left out, never built.
        case skip
        /// Strings, numbers and booleans are kept; a list or an object is checked and read as `null`.
        case scalar
        /// Read whole.
        case full
        /// A list whose first items (this many) are read whole and the rest only checked: enough to tell that a list
        /// is longer than it may be, without building millions of items. Anything else is read whole.
        case list(first: Int)
    }

    /// Parses the whole document (one value, surrounded only by whitespace); with `members`, the
    /// top-level object's members are read as it says, so that a huge value nobody looks at costs
    /// one scan and no memory. Errors are the same as for a whole read.
    package mutating func parse(members: ((String) -> Reading)? = nil) throws -> JSONValue {
        skipWhitespace()
        let value = try members.map { reading in
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return try parseValue(depth: 0) }
            return try parseObject(depth: 1, reading: reading)
        } ?? parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the value") }
        return value
    }

    private func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected character")
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int, reading: ((String) -> Reading)? = nil) throws -> JSONValue {
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            switch reading?(key) ?? .full {
            case .full:
                members[key] = try parseValue(depth: depth)
            case .skip:
                try skipValue(depth: depth)
            case .scalar:
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") {
                    try skipValue(depth: depth)
                    members[key] = .null
                } else {
                    members[key] = try parseValue(depth: depth)
                }
            case .list(let first):
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                    members[key] = try parseArray(depth: depth + 1, keeping: first)
                } else {
                    members[key] = try parseValue(depth: depth)
                }
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int, keeping limit: Int = .max) throws -> JSONValue {
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            if items.count < limit { items.append(try parseValue(depth: depth)) } else { try skipValue(depth: depth) }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            return .array(items)
        }
    }

    /// Checks a value's syntax as `parseValue` would, building nothing.
    private mutating func skipValue(depth: Int) throws {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[index] == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            guard depth + 1 <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == close { index += 1; return }
            while true {
                if isObject {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    try skipString()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    index += 1
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == close else { throw fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'") }
                index += 1
                return
            }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try scanNumber()
        }
    }

    /// Checks a string's syntax as `parseString` would, building nothing.
    private mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; return }
            if byte < 0x20 { throw fail("control character in a string") }
            index += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            if escape == UInt8(ascii: "u") {
                _ = try hexUnit()
            } else if !"\"\\/bfnrt".utf8.contains(escape) {
                throw fail("invalid escape")
            }
        }
        throw fail("unterminated string")
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        try scanNumber()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return strtod(text, nil)
    }

    /// Moves past a number, checking its syntax.
    private mutating func scanNumber() throws {
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { throw fail("unexpected character") }
        if bytes[index] == 0x30 { index += 1 } else { _ = digits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("expected a digit") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("expected a digit") }
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var runStart = start
        func flushRun() {
            if runStart < index { scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun()
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            flushRun()
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var unit = try hexUnit()
                if (0xD800...0xDBFF).contains(unit), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hexUnit()
                    if (0xDC00...0xDFFF).contains(low) {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        scalars.append("\u{FFFD}")
                        unit = low
                    }
                }
                scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            default: throw fail("invalid escape")
            }
            runStart = index
        }
        throw fail("unterminated string")
    }

    /// The four hex digits of a `\\u` escape: exactly four, no sign (`UInt32(_:radix:)` would read `+041`).
    private mutating func hexUnit() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("invalid \\u escape") }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape")
            }
            unit = unit << 4 | UInt32(digit)
        }
        index += 4
        return unit
    }
}
