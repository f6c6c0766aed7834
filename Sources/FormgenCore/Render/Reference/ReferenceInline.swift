/// Inline content of a reference page: the writer's own words, config strings, code, emphasis, links and line
/// breaks. Written as an interpolated string whose literal segments are the writer's words (they hold no Markdown
/// markup); `\(text:)` adds a config string (escaped in Markdown, folded to one line), `\(code:)` a code span,
/// `\(words:)` writer-made words such as a type name or a number.
struct ReferenceInline: ExpressibleByStringInterpolation, Sendable {
    enum Part: Sendable {
        /// The writer's words, written as they are in Markdown.
        case words(String)
        /// A config string: escaped in Markdown, its line breaks folded to single spaces.
        case text(String)
        case code(String)
        case emphasis([Part])
        case strong([Part])
        case link(href: String, [Part])
        case lineBreak
    }

    var parts: [Part]

    init(parts: [Part]) {
        self.parts = parts
    }

    init(stringLiteral value: String) {
        parts = value.isEmpty ? [] : [.words(value)]
    }

    init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.words(literal)) }
        }

        mutating func appendInterpolation(_ inline: ReferenceInline) {
            parts += inline.parts
        }

        /// A config string.
        mutating func appendInterpolation(text: String) {
            parts.append(.text(text))
        }

        mutating func appendInterpolation(code: String) {
            parts.append(.code(code))
        }

        /// Words the writer made (a type name, a count), holding no Markdown markup.
        mutating func appendInterpolation(words: String) {
            parts.append(.words(words))
        }

        mutating func appendInterpolation(_ number: Int) {
            parts.append(.words(String(number)))
        }
    }

    static func text(_ text: String) -> ReferenceInline { ReferenceInline(parts: [.text(text)]) }
    static func code(_ code: String) -> ReferenceInline { ReferenceInline(parts: [.code(code)]) }
    static func words(_ words: String) -> ReferenceInline { ReferenceInline(parts: [.words(words)]) }
    static func emphasis(_ inline: ReferenceInline) -> ReferenceInline { ReferenceInline(parts: [.emphasis(inline.parts)]) }
    static func strong(_ inline: ReferenceInline) -> ReferenceInline { ReferenceInline(parts: [.strong(inline.parts)]) }
    static func link(_ inline: ReferenceInline, to href: String) -> ReferenceInline { ReferenceInline(parts: [.link(href: href, inline.parts)]) }
    static let lineBreak = ReferenceInline(parts: [.lineBreak])

    static func + (lhs: ReferenceInline, rhs: ReferenceInline) -> ReferenceInline {
        ReferenceInline(parts: lhs.parts + rhs.parts)
    }

    static func += (lhs: inout ReferenceInline, rhs: ReferenceInline) {
        lhs.parts += rhs.parts
    }
}

extension Array where Element == ReferenceInline {
    func joined(separator: ReferenceInline) -> ReferenceInline {
        var parts: [ReferenceInline.Part] = []
        parts.reserveCapacity(reduce(0) { $0 + $1.parts.count } + Swift.max(count - 1, 0) * separator.parts.count)
        for (index, inline) in enumerated() {
            if index > 0 { parts += separator.parts }
            parts += inline.parts
        }
        return ReferenceInline(parts: parts)
    }
}
