import Foundation
import Testing
@testable import FormgenCore

/// Every diagnostic text in `Sources/FormgenCore` is pinned by at least one exact expected line.
///
/// **What counts as a diagnostic text.** The Swift files of `Sources/FormgenCore` (the only target that reports
/// located config diagnostics: `FormgenServer` and `FormgenCollect` log to a `Logger` or answer HTTP, and print the
/// core's diagnostics unchanged) are read by a small Swift lexer (comments, plain, multi-line and raw string
/// literals, interpolations). A *sink* is a call `….error(…)` or `….warning(…)` (`log.error`, `node.error`,
/// `value?.warning`, `(a ?? b).error`, …: the message is its first argument) or a `Diagnostic(…)` initializer (the
/// message is its last argument). A sink's message is resolved to patterns:
/// - a string literal (or literals joined by `+`) is one pattern; each interpolation `\(…)` is a wildcard;
/// - a ternary `c ? "a" : "b"` gives one pattern per branch;
/// - an identifier (`message`, `text`) is the literal of its nearest `let`/`var` declaration above the sink in the
///   same file, with a trailing wildcard when it is appended to (`message += " (did you mean …)"`);
/// - a call of a message builder declared in the scanned sources (`unknownMessage("keyboard", …)`,
///   `Markdown.oversizedTableMessage(…)`) gives each literal the builder returns, with the call's literal
///   arguments put in place of the parameters they fill (`unknown keyboard '…' (did you mean '…'?)` and
///   `unknown keyboard '…' (known: …)` are two patterns).
/// A sink whose message resolves to no literal (a message forwarded from a parser, a cache, a wrapper) must be
/// named in ``forwarders`` with why; a new one fails ``everySinkIsResolved`` (so does a text with no word of its own,
/// such as `"\(url): \(error)"`, which any line would match). A call on a type (`Self.error(…)`,
/// `CollectService.error(…)`) is a static helper building an HTTP answer, not a sink. A text no test can reach is
/// named in ``unreachable`` with why.
///
/// **What counts as a pinned line.** An exact line `path:L:C: error|warning: message`, found in
/// - the expected lines of the catalog's rows (``DiagnosticCatalogTests/cases``, `mockCases`, `remoteCases`),
/// - every `expected.txt` under `Tests/FormgenCoreTests/Fixtures/invalid/`,
/// - every string literal of every Swift file under `Tests/` (split at line breaks), which is how the suites that
///   pin a whole diagnostic line (`"configs/forms/f.yaml:3:5: error: …"`) count. A test literal's own
///   interpolation (`\(origin.base)/f.json: …`) is read as one character that no literal text of a pattern holds,
///   so it can only stand where the pattern has a wildcard.
/// A pattern is covered when it matches the whole message part of at least one such line.
@Suite struct DiagnosticCoverageTests {
    /// Sinks whose message is not a literal in the sources, by file and argument text, each with why.
    static let forwarders: [String: String] = [
        "Diagnostics/Diagnostic.swift|message": "DiagnosticLog.error/warning build the Diagnostic from their argument",
        "Config/ConfigNode.swift|message": "ConfigNode.error/warning forward to the log at the node's location",
        "Load/ConfigFile.swift|message": "the YAML and JSON readers' syntax errors (pinned by the 'YAML syntax' rows and the yaml-syntax fixture)",
        "Load/StrictJSON.swift|message": "StrictJSON.problem's texts, the same forwarded JSON syntax errors (StrictJSONTests)",
        "Support/SavedRecord.swift|message": "diagnostics read back from the build's saved state and readings: a cached file's warnings and an unchanged config file's diagnostics, said again as the build that read it recorded them",
        "Build/SiteBuilder.swift|parts.dropFirst().joined(separator: \": \")": "the template i18n override problems of Messages.readTables (catalog rows 'message table not an object', 'message not text')",
        #"Remote/RemoteSourceLoader.swift|"\(list.request.url): \(error)""#: "a downloaded list's OptionList error after its URL (RemoteReaderTests)",
    ]

