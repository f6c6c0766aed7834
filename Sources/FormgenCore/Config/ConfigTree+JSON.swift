extension ConfigTree {
    /// What reading a `.json` config gave.
    enum JSONReading {
        case tree(ConfigTree, root: Int32)
        /// Not JSON: ``StrictJSON`` says what is wrong and where (it reads the text again, only on this path).
        case invalid
        /// An object names a key twice: the keys, and where the object starts.
        case duplicateKeys([String], line: Int, column: Int)
    }

    /// Reads a JSON document straight into a tree, in one pass over its bytes: every value keeps the line and
    /// column of its first character, numbers and literals their text as written (as the YAML reader gives them).
    static func json(_ text: String, file: String, maximumDepth: Int = StrictJSON.maximumDepth) -> JSONReading {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            var reader = JSONTreeReader(bytes: bytes, file: file, maximumDepth: maximumDepth)
            return reader.read()
        } ?? .invalid
    }
}

/// The one-pass reader behind ``ConfigTree/json(_:file:maximumDepth:)``.
private struct JSONTreeReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var tree = ConfigTree.Builder()
    let maximumDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0
    var duplicates: (keys: [String], line: Int, column: Int)?

    struct Invalid: Error {}

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, maximumDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maximumDepth = maximumDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    mutating func read() -> ConfigTree.JSONReading {
        do {
            skipWhitespace()
            let root = try value(depth: 0)
            skipWhitespace()
            guard index == bytes.count else { throw Invalid() }
            if let duplicates { return .duplicateKeys(duplicates.keys, line: duplicates.line, column: duplicates.column) }
            return .tree(tree.tree(file: file), root: root)
        } catch {
            return .invalid
        }
    }

    /// The column of the current byte: characters (Unicode scalars) since the line's start, from 1.
    private var column: Int {
        var count = 1
        var position = lineStart
        while position < index {
            if bytes[position] & 0xC0 != 0x80 { count += 1 }
            position += 1
        }
        return count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws -> Int32 {
        guard index < bytes.count else { throw Invalid() }
        let (line, column) = (self.line, self.column)
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1, line: line, column: column)
        case UInt8(ascii: "["): return try array(depth: depth + 1, line: line, column: column)
        case UInt8(ascii: "\""): return tree.add(.scalar, line: line, column: column, text: try string())
        case UInt8(ascii: "t"): return try literal("true", line: line, column: column)
        case UInt8(ascii: "f"): return try literal("false", line: line, column: column)
        case UInt8(ascii: "n"): return try literal("null", line: line, column: column)
        default: return tree.add(.scalar, plain: true, line: line, column: column, text: try number())
        }
    }

    private mutating func literal(_ word: String, line: Int, column: Int) throws -> Int32 {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw Invalid() }
            index += 1
        }
        return tree.add(.scalar, plain: true, line: line, column: column, text: word)
    }

    private mutating func object(depth: Int, line: Int, column: Int) throws -> Int32 {
        guard depth <= maximumDepth else { throw Invalid() }
        index += 1
        var members: [Int32] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return tree.add(.mapping, line: line, column: column)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Invalid() }
            let (keyLine, keyColumn) = (self.line, self.column)
            members.append(tree.add(.scalar, line: keyLine, column: keyColumn, text: try string()))
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Invalid() }
            index += 1
            skipWhitespace()
            members.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw Invalid() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw Invalid() }
            index += 1
            break
        }
        if duplicates == nil {
            let repeated = tree.repeatedKeys(members)
            if !repeated.isEmpty { duplicates = (repeated, line, column) }
        }
        return tree.add(.mapping, line: line, column: column, children: members)
    }

    private mutating func array(depth: Int, line: Int, column: Int) throws -> Int32 {
        guard depth <= maximumDepth else { throw Invalid() }
        index += 1
        var items: [Int32] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return tree.add(.sequence, line: line, column: column)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw Invalid() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw Invalid() }
            index += 1
            break
        }
        return tree.add(.sequence, line: line, column: column, children: items)
    }

    /// A string's text, its escapes decoded (a surrogate pair as one character).
    private mutating func string() throws -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw Invalid() }
            index += 1
        }
        guard index < bytes.count else { throw Invalid() }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw Invalid() }
            guard byte == UInt8(ascii: "\\") else {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw Invalid() }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw Invalid() }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw Invalid() }
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw Invalid()
            }
        }
        throw Invalid()
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Invalid() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Invalid()
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// A number as written: `-`? int (`.` digits)? (`e` sign? digits)?.
    private mutating func number() throws -> String {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw Invalid() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw Invalid() }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw Invalid() }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
