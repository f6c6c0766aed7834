/// Finds patterns that a backtracking engine (the browser's, ICU's) may match in exponential time:
/// a repeated group whose body repeats without bound too (star height > 1: `(a+)+`, `(a*)*`,
/// `(\w+\s?)*`, `(.*a){20}`), or a repeated alternation whose branches can start alike (`(a|a)*`,
/// `(\w|\d)+`). A repeated body that starts or ends with a literal its inner repetition cannot match
/// (`(-[a-z]+)*`, `([\w-]+\.)+`) is unambiguous and allowed. Also refused: a group repeated more than ten times
/// whose optional parts can match what follows them (`(?:a?){25}a{25}`: 2^25 ways), and three or more unbounded
/// repetitions in a row that can match the same text (`\d*\d*\d*x`, `.*.*.*=`, `(\w+)(\w+)(\w+)!`): a failing
/// input of n characters is tried in about n^3 ways, seconds for a few hundred characters.
public enum SlowRegexCheck {
    /// Why `pattern` may be slow, or nil.
    public static func problem(in pattern: String) -> String? {
        var parser = Parser(Array(pattern.unicodeScalars))
        _ = parser.alternation()
        return parser.problem
    }

    /// What the check knows about a piece of a pattern.
    struct Node {
        /// It contains a quantifier without an upper bound (`*`, `+`, `{n,}`).
        var unbounded = false
        /// The atoms repeated without bound inside it.
        var repeatedAtoms: [String] = []
        /// Its first and last atoms when they are mandatory single atoms.
        var first: String?
        var last: String?
        /// Its single atoms in order, each with whether it may be left out (an alternation's are all optional).
        var atoms: [(atom: String, optional: Bool)] = []
    }

    /// The most times a group with optional parts may repeat before its ways to match can explode.
    static let largestAmbiguousCount = 10
    /// The most unbounded repetitions in a row that can match the same text.
    static let largestPolynomialDegree = 2

    struct Parser {
        /// The pattern's Unicode scalars: a quantifier or `|` followed by a combining mark is still seen as one.
        let characters: [Unicode.Scalar]
        var index = 0
        var problem: String?

        init(_ characters: [Unicode.Scalar]) { self.characters = characters }

        /// The scalars from `start` up to `end` as text.
        func text(_ start: Int, _ end: Int) -> String {
            String(String.UnicodeScalarView(characters[start..<end]))
        }

        mutating func alternation() -> Node {
            var branches = [sequence()]
            while index < characters.count, characters[index] == "|" {
                index += 1
                branches.append(sequence())
            }
            guard branches.count > 1 else { return branches[0] }
            var node = Node()
            node.atoms = branches.flatMap { $0.atoms.map { (atom: $0.atom, optional: true) } }
            node.unbounded = branches.contains { $0.unbounded }
            node.repeatedAtoms = branches.flatMap(\.repeatedAtoms)
            node.first = nil
            node.last = nil
            let starts = branches.map { $0.first ?? "." }
            var overlapping = false
            for (offset, start) in starts.enumerated() {
                for other in starts[(offset + 1)...] where SlowRegexCheck.overlap(start, other) { overlapping = true }
            }
            if overlapping { node.repeatedAtoms.append("|") }
            return node
        }

        mutating func sequence() -> Node {
            var node = Node()
            var isFirst = true
            var chain: [String] = [], degree = 0
            while index < characters.count, characters[index] != "|", characters[index] != ")" {
                let (atom, inner) = self.atom()
                let (low, high) = quantifier()
                let repeated = high == nil || (high ?? 1) > 1
                if let inner, let high, high > SlowRegexCheck.largestAmbiguousCount, SlowRegexCheck.ambiguous(inner.atoms), problem == nil {
                    problem = "it may take exponential time (a group repeated \(high) times has optional parts that can match what follows them)"
                }
                let unboundedAtoms = high == nil ? (inner.map { $0.atoms.map(\.atom) } ?? [atom ?? "."])
                    : (inner?.unbounded == true ? inner!.repeatedAtoms : [])
                let repeating = unboundedAtoms.filter { !$0.isEmpty && $0 != "|" }
                if !repeating.isEmpty {
                    if chain.contains(where: { link in repeating.contains { SlowRegexCheck.overlap(link, $0) } }) {
                        degree += 1
                        chain += repeating
                    } else {
                        (chain, degree) = (repeating, 1)
                    }
                    if degree > SlowRegexCheck.largestPolynomialDegree && problem == nil {
                        problem = "it may take polynomial time (\(degree) repetitions in a row can match the same text, so a long input that fails is tried in about length^\(degree) ways)"
                    }
                } else if low > 0, let first = inner?.first ?? atom, !first.isEmpty, !chain.contains(where: { SlowRegexCheck.overlap($0, first) }) {
                    (chain, degree) = ([], 0)
                }
                if repeated, let inner, inner.unbounded || inner.repeatedAtoms.contains("|") {
                    let guarded = [inner.first, inner.last].contains { edge in
                        guard let edge, SlowRegexCheck.isLiteral(edge) else { return false }
                        return !inner.repeatedAtoms.contains { SlowRegexCheck.overlap($0, edge) }
                    }
                    if !guarded && problem == nil {
                        problem = "it may take exponential time (a repeated group repeats inside: nested or overlapping quantifiers)"
                    }
                }
                var piece = inner ?? Node(first: atom, last: atom, atoms: atom.map { $0.isEmpty ? [] : [(atom: $0, optional: false)] } ?? [])
                if low == 0 { piece.atoms = piece.atoms.map { (atom: $0.atom, optional: true) } }
                if high == nil {
                    piece.unbounded = true
                    piece.repeatedAtoms.append(atom ?? ".")
                }
                if low == 0 || high != 1 { piece.first = nil; piece.last = nil }
                node.unbounded = node.unbounded || piece.unbounded
                node.repeatedAtoms += piece.repeatedAtoms
                node.atoms += piece.atoms
                if isFirst { node.first = piece.first }
                node.last = piece.last
                if low == 0 && isFirst { node.first = nil }
                isFirst = false
            }
            return node
        }