    /// Diagnostic texts no test can reach, by pattern (`*` for a wildcard), each with why. Keep it short.
    static let unreachable: [String: String] = [
        // Theme.load reads the built-in templates first and a site's templates only add to or replace them, so the
        // four layouts are always there unless the installed formgen itself lacks them.
        "missing template '*'": "the built-in theme always holds layouts/base, form, flow and index",
    ]

    // MARK: The tests

    @Test func theScanFindsTheDiagnostics() {
        let scan = Self.scan
        if ProcessInfo.processInfo.environment["FORMGEN_PRINT_DIAGNOSTICS"] != nil {
            print("DIAGNOSTICS: \(scan.patterns.count) texts from \(scan.sinks) sinks, \(Self.pinnedMessages.count) pinned messages")
            for pattern in scan.patterns { print("DIAGNOSTIC\t\(pattern.location)\t\(pattern.text)") }
        }
        // Far fewer would mean the lexer lost its way; the sources hold well over 150 diagnostic texts.
        #expect(scan.patterns.count > 150, "only \(scan.patterns.count) diagnostic texts found")
        #expect(scan.sinks > 180, "only \(scan.sinks) sinks found")
        #expect(Self.pinnedMessages.count > 150, "only \(Self.pinnedMessages.count) pinned lines found")
    }

    @Test func everySinkIsResolved() {
        let unresolved = Self.scan.unresolved.filter { Self.forwarders[$0.key] == nil }
        let report = unresolved.map { "\($0.location): \($0.key)" }.sorted().joined(separator: "\n")
        #expect(unresolved.isEmpty, "sinks whose message is not a literal (name them in `forwarders` with why):\n\(report)")
        let stale = Set(Self.forwarders.keys).subtracting(Self.scan.unresolved.map(\.key))
        #expect(stale.isEmpty, "forwarders no longer in the sources: \(stale.sorted())")
    }

    @Test func everyDiagnosticIsPinned() {
        let messages = Self.pinnedMessages
        let uncovered = Self.scan.patterns.filter { pattern in
            Self.unreachable[pattern.text] == nil && !messages.contains { pattern.matches($0) }
        }
        let report = uncovered.map { "\($0.location): \($0.text)" }.sorted().joined(separator: "\n")
        if !uncovered.isEmpty { print("UNCOVERED DIAGNOSTICS (\(uncovered.count) of \(Self.scan.patterns.count)):\n\(report)") }
        #expect(uncovered.isEmpty, "\(uncovered.count) of \(Self.scan.patterns.count) diagnostic texts have no exact expected line:\n\(report)")
        let stale = Set(Self.unreachable.keys).subtracting(Self.scan.patterns.map(\.text))
        #expect(stale.isEmpty, "unreachable texts no longer in the sources: \(stale.sorted())")
        let reached = Self.unreachable.keys.filter { text in
            Self.scan.patterns.contains { $0.text == text && messages.contains(where: $0.matches) }
        }
        #expect(reached.isEmpty, "texts listed as unreachable that a test now pins; take them off the list: \(reached.sorted())")
    }

