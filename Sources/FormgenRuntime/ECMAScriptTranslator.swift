import Foundation

/// Translates a pattern of formgen's regex dialect (see `RegexSyntax`) from ECMAScript to ICU, spelling out
/// every construct whose meaning differs between the two engines, and refusing anything outside the dialect.
package struct ECMAScriptTranslator {
    package struct Problem: Error {
        package var text: String
    }

    /// ECMAScript's white space and line terminators (`\s`).
    package static let whiteSpace: [UInt32] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
                                        0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF]
    package static let wordClass = "A-Za-z0-9_"
    package static let syntaxCharacters: Set<Character> = ["^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/"]
    /// Escapes that ICU reads and ECMAScript does not (or reads otherwise), named for the error message.
    package static let icuOnlyEscapes: [Character: String] = [
        "A": "\\A", "Z": "\\Z", "z": "\\z", "G": "\\G", "Q": "\\Q…\\E quoting", "E": "\\Q…\\E quoting", "h": "\\h", "H": "\\H",
        "R": "\\R", "X": "\\X", "N": "named characters (\\N{…})", "V": "\\V", "e": "\\e", "a": "\\a",
    ]

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var output = ""
    /// Whether the last item can take a quantifier.
    private var canRepeat = false
    /// For each open group, whether it is a lookaround (which ECMAScript's `u` mode forbids quantifying).
    private var groups: [Bool] = []

    package init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    package func translate() -> Result<String, Problem> {
        var translator = self
        do {
            try translator.run()
            return .success(translator.output)
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem(text: "it does not compile"))
        }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < scalars.count ? Character(scalars[index + offset]) : nil
    }

    private static func hex(_ value: UInt32) -> String { "\\x{" + String(value, radix: 16) + "}" }

    private static func fail(_ text: String) -> Problem { Problem(text: text) }

    private mutating func run() throws {
        while let character = peek() {
            switch character {
            case "\\":
                try escapeOutsideClass()
            case "[":
                try characterClass()
                canRepeat = true
            case ".":
                output += "[^\\n\\r\\x{2028}\\x{2029}]"
                index += 1
                canRepeat = true
            case "^":
                output += "^"
                index += 1
                canRepeat = false
            case "$":
                output += "\\z"
                index += 1
                canRepeat = false
            case "(":
                try openGroup()
            case ")":
                guard let lookaround = groups.popLast() else { throw Self.fail("it has an unmatched ')'") }
                output += ")"
                index += 1
                canRepeat = !lookaround
            case "|":
                output += "|"
                index += 1
                canRepeat = false
            case "*", "+", "?", "{":
                try quantifier()
            case "}", "]":
                throw Self.fail("a lone '\(character)' is an error in browsers (write \\\(character))")
            default:
                output += Self.literal(scalars[index].value)
                index += 1
                canRepeat = true
            }
        }
        if !groups.isEmpty { throw Self.fail("it has an unclosed '('") }
    }

    private static func literal(_ value: UInt32) -> String {
        let scalar = Unicode.Scalar(value)!
        if scalar.properties.isAlphabetic || (0x30...0x39).contains(value) || value > 0x7F { return String(Character(scalar)) }
        return hex(value)
    }

    private mutating func quantifier() throws {
        guard canRepeat else { throw Self.fail("a quantifier has nothing to repeat") }
        let character = peek()!
        if character == "{" {
            var end = index + 1
            var text = ""
            while end < scalars.count, Character(scalars[end]) != "}" {
                text.append(Character(scalars[end]))
                end += 1
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let isCount = end < scalars.count && (1...2).contains(parts.count) && !parts[0].isEmpty
                && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
            guard isCount else { throw Self.fail("a lone '{' is an error in browsers (write \\{)") }
            if parts.count == 2, !parts[1].isEmpty, let low = Int(parts[0]), let high = Int(parts[1]), low > high {
                throw Self.fail("the quantifier {\(text)} is out of order")
            }
            output += "{\(text)}"
            index = end + 1
        } else {
            output.append(character)
            index += 1
        }
        if peek() == "?" {
            output += "?"
            index += 1
        }
        if peek() == "+" { throw Self.fail("possessive quantifiers ('+' after a quantifier) work only in Swift, not in browsers") }
        canRepeat = false
    }

    private mutating func openGroup() throws {
        index += 1
        guard peek() == "?" else {
            output += "("
            groups.append(false)
            canRepeat = false
            return
        }
        let next = peek(1), after = peek(2)
        switch (next, after) {
        case (":", _):
            output += "(?:"
            index += 2
            groups.append(false)
        case ("=", _), ("!", _):
            output += "(?\(next!)"
            index += 2
            groups.append(true)
        case ("<", "="), ("<", "!"):
            output += "(?<\(after!)"
            index += 3
            groups.append(true)
        case ("<", _):
            var end = index + 2
            var name = ""
            while end < scalars.count, Character(scalars[end]) != ">" {
                name.append(Character(scalars[end]))
                end += 1
            }
            let valid = end < scalars.count && name.first.map { $0.isASCII && $0.isLetter } == true
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard valid else { throw Self.fail("group names must be ASCII letters and digits, starting with a letter") }
            output += "(?<\(name)>"
            index = end + 1
            groups.append(false)
        case (">", _):
            throw Self.fail("atomic groups ('(?>') work only in Swift, not in browsers")
        case ("#", _):
            throw Self.fail("comments ('(?#') work only in Swift, not in browsers")
        default:
            throw Self.fail("inline flags ('(?\(next.map(String.init) ?? "")') work only in Swift, not in browsers")
        }
        canRepeat = false
    }

    /// One escape read at `index` (the backslash): a single code point, or a named class.
    private enum Escape {
        case scalar(UInt32)
        case digit(negated: Bool), word(negated: Bool), space(negated: Bool)
        case property(String)
        case boundary(negated: Bool)
    }

    private mutating func readEscape(inClass: Bool) throws -> Escape {
        guard let letter = peek(1) else { throw Self.fail("it ends with a lone backslash") }
        index += 2
        switch letter {
        case "d", "D": return .digit(negated: letter == "D")
        case "w", "W": return .word(negated: letter == "W")
        case "s", "S": return .space(negated: letter == "S")
        case "b": return inClass ? .scalar(0x08) : .boundary(negated: false)
        case "B":
            if inClass { throw Self.fail("'\\B' inside a class is an error in browsers") }
            return .boundary(negated: true)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "x": return .scalar(try hexDigits(2, after: "\\x"))
        case "u":
            if peek() == "{" { throw Self.fail("'\\u{…}' is read differently by Swift (write \\uHHHH)") }
            let value = try hexDigits(4, after: "\\u")
            if (0xD800...0xDFFF).contains(value) { throw Self.fail("surrogate escapes ('\\u\(String(value, radix: 16))') are not supported") }
            return .scalar(value)
        case "p", "P":
            guard peek() == "{" else { throw Self.fail("'\\\(letter)' needs a property in braces, like \\p{L}") }
            var end = index + 1
            var name = ""
            while end < scalars.count, Character(scalars[end]) != "}" {
                name.append(Character(scalars[end]))
                end += 1
            }
            guard end < scalars.count, Self.isSharedProperty(name) else {
                throw Self.fail("'\\\(letter){\(name)}' is not a property both engines know (use a general category such as L, Lu, Nd, or Script=Latin)")
            }
            index = end + 1
            return .property("\\\(letter){\(name)}")
        case "-" where inClass:
            return .scalar(0x2D)
        default:
            if Self.syntaxCharacters.contains(letter) { return .scalar(letter.unicodeScalars.first!.value) }
            if let name = Self.icuOnlyEscapes[letter] { throw Self.fail("\(name) works only in Swift, not in browsers") }
            switch letter {
            case "v": throw Self.fail("'\\v' means a vertical tab in browsers and any vertical space in Swift (write \\x0B)")
            case "0": throw Self.fail("'\\0' is read differently by Swift (write \\x00)")
            case "c": throw Self.fail("control escapes ('\\c') are not supported")
            case "k": throw Self.fail("named backreferences ('\\k') are not supported")
            default: break
            }
            if letter.isNumber { throw Self.fail("backreferences ('\\\(letter)') are not supported") }
            throw Self.fail("'\\\(letter)' is an error in browsers (escape only the characters ^ $ \\ . * + ? ( ) [ ] { } | /)")
        }
    }

    private mutating func hexDigits(_ count: Int, after prefix: String) throws -> UInt32 {
        guard index + count <= scalars.count else { throw Self.fail("'\(prefix)' needs \(count) hex digits") }
        let text = String(String.UnicodeScalarView(scalars[index..<index + count]))
        guard text.allSatisfy(\.isHexDigit), let value = UInt32(text, radix: 16) else { throw Self.fail("'\(prefix)' needs \(count) hex digits") }
        index += count
        return value
    }

    package static let generalCategories: Set<String> = [
        "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
        "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Co", "Cn",
        "Letter", "Uppercase_Letter", "Lowercase_Letter", "Mark", "Number", "Decimal_Number", "Punctuation", "Symbol", "Separator",
    ]

    package static func isSharedProperty(_ name: String) -> Bool {
        if generalCategories.contains(name) { return true }
        for prefix in ["Script=", "sc=", "Script_Extensions=", "scx="] where name.hasPrefix(prefix) {
            let value = name.dropFirst(prefix.count)
            return !value.isEmpty && value.first!.isUppercase && value.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
        }
        return false
    }

    private mutating func escapeOutsideClass() throws {
        let escape = try readEscape(inClass: false)
        canRepeat = true
        switch escape {
        case .scalar(let value): output += Self.hex(value)
        case .digit(let negated): output += negated ? "[^0-9]" : "[0-9]"
        case .word(let negated): output += negated ? "[^\(Self.wordClass)]" : "[\(Self.wordClass)]"
        case .space(let negated): output += (negated ? "[^" : "[") + Self.spaceItems + "]"
        case .property(let text): output += text
        case .boundary(let negated):
            let word = "[\(Self.wordClass)]"
            output += negated
                ? "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
                : "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
            canRepeat = false
        }
    }

    package static var spaceItems: String { whiteSpace.map(hex).joined() }

    /// One item of a class: a code point (which may start a range) or a set.
    private enum ClassItem {
        case scalar(UInt32)
        case set(String)
    }

    private mutating func classItem() throws -> ClassItem {
        if peek() == "\\" {
            switch try readEscape(inClass: true) {
            case .scalar(let value): return .scalar(value)
            case .digit(let negated): return .set(negated ? "[^0-9]" : "0-9")
            case .word(let negated): return .set(negated ? "[^\(Self.wordClass)]" : Self.wordClass)
            case .space(let negated): return .set(negated ? "[^\(Self.spaceItems)]" : Self.spaceItems)
            case .property(let text): return .set(text)
            case .boundary: throw Self.fail("'\\b' cannot be used here")
            }
        }
        let value = scalars[index].value
        index += 1
        return .scalar(value)
    }

    private mutating func characterClass() throws {
        index += 1
        var text = "["
        if peek() == "^" {
            text += "^"
            index += 1
        }
        guard let first = peek(), first != "]" else { throw Self.fail("empty classes ('[]' or '[^]') are read differently by Swift") }
        while true {
            guard let character = peek() else { throw Self.fail("it has an unclosed '['") }
            if character == "]" { break }
            if (character == "&" && peek(1) == "&") || (character == "-" && peek(1) == "-") {
                throw Self.fail("'\(character)\(character)' inside a class is a set operation in Swift and in HTML patterns (escape one of them)")
            }
            let start = try classItem()
            if peek() == "-", let after = peek(1), after != "]" {
                index += 1
                let end = try classItem()
                guard case .scalar(let low) = start, case .scalar(let high) = end else {
                    throw Self.fail("a range cannot start or end with a class such as \\d")
                }
                guard low <= high else { throw Self.fail("a range in a class is out of order") }
                text += Self.hex(low) + "-" + Self.hex(high)
            } else {
                switch start {
                case .scalar(let value): text += Self.hex(value)
                case .set(let set): text += set
                }
            }
        }
        index += 1
        output += text + "]"
    }
}
