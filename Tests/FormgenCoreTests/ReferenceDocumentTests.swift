import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Reference pages are written straight to HTML; these tests hold that HTML byte for byte to what cmark-gfm makes
/// of the same document's Markdown (as `Markdown.render` renders a reference page: heading anchors, scrollable
/// tables, no autolinks), for every real form and for documents of random text.
@Suite struct ReferenceDocumentTests {
    static func throughCmark(_ document: ReferenceDocument) -> (html: String, title: String?) {
        let rendered = Markdown.render(document.markdown(), options: Markdown.Options(headingAnchors: true, reservedIDs: DocPage.reservedIDs, autolinks: false))
        return (rendered.html, rendered.title)
    }

    static func expectSame(_ document: ReferenceDocument, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let direct = document.html(reservedIDs: DocPage.reservedIDs)
        let cmark = throughCmark(document)
        #expect(direct.title == cmark.title, "\(name)", sourceLocation: sourceLocation)
        guard direct.html != cmark.html else { return }
        let directLines = direct.html.components(separatedBy: "\n"), cmarkLines = cmark.html.components(separatedBy: "\n")
        let first = zip(directLines, cmarkLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(directLines.count, cmarkLines.count)
        Issue.record("\(name): line \(first + 1) differs\n direct: \(first < directLines.count ? directLines[first] : "(end)")\n  cmark: \(first < cmarkLines.count ? cmarkLines[first] : "(end)")\nMarkdown:\n\(document.markdown())",
                     sourceLocation: sourceLocation)
    }

    @Test func everyFormOfTheExampleSiteRendersAsCmarkRendersItsMarkdown() throws {
        let site = ExampleSite.loaded.site
        #expect(site.allForms.count > 10)
        for form in site.allForms {
            Self.expectSame(ReferenceWriter(form: form).document(), form.path)
        }
        let flow = try #require(site.flows.first)
        Self.expectSame(FlowReferenceWriter(flow: flow).document(), flow.id)
    }

    @Test func aFormOfHostileStringsRendersAsCmarkRendersItsMarkdown() throws {
        let (site, _) = try TestSite.form("hostile.yaml", ReferenceTests.hostile).load()
        let form = try #require(site.forms.first)
        Self.expectSame(ReferenceWriter(form: form).document(), "hostile")
    }

    /// Characters that matter to Markdown, HTML or the folding of config strings, and some that do not.
    static let alphabet = Array("ab Zé9 _*`\\|[]()<>&\"'#!-+.:;~=^{}$%@?/,  \n\t“”›—漢😀\u{00A0}")

    struct Random {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func string(maxLength: Int = 14) -> String {
            String((0..<next(maxLength + 1)).map { _ in ReferenceDocumentTests.alphabet[next(ReferenceDocumentTests.alphabet.count)] })
        }

        /// Text that emphasis can hold: cmark does not emphasise text that starts or ends with a space.
        mutating func word() -> String {
            let letters = Array("abcXYZé漢09")
            let inner = string(maxLength: 6)
            return "\(letters[next(letters.count)])\(inner)\(letters[next(letters.count)])"
        }

        /// Content put together as the writers put it: text, code, emphasis, strong emphasis and links, with the
        /// writer's words between them (never two markers side by side).
        mutating func inline() -> ReferenceInline {
            var inline: ReferenceInline = ""
            for index in 0..<(1 + next(5)) {
                if index > 0 { inline += .words([" ", ", ", " (", ") ", ": ", " → ", " and "][next(7)]) }
                switch next(7) {
                case 0, 1: inline += .text(string())
                case 2: inline += .code(string(maxLength: 8))
                case 3: inline += .emphasis(.text(word()))
                case 4: inline += .strong("\(text: word()):")
                case 5: inline += .link(.text(word()), to: ["../", "#sec-\(next(9))", "../schema.json", "#pr%C3%A9nom", "../de/"][next(5)])
                default: inline += .words("words")
                }
            }
            return inline
        }

        /// A paragraph of lines, as a field's facts are written: each starts with the writer's words.
        mutating func lines() -> ReferenceInline {
            (0..<(1 + next(3))).map { _ in "Fact: " + inline() + "." }.joined(separator: .lineBreak)
        }

        /// A document with the writers' shapes: a list always follows a heading or a paragraph, never another list
        /// (Markdown would join the two into one).
        mutating func document() -> ReferenceDocument {
            var document = ReferenceDocument()
            for _ in 0..<(2 + next(6)) {
                let kind = next(5)
                if kind >= 3, case .numberedList = document.blocks.last { document.heading(2, inline()) }
                if kind >= 3, case .bulletList = document.blocks.last { document.paragraph(lines()) }
                switch kind {
                case 0: document.heading(1 + next(3), inline())
                case 1: document.paragraph(lines())
                case 2:
                    let columns = 1 + next(4)
                    var table = ReferenceDocument.Table(header: (0..<columns).map { _ in .words("Col \(next(99))") })
                    table.centred = Set((0..<columns).filter { _ in next(2) == 0 })
                    table.rows = (0..<next(4)).map { _ in (0..<columns).map { _ in inline() } }
                    document.table(table)
                case 3:
                    document.blocks.append(.numberedList((0..<(1 + next(3))).map { _ in
                        ("\(.emphasis(.text(word()))) " + inline(), (0..<next(3)).map { _ in "after " + inline() })
                    }))
                default:
                    document.blocks.append(.bulletList((0..<(1 + next(3))).map { _ in "\(.strong("\(text: word()):")) " + inline() }))
                }
            }
            return document
        }
    }

    @Test(arguments: 0..<40)
    func aRandomDocumentRendersAsCmarkRendersItsMarkdown(seed: UInt64) {
        var random = Random(state: seed &+ 0x9E37_79B9)
        for round in 0..<25 {
            Self.expectSame(random.document(), "seed \(seed) round \(round)")
        }
    }
}

/// The byte paths taken for ASCII text give what the character rules give.
@Suite struct ASCIIFastPathTests {
    static let labels: [String] = {
        var random = ReferenceDocumentTests.Random(state: 7)
        let alphabet = Array("aAbZzI iD-_9 :?*.,'\t\n")
        return ["Date of Birth", "BSN", "Your IBAN number", "I agree", "E-mail", "Full Name Here", "Do you have a yard?", ""]
            + (0..<2_000).map { _ in String((0..<random.next(16)).map { _ in alphabet[random.next(alphabet.count)] }) }
    }()

    @Test func midSentenceOfAnASCIILabelIsTheCharacterRule() {
        for label in Self.labels {
            #expect(Messages.midSentence(label, language: "en") == Messages.midSentenceByCharacters(label), "\(label.debugDescription)")
        }
    }

    @Test func slugOfASCIITextIsTheCharacterRule() {
        func bySlugRule(_ text: String) -> String {
            var output = ""
            for character in text.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" { output.append(character) } else if character == " " { output.append("-") }
            }
            return output.isEmpty ? "section" : output
        }
        for label in Self.labels + ["a\r\nb", "x\u{7F}y", "@#$"] {
            #expect(Markdown.slug(label) == bySlugRule(label), "\(label.debugDescription)")
        }
    }
}