    @Test func theLexerReadsLiterals() {
        let source = ##"""
        // log.error("in a comment")
        /* node.error("in a /* nested */ comment") */
        log.error("plain \(a) and \"quoted\" \(f("inner)")) end", at: x)
        node["k"]?.warning(flag ? "yes \(x)" : "no")
        let message = "base '\(id)'"
        message += " (did you mean?)"
        log.error(message, at: location)
        log.append(Diagnostic(.warning, at: here, #"raw "\#(x)" \n"#))
        """##
        let file = SwiftLexer.File(path: "T.swift", text: source)
        var scan = DiagnosticScan()
        scan.add(file, all: [file])
        #expect(scan.patterns.map(\.text) == ["plain * and \"quoted\" * end", "yes *", "no", "base '*'*", "raw \"*\" \\n"])
        #expect(scan.patterns[0].matches("plain 1 and \"quoted\" 2 end"))
        #expect(!scan.patterns[0].matches("plain 1 and quoted 2 end"))
        #expect(scan.unresolved.isEmpty)
    }

    // MARK: Sources and pinned lines

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under folder: String) -> [SwiftLexer.File] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [SwiftLexer.File] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let relative = String(url.path.dropFirst(base.path.count + 1))
            files.append(SwiftLexer.File(path: relative, text: text))
        }
        return files.sorted { $0.path < $1.path }
    }

    static let scan: DiagnosticScan = {
        let files = swiftFiles(under: "Sources/FormgenCore")
        var scan = DiagnosticScan()
        for file in files { scan.add(file, all: files) }
        return scan
    }()

    /// The message part of every pinned diagnostic line.
    static let pinnedMessages: [String] = {
        var lines: [String] = (DiagnosticCatalogTests.cases + DiagnosticCatalogTests.mockCases).flatMap(\.expected)
            + DiagnosticCatalogTests.remoteCases.flatMap(\.expected)
        let invalid = root.appendingPathComponent("Tests/FormgenCoreTests/Fixtures/invalid")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: invalid.path)) ?? [] {
            if let text = try? String(contentsOfFile: invalid.appendingPathComponent(name).appendingPathComponent("expected.txt").path, encoding: .utf8) {
                lines += text.components(separatedBy: "\n")
            }
        }
        for file in swiftFiles(under: "Tests") {
            for literal in file.tokens.compactMap(\.literal) {
                lines += literal.rendered(interpolation: "\u{FFFC}").components(separatedBy: "\n")
            }
        }
        var messages = Set<String>()
        for line in lines {
            guard let message = pinnedMessage(line) else { continue }
            messages.insert(message)
        }
        return messages.sorted()
    }()

    private static let linePattern = try! NSRegularExpression(pattern: #"[^\s"]+:[0-9]+:[0-9]+: (?:error|warning): (.+)$"#)

    /// `message` of a line `path:L:C: error: message`, nil for any other line.
    static func pinnedMessage(_ line: String) -> String? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = linePattern.firstMatch(in: line, range: range), let message = Range(match.range(at: 1), in: line) else { return nil }
        return String(line[message])
    }
}

// MARK: - The scan

/// One diagnostic text found in the sources: literal parts and wildcards.
struct DiagnosticPattern: Hashable {
    enum Part: Hashable {
        case text(String)
        case wildcard
    }

    var parts: [Part]
    var location: String

    /// The text with `*` for each wildcard.
    var text: String {
        parts.map { if case .text(let text) = $0 { return text } else { return "*" } }.joined()
    }

    var regex: NSRegularExpression {
        var pattern = "^"
        for part in parts {
            switch part {
            case .text(let text): pattern += NSRegularExpression.escapedPattern(for: text)
            case .wildcard: pattern += "(?:.|\\n)*"
            }
        }
        return try! NSRegularExpression(pattern: pattern + "$")
    }

    func matches(_ message: String) -> Bool {
        regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)) != nil
    }

    /// The same parts, adjacent texts joined and adjacent wildcards merged.
    static func normalized(_ parts: [Part]) -> [Part] {
        var result: [Part] = []
        for part in parts {
            switch (result.last, part) {
            case (.text(let a)?, .text(let b)): result[result.count - 1] = .text(a + b)
            case (.wildcard?, .wildcard): continue
            case (_, .text(let text)) where text.isEmpty: continue
            default: result.append(part)
            }
        }
        return result
    }
}

/// The diagnostic texts of a set of Swift files.
struct DiagnosticScan {
    struct Unresolved {
        var key: String
        var location: String
    }

    /// Distinct patterns, each with the first place it was found.
    private(set) var patterns: [DiagnosticPattern] = []
    private var seen: Set<[DiagnosticPattern.Part]> = []
    private(set) var unresolved: [Unresolved] = []
    private(set) var sinks = 0

    typealias Token = SwiftLexer.Token

    mutating func add(_ file: SwiftLexer.File, all files: [SwiftLexer.File]) {
        let tokens = file.tokens
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { continue }
            let message: [Token]
            if token.text == "error" || token.text == "warning", index > 0, tokens[index - 1].text == ".",
               !(index > 1 && tokens[index - 2].isTypeName) {
                guard let arguments = Self.arguments(tokens, open: index + 1), let first = arguments.first else { continue }
                message = Self.unlabeled(first)
            } else if token.text == "Diagnostic", index == 0 || ![".", "struct", "extension", "func"].contains(tokens[index - 1].text) {
                guard let arguments = Self.arguments(tokens, open: index + 1), let last = arguments.last, arguments.count >= 2 else { continue }
                message = Self.unlabeled(last)
            } else {
                continue
            }
            sinks += 1
            let location = "\(file.path):\(token.line)"
            // A text with no word of its own (`"\(url): \(error)"`) pins nothing: it forwards another message.
            let resolved = resolve(message, at: index, in: file, all: files).filter { parts in
                parts.contains { if case .text(let text) = $0 { return text.contains(where: \.isLetter) } else { return false } }
            }
            if resolved.isEmpty {
                unresolved.append(Unresolved(key: "\(file.path)|\(SwiftLexer.source(message))", location: location))
            }
            for parts in resolved {
                let parts = DiagnosticPattern.normalized(parts)
                if seen.insert(parts).inserted { patterns.append(DiagnosticPattern(parts: parts, location: location)) }
            }
        }
    }

    /// The patterns of a message expression; none when it is not built from literals.
    private func resolve(_ expression: [Token], at position: Int, in file: SwiftLexer.File, all files: [SwiftLexer.File]) -> [[DiagnosticPattern.Part]] {
        var expression = expression
        while expression.first?.text == "(", let close = Self.matching(expression, 0), close == expression.count - 1 {
            expression = Array(expression[1..<close])
        }
        // A ternary: each branch is a message.
        if let question = Self.topLevel(expression, where: { $0.text == "?" && $0.spaceBefore }),
           let colon = Self.topLevel(expression, from: question + 1, where: { $0.text == ":" }) {
            return resolve(Array(expression[(question + 1)..<colon]), at: position, in: file, all: files)
                + resolve(Array(expression[(colon + 1)...]), at: position, in: file, all: files)
        }
        // Literals joined by `+`.
        if expression.allSatisfy({ $0.literal != nil || $0.text == "+" }), expression.contains(where: { $0.literal != nil }) {
            return [expression.compactMap(\.literal).flatMap { inlined($0, filling: [:], all: files) }]
        }
        // A variable declared above with a literal.
        if expression.count == 1, expression[0].isIdentifier {
            return variable(expression[0].text, before: position, in: file.tokens, all: files)
        }
        // A message builder's call: `name(…)` or `Type.name(…)`.
        if let open = expression.firstIndex(where: { $0.text == "(" }), Self.matching(expression, open) == expression.count - 1,
           open > 0, expression[..<open].allSatisfy({ $0.isIdentifier || $0.text == "." }) {
            let arguments = Self.arguments(expression, open: open) ?? []
            return builder(expression[open - 1].text, arguments: arguments.map(Self.unlabeled), all: files)
        }
        return []
    }

    private func variable(_ name: String, before position: Int, in tokens: [Token], all files: [SwiftLexer.File]) -> [[DiagnosticPattern.Part]] {
        var index = position - 1
        while index >= 2, tokens[index].text != "func" {
            if tokens[index].text == name, ["let", "var"].contains(tokens[index - 1].text), index + 2 < tokens.count, tokens[index + 1].text == "=" {
                guard let literal = tokens[index + 2].literal else { return [] }
                let appended = tokens[index..<position].indices.contains { tokens[$0].text == name && $0 + 1 < position && tokens[$0 + 1].text == "+=" }
                return [inlined(literal, filling: [:], all: files) + (appended ? [.wildcard] : [])]
            }
            index -= 1
        }
        return []
    }

    private func builder(_ name: String, arguments: [[Token]], all files: [SwiftLexer.File], depth: Int = 0) -> [[DiagnosticPattern.Part]] {
        for file in files {
            let tokens = file.tokens
            for index in tokens.indices.dropLast(2) where tokens[index].text == "func" && tokens[index + 1].text == name && tokens[index + 2].text == "(" {
                guard let close = Self.matching(tokens, index + 2),
                      let body = tokens[close...].firstIndex(where: { $0.text == "{" }), let end = Self.matching(tokens, body) else { continue }
                // The parameters' inner names, in order.
                let parameters = (Self.arguments(tokens, open: index + 2) ?? []).map { parameter -> String in
                    let colon = parameter.firstIndex { $0.text == ":" } ?? parameter.count
                    return colon > 0 ? parameter[colon - 1].text : ""
                }
                let filling = Dictionary(zip(parameters, arguments).compactMap { parameter, argument in
                    argument.count == 1 && argument[0].literal?.isPlain == true ? (parameter, argument[0].literal!.rendered(interpolation: "")) : nil
                }, uniquingKeysWith: { a, _ in a })
                // What it returns: a single-expression body, or each `return` statement's expression (to the end of its line).
                var returned: [[Token]] = []
                if !tokens[(body + 1)..<end].contains(where: { $0.text == "return" }) {
                    returned = [Array(tokens[(body + 1)..<end])]
                }
                for position in (body + 1)..<end where tokens[position].text == "return" {
                    var expression: [Token] = []
                    var depth = 0
                    for token in tokens[(position + 1)..<end] where token.line == tokens[position].line {
                        if ["(", "[", "{"].contains(token.text) { depth += 1 }
                        if [")", "]", "}"].contains(token.text) { depth -= 1 }
                        if depth < 0 { break }
                        expression.append(token)
                    }
                    returned.append(expression)
                }
                var results: [[DiagnosticPattern.Part]] = []
                for expression in returned {
                    if expression.count == 1, let literal = expression[0].literal {
                        results.append(inlined(literal, filling: filling, all: files, depth: depth + 1))
                        continue
                    }
                    // Anything but literals (`known.isEmpty ? "" : …`, `names.joined(…)`): not a fixed text.
                    guard expression.contains(where: { $0.literal != nil }), expression.allSatisfy({ $0.literal != nil || $0.text == "+" }) else { return [] }
                    results.append(expression.compactMap(\.literal).flatMap { inlined($0, filling: filling, all: files, depth: depth + 1) })
                }
                return results
            }
        }
        return []
    }

    /// A literal's parts, with `values` put in place of the interpolations that are just their names, and each
    /// interpolation that calls a message builder with one result (`\(Markdown.oversizedTableMessage(table))`)
    /// replaced by that result; any other interpolation is a wildcard.
    private func inlined(_ literal: SwiftLexer.Literal, filling values: [String: String], all files: [SwiftLexer.File], depth: Int = 0) -> [DiagnosticPattern.Part] {
        literal.segments.flatMap { segment -> [DiagnosticPattern.Part] in
            switch segment {
            case .text(let text): return [.text(text)]
            case .interpolation(let code):
                if let value = values[code.trimmingCharacters(in: .whitespaces)] { return [.text(value)] }
                let tokens = SwiftLexer.File(path: "", text: code).tokens
                if depth < 3, let open = tokens.firstIndex(where: { $0.text == "(" }), open > 0, Self.matching(tokens, open) == tokens.count - 1,
                   tokens[..<open].allSatisfy({ $0.isIdentifier || $0.text == "." }) {
                    let results = builder(tokens[open - 1].text, arguments: (Self.arguments(tokens, open: open) ?? []).map(Self.unlabeled), all: files, depth: depth)
                    if results.count == 1 { return results[0] }
                }
                return [.wildcard]
            }
        }
    }

    // MARK: Token helpers

    /// The index of the bracket closing the one at `open`.
    static func matching(_ tokens: [Token], _ open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The arguments between the bracket at `open` and its match, split at top-level commas.
    static func arguments(_ tokens: [Token], open: Int) -> [[Token]]? {
        guard let close = matching(tokens, open) else { return nil }
        var result: [[Token]] = [[]]
        var depth = 0
        for token in tokens[(open + 1)..<close] {
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                result.append([])
                continue
            default: break
            }
            result[result.count - 1].append(token)
        }
        return result == [[]] ? [] : result
    }

    /// An argument without its label (`at: location` → `location`).
    static func unlabeled(_ argument: [Token]) -> [Token] {
        argument.count > 2 && argument[0].isIdentifier && argument[1].text == ":" ? Array(argument.dropFirst(2)) : argument
    }

    static func topLevel(_ tokens: [Token], from start: Int = 0, where test: (Token) -> Bool) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: if depth == 0 && test(tokens[index]) { return index }
            }
        }
        return nil
    }
}

// MARK: - The lexer

/// Just enough of Swift's lexical structure to find string literals and the code around them.
enum SwiftLexer {
    struct Literal: Hashable {
        enum Segment: Hashable {
            case text(String)
            case interpolation(String)
        }

        var segments: [Segment]

        var isPlain: Bool { segments.allSatisfy { if case .text = $0 { return true } else { return false } } }

        func rendered(interpolation: String) -> String {
            segments.map { if case .text(let text) = $0 { return text } else { return interpolation } }.joined()
        }
    }

    struct Token: Hashable {
        var text: String
        var literal: Literal?
        var line: Int
        var spaceBefore: Bool

        /// `Self`, `CollectService`: a static call (`Self.error(…)` builds an HTTP answer), not a diagnostic.
        var isTypeName: Bool { isIdentifier && text.first?.isUppercase == true }

        var isIdentifier: Bool {
            guard literal == nil, let first = text.unicodeScalars.first else { return false }
            return first == "_" || first == "$" || first == "`" || CharacterSet.letters.contains(first)
        }
    }

    struct File {
        var path: String
        var tokens: [Token]

        init(path: String, text: String) {
            self.path = path
            var lexer = Lexer(Array(text.utf8))
            tokens = lexer.tokens()
        }
    }

    /// The source text of some tokens, as written apart from spacing.
    static func source(_ tokens: [Token]) -> String {
        var text = ""
        for token in tokens {
            if token.spaceBefore && !text.isEmpty { text += " " }
            if let literal = token.literal {
                text += "\"" + literal.segments.map { if case .text(let t) = $0 { return t } else if case .interpolation(let c) = $0 { return "\\(\(c))" }; return "" }.joined() + "\""
            } else {
                text += token.text
            }
        }
        return text
    }

    struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
        }

        /// Tokens until the end, or until an unmatched `)` when `interpolation` (which is consumed).
        mutating func tokens(interpolation: Bool = false) -> [Token] {
            var tokens: [Token] = []
            var space = false
            var depth = 0
            while let byte = peek() {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    space = true
                    advance()
                    continue
                }
                if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                    while let next = peek(), next != 0x0A { advance() }
                    space = true
                    continue
                }
                if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    var nesting = 0
                    repeat {
                        if peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { nesting += 1; advance(); advance() }
                        else if peek() == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") { nesting -= 1; advance(); advance() }
                        else { advance() }
                    } while nesting > 0 && peek() != nil
                    space = true
                    continue
                }
                let startLine = line
                // A string literal, raw (`#"…"#`) or not, single- or multi-line.
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if peek(hashes) == UInt8(ascii: "\"") {
                    for _ in 0..<hashes { advance() }
                    let literal = string(hashes: hashes)
                    tokens.append(Token(text: "\"", literal: literal, line: startLine, spaceBefore: space))
                    space = false
                    continue
                }
                if Self.isIdentifierByte(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "`") {
                    let start = index
                    advance()
                    if byte == UInt8(ascii: "`") {
                        while let next = peek(), next != UInt8(ascii: "`"), next != 0x0A { advance() }
                        if peek() == UInt8(ascii: "`") { advance() }
                    } else {
                        while let next = peek(), Self.isIdentifierByte(next) { advance() }
                    }
                    tokens.append(Token(text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine, spaceBefore: space))
                    space = false
                    continue
                }
                if interpolation {
                    if byte == UInt8(ascii: "(") { depth += 1 }
                    if byte == UInt8(ascii: ")") {
                        if depth == 0 { advance(); return tokens }
                        depth -= 1
                    }
                }
                var text = String(decoding: [byte], as: UTF8.self)
                if (byte == UInt8(ascii: "?") && peek(1) == UInt8(ascii: "?")) || (byte == UInt8(ascii: "+") && peek(1) == UInt8(ascii: "=")) {
                    text += String(decoding: [peek(1)!], as: UTF8.self)
                    advance()
                }
                advance()
                tokens.append(Token(text: text, line: startLine, spaceBefore: space))
                space = false
            }
            return tokens
        }

        /// A string literal from its opening quote (after any `#`), through its closing quote and `#`s.
        mutating func string(hashes: Int) -> Literal {
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            let quotes = multiline ? 3 : 1
            for _ in 0..<quotes { advance() }
            var segments: [Literal.Segment] = []
            var text: [UInt8] = []
            func closes(_ lexer: Lexer) -> Bool {
                for offset in 0..<quotes where lexer.peek(offset) != UInt8(ascii: "\"") { return false }
                for offset in 0..<hashes where lexer.peek(quotes + offset) != UInt8(ascii: "#") { return false }
                return true
            }
            while let byte = peek() {
                if closes(self) {
                    for _ in 0..<(quotes + hashes) { advance() }
                    break
                }
                if !multiline && byte == 0x0A { break }
                var escape = byte == UInt8(ascii: "\\")
                for offset in 0..<hashes where peek(1 + offset) != UInt8(ascii: "#") { escape = false }
                guard escape else {
                    text.append(byte)
                    advance()
                    continue
                }
                for _ in 0...hashes { advance() }
                guard let code = peek() else { break }
                advance()
                switch code {
                case UInt8(ascii: "("):
                    let start = index
                    var inner = Lexer(bytes)
                    inner.index = index
                    inner.line = line
                    _ = inner.tokens(interpolation: true)
                    segments.append(.text(String(decoding: text, as: UTF8.self)))
                    text = []
                    segments.append(.interpolation(String(decoding: bytes[start..<(inner.index - 1)], as: UTF8.self)))
                    index = inner.index
                    line = inner.line
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "0"): text.append(0x00)
                case UInt8(ascii: "u"):
                    var hex: [UInt8] = []
                    if peek() == UInt8(ascii: "{") {
                        advance()
                        while let digit = peek(), digit != UInt8(ascii: "}") { hex.append(digit); advance() }
                        advance()
                    }
                    if let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value) {
                        text += Array(String(Character(scalar)).utf8)
                    }
                case 0x0A:
                    // A line continuation in a multi-line literal.
                    while let next = peek(), next == 0x20 || next == 0x09 { advance() }
                default: text.append(code)
                }
            }
            segments.append(.text(String(decoding: text, as: UTF8.self)))
            if multiline { segments = Self.dedented(segments) }
            return Literal(segments: segments.filter { $0 != .text("") })
        }

        /// A multi-line literal's text without its first line break, its last line and the closing line's indentation.
        static func dedented(_ segments: [Literal.Segment]) -> [Literal.Segment] {
            guard case .text(let last)? = segments.last, let lastBreak = last.lastIndex(of: "\n") else { return segments }
            let indent = last[last.index(after: lastBreak)...]
            var segments = segments
            segments[segments.count - 1] = .text(String(last[..<lastBreak]))
            return segments.map { segment in
                guard case .text(let text) = segment else { return segment }
                var lines = text.components(separatedBy: "\n")
                for index in lines.indices.dropFirst() where lines[index].hasPrefix(indent) {
                    lines[index] = String(lines[index].dropFirst(indent.count))
                }
                return .text(lines.joined(separator: "\n"))
            }.enumerated().map { offset, segment in
                if offset == 0, case .text(let text) = segment, text.hasPrefix("\n") { return .text(String(text.dropFirst())) }
                return segment
            }
        }
    }
}
