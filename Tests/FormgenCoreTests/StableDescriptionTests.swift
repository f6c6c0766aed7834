import Foundation
import Testing
@testable import FormgenCore

/// Settings described for cache keys (``StableDescription``): the same value gives the same text in every process,
/// and values that differ give texts that differ.
@Suite struct StableDescriptionTests {
    struct Sample: Equatable, Sendable {
        var name: String
        var count: Int
        var on: Bool
        var ratio: Double
        var tags: [String: Int]
        var note: String?
        var at: FormgenCore.SourceLocation
    }

    static let sample = Sample(name: "a \"quoted\", name", count: -3, on: true, ratio: 1.5, tags: ["b": 2, "a": 1, "c": 3],
                               note: nil, at: FormgenCore.SourceLocation(file: "/work/site/configs/site.yaml", line: 4, column: 2))

    @Test(arguments: ["", "plain", "a \"quoted\", name", "é\n"])
    func aTextIsWrittenAsReflectingWritesIt(_ text: String) {
        #expect(StableDescription.of(text) == String(reflecting: text))
    }

    @Test func numbersAndFlagsAreWrittenAsReflectingWritesThem() {
        #expect(StableDescription.of(42) == "42")
        #expect(StableDescription.of(-7) == String(reflecting: -7))
        #expect(StableDescription.of(false) == "false")
        #expect(StableDescription.of(2.25) == String(reflecting: 2.25))
    }

    @Test func aValueIsDescribedWholeWithItsDictionarySorted() {
        let text = StableDescription.of(Self.sample) { $0.replacingOccurrences(of: "/work/site/", with: "") }
        #expect(text.contains(#"name: "a \"quoted\", name""#))
        #expect(text.contains("count: -3, on: true, ratio: 1.5"))
        #expect(text.contains(#"tags: ["a": 1, "b": 2, "c": 3]"#))
        #expect(text.contains("note: nil"))
        #expect(text.contains(#"file: "configs/site.yaml""#))
        #expect(!text.contains("/work/site/"))
    }

    static let variants: [Sample] = {
        var variants = Array(repeating: sample, count: 6)
        variants[0].name = "a \"quoted\""
        variants[1].count = 3
        variants[2].on = false
        variants[3].tags["a"] = 4
        variants[4].note = ""
        variants[5].at.line = 5
        return variants
    }()

    @Test(arguments: 0..<6)
    func anyChangeChangesTheText(_ variant: Int) {
        #expect(StableDescription.of(Self.variants[variant]) != StableDescription.of(Self.sample))
    }
}
