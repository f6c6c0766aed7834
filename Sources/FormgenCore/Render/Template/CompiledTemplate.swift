/// A Mustache template compiled once per build into tokens whose names are split at their dots, rendered
/// against ``TemplateValue``s (see `CompiledTemplate+Render.swift`).
///
/// It reads templates exactly as swift-mustache (the library that checks a theme's syntax) does: the same
/// standalone lines, partial indentation, inheritance (`{{<base}}{{$main}}…{{/main}}{{/base}}`) and set delimiters,
/// so a page is byte for byte what swift-mustache would write. What it does not render (transforms such as
/// `{{uppercased(name)}}`, dynamic partials `{{>*name}}`, `{{%CONTENT_TYPE}}`) throws ``Unsupported``; a theme
/// using one renders through swift-mustache instead.
struct CompiledTemplate: Sendable, Equatable {
    /// A name as written (`t.choose`, `.`, `.title`): its parts, and whether it is looked up in the current value only.
    struct Name: Sendable, Equatable {
        let parts: [String]
        /// `{{.}}` or a name starting with a dot: the current value, without climbing the context stack.
        let anchored: Bool
    }

    indirect enum Token: Sendable, Equatable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, CompiledTemplate, inverted: Bool)
        case blockDefinition(String, CompiledTemplate)
        case blockExpansion(String, defaultTemplate: CompiledTemplate, indentation: String)
        case partial(String, indentation: String?, overrides: [String: CompiledTemplate]?)
    }

    /// A construct this renderer leaves to swift-mustache.
    struct Unsupported: Error, Equatable {
        let construct: String
    }

    /// A syntax error; swift-mustache, which checks every theme first, reports it with its position.
    struct SyntaxError: Error {}

    var tokens: [Token]

    init(_ text: String) throws {
        var parser = Parser(text)
        self = try Self.parse(&parser, state: State())
    }

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    // MARK: Parsing

    private struct State {
        var sectionName: String?
        var newLine = true
        var isPartialDefinition = false
        var isPartialDefinitionTopLevel = false
        var start = "{{"
        var end = "}}"
        var partialDefinitionIndent: Substring?

        func inSection(_ name: String, newLine: Bool) -> State {
            var state = self
            state.sectionName = name
            state.isPartialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inInheritancePartial(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            return state
        }
    }

    private static func parse(_ parser: inout Parser, state initial: State) throws -> CompiledTemplate {
        var tokens: [Token] = []
        var state = initial
        var whiteSpaceBefore: Substring = ""
        func flushWhiteSpace() {
            if !whiteSpaceBefore.isEmpty {
                tokens.append(.text(String(whiteSpaceBefore)))
                whiteSpaceBefore = ""
            }
        }
        while !parser.atEnd {
            if state.newLine {
                let whiteSpace = parser.read(while: { $0 == " " || $0 == "\t" })
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = whiteSpace.dropFirst(indent.count)
                    } else {
                        state.partialDefinitionIndent = whiteSpace
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let text = parser.readUntilTagOrNewline(start: state.start)
            if parser.current.isNewline {
                tokens.append(.text(String(whiteSpaceBefore) + text + String(parser.current)))
                state.newLine = true
                parser.advance()
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(String(whiteSpaceBefore) + text))
                whiteSpaceBefore = ""
                state.newLine = false
            }
            if parser.atEnd { break }
            var setNewLine = false
            switch parser.current {
            case "#", "^":
                let inverted = parser.current == "^"
                parser.advance()
                let name = try parseName(&parser, state: state)
                if isStandalone(&parser, state: state) {
                    setNewLine = true
                } else {
                    flushWhiteSpace()
                }
                let body = try parse(&parser, state: state.inSection(name, newLine: setNewLine))
                tokens.append(.section(try Self.name(name), body, inverted: inverted))
            case "/":
                parser.advance()
                let name = try parseName(&parser, state: state)
                guard name == state.sectionName else { throw SyntaxError() }
                if !isStandalone(&parser, state: state) { flushWhiteSpace() }
                return CompiledTemplate(tokens: tokens)
            case "!":
                parser.advance()
                guard parser.skip(past: state.end) else { throw SyntaxError() }
                setNewLine = isStandalone(&parser, state: state)
            case "{", "&":
                let triple = parser.current == "{"
                flushWhiteSpace()
                parser.advance()
                let name = try parseName(&parser, state: state)
                if triple, !parser.read("}") { throw SyntaxError() }
                tokens.append(.variable(try Self.name(name), escaped: false))
            case ">":
                parser.advance()
                _ = parser.read(while: \.isWhitespace)
                if parser.current == "*" { throw Unsupported(construct: "dynamic partial") }
                let name = try parsePartialName(&parser, state: state)
                if !whiteSpaceBefore.isEmpty { tokens.append(.text(String(whiteSpaceBefore))) }
                if isStandalone(&parser, state: state) {
                    setNewLine = true
                    tokens.append(.partial(name, indentation: String(whiteSpaceBefore), overrides: nil))
                } else {
                    tokens.append(.partial(name, indentation: nil, overrides: nil))
                }
                whiteSpaceBefore = ""
            case "<":
                parser.advance()
                _ = parser.read(while: \.isWhitespace)
                let name = try parsePartialName(&parser, state: state)
                if name.hasPrefix("*") { throw Unsupported(construct: "dynamic partial") }
                if !whiteSpaceBefore.isEmpty { tokens.append(.text(String(whiteSpaceBefore))) }
                if isStandalone(&parser, state: state) { setNewLine = true }
                let body = try parse(&parser, state: state.inInheritancePartial(name))
                var overrides: [String: CompiledTemplate] = [:]
                for token in body.tokens {
                    switch token {
                    case .blockDefinition(let block, let template): overrides[block] = template
                    case .text: break
                    default: throw SyntaxError()
                    }
                }
                tokens.append(.partial(name, indentation: String(whiteSpaceBefore), overrides: overrides))
                whiteSpaceBefore = ""
            case "$":
                parser.advance()
                let name = try parseName(&parser, state: state)
                if state.isPartialDefinitionTopLevel {
                    setNewLine = isStandalone(&parser, state: state)
                    let body = try parse(&parser, state: state.inSection(name, newLine: setNewLine))
                    tokens.append(.blockDefinition(name, body))
                } else {
                    if !whiteSpaceBefore.isEmpty { tokens.append(.text(String(whiteSpaceBefore))) }
                    setNewLine = isStandalone(&parser, state: state)
                    let body = try parse(&parser, state: state.inSection(name, newLine: setNewLine))
                    tokens.append(.blockExpansion(name, defaultTemplate: body, indentation: String(whiteSpaceBefore)))
                    whiteSpaceBefore = ""
                }
            case "=":
                parser.advance()
                state = try setDelimiters(&parser, state: state)
                setNewLine = isStandalone(&parser, state: state)
            case "%":
                throw Unsupported(construct: "configuration variable")
            default:
                flushWhiteSpace()
                let name = try parseName(&parser, state: state)
                tokens.append(.variable(try Self.name(name), escaped: true))
            }
            state.newLine = setNewLine
        }
        guard state.sectionName == nil else { throw SyntaxError() }
        return CompiledTemplate(tokens: tokens)
    }

    private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    private static let partialNameCharacters = nameCharacters.union(["/"])

    private static func parseName(_ parser: inout Parser, state: State) throws -> String {
        _ = parser.read(while: \.isWhitespace)
        let text = String(parser.read(while: { nameCharacters.contains($0) }))
        _ = parser.read(while: \.isWhitespace)
        guard parser.read(state.end) else { throw SyntaxError() }
        // Searched as bytes: Foundation's `contains(_:)` for a string was a third of compiling a theme.
        if text.utf8.contains(UInt8(ascii: "(")) || text.utf8.contains(UInt8(ascii: ")")) { throw Unsupported(construct: "transform") }
        return text
    }

    private static func parsePartialName(_ parser: inout Parser, state: State) throws -> String {
        _ = parser.read(while: \.isWhitespace)
        let text = String(parser.read(while: { partialNameCharacters.contains($0) }))
        _ = parser.read(while: \.isWhitespace)
        guard parser.read(state.end) else { throw SyntaxError() }
        return text
    }

    private static func setDelimiters(_ parser: inout Parser, state: State) throws -> State {
        _ = parser.read(while: \.isWhitespace)
        let start = parser.read(while: { !$0.isWhitespace })
        _ = parser.read(while: \.isWhitespace)
        let end = parser.read(while: { $0 != "=" && !$0.isWhitespace })
        _ = parser.read(while: \.isWhitespace)
        guard !start.isEmpty, !end.isEmpty, parser.read("="), parser.read(state.end) else { throw SyntaxError() }
        var state = state
        state.start = String(start)
        state.end = String(end)
        state.isPartialDefinitionTopLevel = false
        return state
    }

    /// Whether the tag just read stands alone on its line; if so, the rest of the line (its newline too) is skipped.
    private static func isStandalone(_ parser: inout Parser, state: State) -> Bool {
        guard state.newLine else { return false }
        if parser.atEnd { return true }
        var ahead = parser
        _ = ahead.read(while: { $0 == " " || $0 == "\t" })
        guard ahead.current.isNewline else { return false }
        ahead.advance()
        parser = ahead
        return true
    }

    private static func name(_ text: String) throws -> Name {
        if text == "." { return Name(parts: [], anchored: true) }
        if text.isEmpty { throw Unsupported(construct: "empty name") }
        return Name(parts: text.split(separator: ".").map(String.init), anchored: text.hasPrefix("."))
    }

    /// A cursor over a template's characters.
    private struct Parser {
        let text: String
        var position: String.Index

        init(_ text: String) {
            self.text = text
            position = text.startIndex
        }

        var atEnd: Bool { position == text.endIndex }
        /// The current character; NUL at the end.
        var current: Character { atEnd ? "\0" : text[position] }

        mutating func advance() { position = text.index(after: position) }

        mutating func read(while accepts: (Character) -> Bool) -> Substring {
            let start = position
            while !atEnd, accepts(text[position]) { advance() }
            return text[start..<position]
        }

        /// Reads `expected` if it comes next.
        mutating func read(_ expected: String) -> Bool {
            var index = position
            for character in expected {
                guard index < text.endIndex, text[index] == character else { return false }
                index = text.index(after: index)
            }
            position = index
            return true
        }

        /// Moves past the next `marker`; false (and stays) when there is none.
        mutating func skip(past marker: String) -> Bool {
            var index = position
            while index < text.endIndex {
                if text[index...].hasPrefix(marker) {
                    position = text.index(index, offsetBy: marker.count)
                    return true
                }
                index = text.index(after: index)
            }
            return false
        }

        /// Text up to a line break (not read) or a tag's start delimiter (read).
        mutating func readUntilTagOrNewline(start: String) -> String {
            guard let first = start.first else { return "" }
            var result = ""
            while !atEnd {
                result.append(contentsOf: read(while: { $0 != "\n" && $0 != "\r\n" && $0 != first }))
                if current.isNewline { break }
                if current == first {
                    if read(start) { break }
                    result.append(first)
                    advance()
                }
            }
            return result
        }
    }
}
