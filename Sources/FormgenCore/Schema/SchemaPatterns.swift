/// Regular expressions the submission schema uses, in the dialect both ECMAScript (`u` flag) and
/// Python's `re` read alike: no `\s` or `\d` (their Unicode sets differ), explicit classes instead.
enum SchemaPatterns {
    /// ECMAScript white space and line terminators: what the page's trimming removes.
    static let whiteSpace = #"\t-\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"#

    /// Trimmed and not empty. It ends with `(?![\s\S])`, not `$`, which Python's `re` also matches before a final line break.
    static let trimmed = "^[^\(whiteSpace)](?:[\\s\\S]*[^\(whiteSpace)])?(?![\\s\\S])"

    /// The page's email check.
    static let email = "^[^@\(whiteSpace)]+@[^@\(whiteSpace)]+\\.[^@\(whiteSpace)]+$"

    /// A real day `YYYY-MM-DD` from 0001-01-01 to 9999-12-31, leap years included.
    static let realDate = "^(?!0000)(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)$"

    /// A mask's full shape: `#` a digit, `A` a letter, `*` either, anything else itself.
    static func mask(_ mask: String) -> String {
        let tokens = mask.unicodeScalars.map { character -> String in
            switch character {
            case "#": return "[0-9]"
            case "A": return "[A-Za-z]"
            case "*": return "[A-Za-z0-9]"
            default: return "^$\\.*+?()[]{}|/".unicodeScalars.contains(character) ? "\\\(character)" : String(character)
            }
        }
        return "^" + compress(tokens) + "$"
    }

    /// `YYYY-MM-DD` strings on or after (`atLeast`) or on or before `bound`: for strings of that shape,
    /// text order is date order, so the comparison is a choice of digits at the first place they differ.
    static func date(_ bound: String, atLeast: Bool) -> String {
        datePatterns.value(for: (atLeast ? "+" : "-") + bound) { makeDate(bound, atLeast: atLeast) }
    }

    /// The patterns `date` made, by bound and direction (every form with a date bound asks twice: its schema, its checks).
    private static let datePatterns = KeptTexts()

    private static func makeDate(_ bound: String, atLeast: Bool) -> String {
        let characters = Array(bound)
        var alternatives = [bound]
        for index in characters.indices where characters[index].isNumber {
            guard let digit = characters[index].wholeNumberValue, digit != (atLeast ? 9 : 0) else { continue }
            let range = atLeast ? (digit + 1)...9 : 0...(digit - 1)
            var alternative = String(characters[..<index])
            alternative += range.count == 1 ? String(range.lowerBound) : "[\(range.lowerBound)-\(range.upperBound)]"
            alternative += compress(characters[(index + 1)...].map { $0 == "-" ? "-" : "[0-9]" })
            alternatives.append(alternative)
        }
        return "^(?:" + alternatives.joined(separator: "|") + ")$"
    }

    /// `[0-9][0-9]` → `[0-9]{2}` (classes only: a repeated literal stays as it is).
    private static func compress(_ tokens: [String]) -> String {
        var output = ""
        var index = 0
        while index < tokens.count {
            var run = 1
            while index + run < tokens.count, tokens[index + run] == tokens[index] { run += 1 }
            if run > 1, tokens[index].hasPrefix("[") {
                output += tokens[index] + "{\(run)}"
            } else {
                run = 1
                output += tokens[index]
            }
            index += run
        }
        return output
    }
}
