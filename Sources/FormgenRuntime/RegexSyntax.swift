import Foundation

/// The regular-expression dialect configs may use: the part of ECMAScript (`new RegExp(p, "u")`, what the
/// browser runtime runs) that formgen can translate exactly to ICU (`NSRegularExpression`, what
/// `formgen validate` runs).
///
/// Allowed: literals; `.`; classes `[…]`/`[^…]` with ranges; the escapes `\d \D \w \W \s \S \b \B \t \n \r \f
/// \xHH \uHHHH \p{…} \P{…}` and escaped syntax characters `^ $ \ . * + ? ( ) [ ] { } | /`; groups `(…)`, `(?:…)`,
/// `(?<name>…)`; lookaround `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)` (lookbehind of bounded length); quantifiers
/// `* + ? {n} {n,} {n,m}`, each optionally lazy (`?`); anchors `^ $`; alternation `|`. The escapes keep their
/// ECMAScript meaning (`\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]`, `\b` an ASCII word boundary, `.` anything but
/// line terminators, `$` the very end), which the translation spells out for ICU.
public enum RegexSyntax {
    /// Why `pattern` cannot be used, or nil when both engines read it alike.
    public static func problem(in pattern: String) -> String? {
        switch ECMAScriptTranslator(pattern).translate() {
        case .failure(let problem):
            return problem.text
        case .success(let icu):
            do {
                _ = try NSRegularExpression(pattern: icu)
            } catch {
                return "it does not compile"
            }
            return nil
        }
    }

    /// The ICU pattern that matches exactly what `pattern` matches in a browser, or nil when it is outside the dialect.
    public static func icuPattern(_ pattern: String) -> String? {
        if case .success(let icu) = ECMAScriptTranslator(pattern).translate() { return icu }
        return nil
    }

    /// A regex whose search matches the same values as a browser's `pattern` attribute, which always
    /// matches the whole value: an expression anchored at both ends (without a top-level `|`) stays as
    /// it is, any other is wrapped as `.*(?:…).*`.
    public static func anchoredForPatternAttribute(_ pattern: String) -> String {
        var depth = 0, inClass = false, escaped = false, topLevelAlternation = false, endsWithAnchor = false
        for character in pattern.unicodeScalars {
            endsWithAnchor = false
            if escaped { escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass: depth -= 1
            case "|" where !inClass && depth == 0: topLevelAlternation = true
            case "$" where !inClass: endsWithAnchor = true
            default: break
            }
        }
        if pattern.unicodeScalars.first == "^" && endsWithAnchor && !topLevelAlternation { return pattern }
        return ".*(?:\(pattern)).*"
    }

    /// The pattern rewritten for an HTML `pattern` attribute, which browsers compile with the `v` flag:
    /// inside character classes, the characters `v` reserves are escaped.
    public static func htmlPattern(_ pattern: String) -> String {
        var output = String.UnicodeScalarView()
        var inClass = false
        var previousWasAtom = false
        let characters = Array(pattern.unicodeScalars)
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
                output.append(contentsOf: (previousWasAtom && nextIsAtom ? "-" : "\\-").unicodeScalars)
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
        return String(output)
    }
}

/// Input masks such as `####-###-####`: `#` a digit, `A` a letter, `*` a letter or digit; anything else is literal.
public enum Mask {
    public static func isValid(_ mask: String) -> Bool {
        !mask.isEmpty && mask.unicodeScalars.contains { $0 == "#" || $0 == "A" || $0 == "*" }
    }

    /// A regular expression matching exactly the full shape of the mask.
    public static func regex(for mask: String) -> String {
        var output = ""
        for character in mask.unicodeScalars {
            switch character {
            case "#": output += "[0-9]"
            case "A": output += "[A-Za-z]"
            case "*": output += "[A-Za-z0-9]"
            default:
                if "\\^$.|?*+()[]{}/".unicodeScalars.contains(character) { output += "\\" }
                output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