        /// One atom: its text when it is a single character matcher, or the node of a group.
        mutating func atom() -> (String?, Node?) {
            let character = characters[index]
            switch character {
            case "(":
                index += 1
                var lookaround = false
                if index < characters.count, characters[index] == "?" {
                    index += 1
                    if index < characters.count, characters[index] == "<", index + 1 < characters.count,
                       characters[index + 1] != "=", characters[index + 1] != "!" {
                        while index < characters.count, characters[index] != ">" { index += 1 }
                        index += 1
                    } else {
                        lookaround = characters[index] != ":"
                        while index < characters.count, [":", "=", "!", "<"].contains(characters[index]) { index += 1 }
                    }
                }
                var inner = alternation()
                if index < characters.count { index += 1 }
                if lookaround { inner = Node() }
                return (nil, inner)
            case "[":
                let start = index
                index += 1
                if index < characters.count, characters[index] == "^" { index += 1 }
                if index < characters.count, characters[index] == "]" { index += 1 }
                while index < characters.count, characters[index] != "]" {
                    if characters[index] == "\\" { index += 1 }
                    index += 1
                }
                index = min(index + 1, characters.count)
                return (text(start, index), nil)
            case "\\":
                let end = min(index + 2, characters.count)
                let text = self.text(index, end)
                index = end
                if text == "\\p" || text == "\\P", index < characters.count, characters[index] == "{" {
                    while index < characters.count, characters[index] != "}" { index += 1 }
                    index = min(index + 1, characters.count)
                    return (".", nil)
                }
                return (text == "\\b" || text == "\\B" ? "" : text, nil)
            case "^", "$":
                index += 1
                return ("", nil)
            default:
                index += 1
                return (String(character), nil)
            }
        }

        /// The bounds of a quantifier after an atom: (1, 1) when there is none; nil high when unbounded.
        mutating func quantifier() -> (Int, Int?) {
            guard index < characters.count else { return (1, 1) }
            var bounds: (Int, Int?)
            switch characters[index] {
            case "*": bounds = (0, nil); index += 1
            case "+": bounds = (1, nil); index += 1
            case "?": bounds = (0, 1); index += 1
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return (1, 1) }
                let parts = text(index + 1, close).split(separator: ",", omittingEmptySubsequences: false)
                guard let low = parts.first.flatMap({ Int($0) }) else { return (1, 1) }
                index = close + 1
                bounds = parts.count == 1 ? (low, low) : (low, Int(parts[1]))
            default: return (1, 1)
            }
            if index < characters.count, characters[index] == "?" { index += 1 }
            return bounds
        }
    }

    /// Whether a repeated sequence of atoms can match the same text in more than one way: an optional atom that may
    /// match what can come right after it (the atoms up to the next mandatory one, wrapping round to the start of the
    /// next repetition).
    static func ambiguous(_ atoms: [(atom: String, optional: Bool)]) -> Bool {
        for (offset, item) in atoms.enumerated() where item.optional {
            for next in atoms[(offset + 1)...] + atoms {
                if overlap(item.atom, next.atom) { return true }
                if !next.optional { break }
            }
        }
        return false
    }

    /// Whether an atom is one literal character (or an escaped one).
    static func isLiteral(_ atom: String) -> Bool {
        atom.count == 1 && atom != "." || (atom.count == 2 && atom.hasPrefix("\\") && !"dDwWsSpP".contains(atom.last!))
    }

    /// Whether two single-character atoms may match the same character (a conservative guess).
    static func overlap(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if a.isEmpty || b.isEmpty { return false }
        for (x, y) in [(a, b), (b, a)] {
            let literal = isLiteral(y) ? y.last! : nil
            if x.hasPrefix("[^"), let literal { return !classContains("[" + x.dropFirst(2), literal) }
            if x == "." || x.hasPrefix("[^") || ["\\W", "\\S", "\\D"].contains(x) { return true }
            switch x {
            case "\\w": if let literal, literal.isLetter || literal.isNumber || literal == "_" { return true }
                if y == "\\d" || y.hasPrefix("[") { return true }
            case "\\d": if let literal, literal.isNumber { return true }
                if y.hasPrefix("[") { return true }
            case "\\s": if let literal, literal.isWhitespace { return true }
                if y.hasPrefix("[") { return true }
            default:
                if x.hasPrefix("["), let literal, classContains(x, literal) { return true }
                if x.hasPrefix("["), y.hasPrefix("[") { return true }
            }
        }
        return false
    }

    /// Whether a class `[…]` (not negated) lists `character` or a range around it.
    static func classContains(_ text: String, _ character: Character) -> Bool {
        let body = Array(text.dropFirst().dropLast())
        var index = 0
        while index < body.count {
            var current = body[index]
            if current == "\\", index + 1 < body.count {
                index += 1
                current = body[index]
                let matches: Bool? = switch current {
                case "w": character.isLetter || character.isNumber || character == "_"
                case "d": character.isNumber
                case "s": character.isWhitespace
                default: nil
                }
                if let matches {
                    if matches { return true }
                    index += 1
                    continue
                }
            }
            if index + 2 < body.count, body[index + 1] == "-" {
                if current <= character && character <= body[index + 2] { return true }
                index += 3
                continue
            }
            if current == character { return true }
            index += 1
        }
        return false
    }
}
