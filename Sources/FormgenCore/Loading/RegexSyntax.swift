import Foundation

/// The regular-expression dialect configs may use: the part that Swift's engine (ICU) and the
/// browser's (ECMAScript with the `u` flag, and `v` in `pattern` attributes) read alike.
public enum RegexSyntax {
    /// Constructs ICU accepts that ECMAScript lacks or reads otherwise.
    private static let icuOnly: [(token: String, name: String)] = [
        ("(?>", "atomic groups"), ("(?#", "comments"), ("\\A", "\\A"), ("\\Z", "\\Z"), ("\\z", "\\z"),
        ("\\G", "\\G"), ("\\Q", "\\Q…\\E quoting"), ("\\E", "\\Q…\\E quoting"), ("\\h", "\\h"), ("\\H", "\\H"),
        ("\\R", "\\R"), ("\\X", "\\X"), ("\\N{", "named characters"), ("[[:", "POSIX classes"),
        ("*+", "possessive quantifiers"), ("++", "possessive quantifiers"), ("?+", "possessive quantifiers"), ("}+", "possessive quantifiers"),
    ]

    /// Why `pattern` cannot be used, or nil when both engines accept it alike.
    public static func problem(in pattern: String) -> String? {
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            return "it does not compile"
        }
        let plain = stripEscapedBackslashes(pattern)
        for (token, name) in icuOnly where plain.contains(token) {
            return "\(name) ('\(token)') work only in Swift, not in browsers"
        }
        if let range = plain.range(of: #"\(\?[a-zA-Z-]+[:)]"#, options: .regularExpression) {
            return "inline flags ('\(plain[range])') work only in Swift, not in browsers"
        }
        return nil
    }

    /// `\\` pairs removed so that an escaped backslash is not read as the start of an escape.
    private static func stripEscapedBackslashes(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: "\\\\", with: "")
    }

    /// The pattern rewritten for an HTML `pattern` attribute, which browsers compile with the `v` flag:
    /// inside character classes, the characters `v` reserves are escaped.
    public static func htmlPattern(_ pattern: String) -> String {
        var output = ""
        var inClass = false
        var previousWasAtom = false
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                output.append(character)
                output.append(characters[index + 1])
                index += 2
                previousWasAtom = true
                continue
            }
            if !inClass {
                if character == "[" {
                    inClass = true
                    previousWasAtom = false
                    output.append(character)
                    if index + 1 < characters.count, characters[index + 1] == "^" {
                        output.append("^")
                        index += 1
                    }
                } else {
                    output.append(character)
                }
                index += 1
                continue
            }
            switch character {
            case "]":
                inClass = false
                output.append(character)
            case "-":
                let nextIsAtom = index + 1 < characters.count && characters[index + 1] != "]"
                output.append(previousWasAtom && nextIsAtom ? "-" : "\\-")
                previousWasAtom = false
                index += 1
                continue
            case "(", ")", "[", "{", "}", "/", "|":
                output.append("\\")
                output.append(character)
            default:
                output.append(character)
            }
            previousWasAtom = true
            index += 1
        }
        return output
    }
}

/// Input masks such as `####-###-####`: `#` a digit, `A` a letter, `*` a letter or digit; anything else is literal.
public enum Mask {
    public static func isValid(_ mask: String) -> Bool {
        !mask.isEmpty && mask.contains { $0 == "#" || $0 == "A" || $0 == "*" }
    }

    /// A regular expression matching exactly the full shape of the mask.
    public static func regex(for mask: String) -> String {
        var output = ""
        for character in mask {
            switch character {
            case "#": output += "[0-9]"
            case "A": output += "[A-Za-z]"
            case "*": output += "[A-Za-z0-9]"
            default:
                if "\\^$.|?*+()[]{}/".contains(character) { output += "\\" }
                output.append(character)
            }
        }
        return output
    }
}
