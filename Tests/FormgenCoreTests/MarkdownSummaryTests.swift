import Foundation
import Testing
@testable import FormgenCore

/// `Markdown.summary(of:)`, which listings use: a plain line is its own summary, anything else is rendered, and
/// either way the summary is the one `Markdown.render` gives.
@Suite struct MarkdownSummaryTests {
    static let texts = [
        "A generated form for the build benchmark.",
        "Adopt a pet: tell us about your home.",
        "Apply (it takes 5 minutes) - then wait; we'll write!",
        "Say \"hello\", or don't?",
        "Trailing spaces   ",
        "Two  spaces inside",
        "Visit www.example.org today",
        "Write to help@example.org",
        "See https://example.org",
        "Some *emphasis* and `code`",
        "Fish & chips &amp; more",
        "A line\nand another",
        "First paragraph.\n\nSecond paragraph.",
        "# A heading\n\nThen text.",
        "- a list item",
        "1. first",
        "    indented code",
        "> quoted",
        "| a | b |\n| - | - |\n| 1 | 2 |",
        "Strike ~~this~~ out",
        "Escaped \\*star\\*",
        "Café au lait",
        "now. And then",
        "",
        "   ",
        "<b>bold</b>",
        "A [link](https://example.org) here",
    ]

    @Test(arguments: texts)
    func theSummaryIsTheOneARenderGives(_ text: String) {
        #expect(Markdown.summary(of: text) == Markdown.render(text).summary)
        // A second ask (from the memo for texts that are rendered) gives the same.
        #expect(Markdown.summary(of: text) == Markdown.render(text).summary)
    }

    @Test func onlyPlainLinesSkipTheRender() {
        #expect(Markdown.isPlainLine("A generated form for the build benchmark."))
        #expect(Markdown.isPlainLine("Apply (it takes 5 minutes) - then wait; we'll write!"))
        #expect(!Markdown.isPlainLine("Visit www.example.org"))
        #expect(!Markdown.isPlainLine("Write to help@example.org"))
        #expect(!Markdown.isPlainLine("See https://example.org"))
        #expect(!Markdown.isPlainLine("Some *emphasis*"))
        #expect(!Markdown.isPlainLine("A line\nand another"))
        #expect(!Markdown.isPlainLine("- a list item"))
        #expect(!Markdown.isPlainLine(" leading space"))
        #expect(!Markdown.isPlainLine("Café"))
        #expect(!Markdown.isPlainLine(""))
    }
}
