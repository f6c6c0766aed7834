import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Escapers, writers and parsers read ASCII punctuation scalar by scalar (or byte by byte), never by `Character`:
/// `"` followed by a combining mark, a zero-width joiner or an enclosing mark is one grapheme cluster, and so is
/// CR+LF, so a comparison of `Character`s with `"\""` or `"\n"` misses them.
@Suite struct CombiningMarkTests {
    /// What may follow a dangerous character and join it into one `Character`.
    static let marks = ["\u{301}", "\u{308}", "\u{20DD}", "\u{200D}"]
    /// The characters escapers and writers must see.
    static let dangerous = ["\"", "'", "<", ">", "&", "\n", "\r", "\r\n"]

    /// The text each case is made of: the dangerous character with a mark after it, inside other text.
    static func hostile(_ character: String, _ mark: String) -> String {
        "v" + character + mark + " autofocus onfocus=alert(1)//" + character + mark
    }

    /// HTML escaping scalar by scalar, as the escaper must do it.
    static func expectedHTML(_ text: String, apostrophe: String = "&#39;") -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += apostrophe
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    @Test(arguments: CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func htmlEscapingEscapesACharacterFollowedByAMark(_ character: String, _ mark: String) {
        let text = Self.hostile(character, mark)
        let escaped = HTMLEscaping.escape(text)
        #expect(escaped == Self.expectedHTML(text))
        #expect(!escaped.unicodeScalars.contains { $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" })
        #expect(HTMLEscaping.unescape(escaped) == text)
    }

    @Test(arguments: CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func sitemapEscapingEscapesACharacterFollowedByAMark(_ character: String, _ mark: String) {
        let text = Self.hostile(character, mark)
        let escaped = Sitemap.escape(text)
        #expect(escaped == Self.expectedHTML(text, apostrophe: "&apos;"))
        #expect(!escaped.unicodeScalars.contains { $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" })
    }

    /// A theme that swift-mustache renders (a site template with a transform): its `{{…}}` are escaped by
    /// `HTMLEscaping` too, not by swift-mustache's own Character-wise escaping.
    static let swiftMustacheTheme: Theme = {
        let site = try! TestSite(["templates/partials/field.mustache": "<p title=\"{{label}}\">{{lowercased(label)}}</p>\n"])
        return Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: DiagnosticLog())
    }()

    @Test(arguments: CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func swiftMustacheRenderingEscapesACharacterFollowedByAMark(_ character: String, _ mark: String) {
        let theme = Self.swiftMustacheTheme
        #expect(theme.compiled == nil)
        let label = Self.hostile(character, mark).uppercased()
        let html = PageRenderer(theme: theme, settings: SiteSettings()).renderForm(CompiledTemplateTests.form(label: label, required: false))
        #expect(html.contains("<p title=\"" + Self.expectedHTML(label) + "\">" + Self.expectedHTML(label.lowercased()) + "</p>"))
    }

    /// In a Markdown code span, `|` is escaped inside a table and the fence is longer than any run of backticks.
    @Test(arguments: ["|", "`", "``"] + CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func markdownCodeSpansSeeAPipeOrBacktickFollowedByAMark(_ character: String, _ mark: String) {
        let text = "a" + character + mark + "b" + character + mark
        let code = Markdown.code(text, inTable: true)
        let fence = code.utf8.prefix { $0 == UInt8(ascii: "`") }.count
        var longest = 0, run = 0
        for byte in code.utf8.dropFirst(fence).dropLast(fence) {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        #expect(longest < fence)
        let scalars = Array(code.unicodeScalars)
        for index in scalars.indices where scalars[index] == "|" {
            #expect(index > 0 && scalars[index - 1] == "\\")
        }
        #expect(code.hasSuffix(String(repeating: "`", count: fence)))
    }

    /// A mask's regex compiles, and it agrees with the server's mask check, whatever follows a punctuation slot.
    @Test(arguments: ["(", "[", ".", "*", "#", "|", "$", "{"] + CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func aMaskWithAMarkAfterPunctuationIsTranslatedScalarByScalar(_ character: String, _ mark: String) throws {
        let mask = character + mark + "##"
        let filled = (character == "#" ? "7" : character == "*" ? "x" : character) + mark + "12"
        for pattern in ["^" + Mask.regex(for: mask) + "$", SchemaPatterns.mask(mask)] {
            let regex = try NSRegularExpression(pattern: pattern)
            let range = NSRange(filled.startIndex..., in: filled)
            #expect(regex.firstMatch(in: filled, range: range) != nil, "pattern \(pattern)")
        }
        #expect(FormValidator.matches(filled, mask: mask))
        #expect(Mask.isValid(mask))
    }

    /// A regex's top-level `|` and a class's `(` or `|` are seen with a mark after them: the server wraps the
    /// pattern as the browser's `pattern` attribute reads it, and the attribute escapes what the `v` flag reserves.
    @Test(arguments: CombiningMarkTests.marks)
    func patternAttributesSeeRegexPunctuationFollowedByAMark(_ mark: String) {
        #expect(RegexSyntax.anchoredForPatternAttribute("^a|\(mark)b$") == ".*(?:^a|\(mark)b$).*")
        #expect(RegexSyntax.anchoredForPatternAttribute("^a\(mark)$") == "^a\(mark)$")
        #expect(RegexSyntax.htmlPattern("[a(\(mark)|\(mark)]") == "[a\\(\(mark)\\|\(mark)]")
    }

    /// Front matter is found in a doc whose lines end with CR+LF (each one `Character`), whatever its text holds.
    @Test(arguments: CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func docsFrontMatterIsSplitAtCRLF(_ character: String, _ mark: String) {
        let text = "T" + (character == "\n" || character == "\r\n" ? "" : character) + mark
        let split = FrontMatter.split("---\r\ntitle: \(text)\r\n---\r\n# Body\(character)\(mark)\r\n")
        #expect(split.frontMatter == "title: \(text)\r")
        #expect(split.body == "# Body\(character)\(mark)\r\n")
    }

    /// A heading's anchor: line breaks folded to spaces and nothing but letters, digits, marks, `-` and `_` kept.
    @Test(arguments: CombiningMarkTests.dangerous, CombiningMarkTests.marks)
    func headingAnchorsKeepNoPunctuationOrLineBreak(_ character: String, _ mark: String) {
        let text = Self.hostile(character, mark)
        let folded = HeadingAnchors.folded(text)
        #expect(!folded.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\t" })
        let slug = Markdown.slug(folded)
        #expect(slug.unicodeScalars.allSatisfy { scalar in
            scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
        }, "\(slug)")
    }

    /// A link's scheme, fragment and query are found when a mark follows `:`, `#` or `?`.
    @Test(arguments: CombiningMarkTests.marks)
    func docLinksSplitAtPunctuationFollowedByAMark(_ mark: String) {
        #expect(DocLinkResolver.hasScheme("javascript:\(mark)alert(1)"))
        let split = DocLinkResolver.splitFragment("guide.md?\(mark)q#\(mark)part")
        #expect(split.path == "guide.md")
        #expect(split.fragment == "\(mark)part")
        #expect(DocLinkResolver.components("a/\(mark)b") == ["a", "\(mark)b"])
    }

    /// A quoted CSS string whose quote has a mark after it keeps its spaces; the minifier sees where it ends.
    @Test(arguments: CombiningMarkTests.marks)
    func cssStringsAreFoundScalarByScalar(_ mark: String) {
        #expect(Theme.minifyCSS("a { content: \"\(mark)  b\" ; }") == "a{content:\"\(mark)  b\"}")
    }

    /// An SVG's `<script>`, `<foreignObject>` or `<!ENTITY` is found after a prepended mark (U+0600 joins the `<`
    /// after it into one Character) and before a combining mark.
    @Test(arguments: ["\u{600}", "\u{110BD}"] + CombiningMarkTests.marks)
    func svgScriptsAreFoundNextToMarks(_ mark: String) {
        for (body, problem) in [("<script>alert(1)</script>", "an SVG with a <script>"), ("<foreignObject/>", "an SVG with <foreignObject>"),
                                ("<a href=\"javascript:\(mark)alert(1)\">x</a>", "an SVG with a javascript: link")] {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">\(mark)\(body)</svg>"
            #expect(ImageKind.svgProblem(Data(svg.utf8)) == problem, "\(svg)")
        }
    }

    /// A urlencoded body is cut at every `&` and `=` and its `+` read as spaces, whatever mark follows them.
    @Test(arguments: CombiningMarkTests.marks)
    func urlencodedBodiesAreCutScalarByScalar(_ mark: String) {
        let pairs = SubmissionBody.pairs(fromURLEncoded: "a=1&\(mark)b=2+\(mark)&c=\(mark)3")
        #expect(pairs.map(\.0) == ["a", "\(mark)b", "c"])
        #expect(pairs.map(\.1) == ["1", "2 \(mark)", "\(mark)3"])
    }

    /// A config URL's backslash, or its leading `//`, is seen with a mark after it.
    @Test(arguments: CombiningMarkTests.marks.filter { $0 != "\u{200D}" })
    func configURLsSeeABackslashOrSlashesFollowedByAMark(_ mark: String) {
        #expect(ConfigURL.check("/\\\(mark)evil.example/x", for: .link) == .failure(.backslash))
        #expect(ConfigURL.check("https://a.example/\\\(mark)", for: .action) == .failure(.backslash))
        #expect(ConfigURL.check("//\(mark)evil.example/x", for: .action) == .failure(.host))
    }

    /// A `\u` escape is exactly four hex digits: no sign, no space, no fewer.
    @Test(arguments: [#""\u+041""#, #""\u-041""#, #""\u 041""#, #""\u041""#, #""\u+0041""#, #""\uZZZZ""#])
    func aUnicodeEscapeNeedsFourHexDigits(_ json: String) {
        #expect(throws: (any Error).self) { try JSONValue.decode(Data(json.utf8)) }
    }

    @Test func aUnicodeEscapeOfFourHexDigitsIsRead() throws {
        #expect(try JSONValue.decode(Data(#""\u0041\u00e9\uD83D\uDE00""#.utf8)) == .string("Aé😀"))
    }
}
