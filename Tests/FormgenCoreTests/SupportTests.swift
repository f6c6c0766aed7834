import Foundation
import Testing
@testable import FormgenCore

/// The build's small helpers: one-pass replacement, file stems, FNV-1a's hex, file digests that follow a file's changes.
@Suite struct SupportTests {
    @Test func replacesSeveralNeedlesInOnePassAndKeepsTheTextBetween() {
        let text = "<p>été A-1</p>B-22<i>A-1</i>ü"
        let replaced = ByteReplacement.replace(["A-1": "[a]", "B-22": "«b»"], in: text)
        #expect(replaced == "<p>été [a]</p>«b»<i>[a]</i>ü")
        #expect(ByteReplacement.replace(["none": "x"], in: text) == text)
    }

    /// The byte-level splitting and trimming give what `split(separator:)` and Foundation's trimming give on ASCII text;
    /// trimming declines (nil) where the ends are not visible ASCII, and the callers ask Foundation then.
    @Test(arguments: ["", "/", "a", "a/b", "/a//b/", "pet-adoption/nl", "///", "email_address_", "_full_name", "x y\tz"])
    func asciiWordsSplitAsSplitDoes(_ text: String) {
        for separator in ["/", "_"] {
            var words: [String] = []
            ASCIIWords.forEach(in: text, separator: UInt8(ascii: Unicode.Scalar(separator)!)) { words.append(String($0)) }
            let split = text.split(separator: Character(separator)).map(String.init)
            #expect(words == split)
            #expect(ASCIIWords.count(in: text, separator: UInt8(ascii: Unicode.Scalar(separator)!)) == split.count)
        }
    }

    @Test(arguments: ["<p>Hint</p>\n", "  \t<p>x</p>\r\n ", "plain", "\n\n", "", " \u{A0}x ", "x\u{85}", "\u{1F}x", "é ", " é",
                      "<p>a\u{2028}</p>\n"])
    func asciiTrimmingIsFoundationsOrDeclines(_ text: String) {
        let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let trimmed = ASCIIWords.trimmedASCII(text) {
            #expect(trimmed == foundation)
        } else {
            #expect(foundation.isEmpty || !(0x21..<0x7F).contains(foundation.utf8.first!) || !(0x21..<0x7F).contains(foundation.utf8.last!)
                || text.utf8.contains { $0 >= 0x80 || $0 < 0x20 })
        }
    }

    /// Needles that all start with the same byte (the page's `%…%` placeholders) are found by `memchr`: a lone `%`,
    /// a needle's prefix, needles at both ends and next to each other all come out as the byte-by-byte search gave.
    @Test func replacesNeedlesThatShareTheirFirstByte() {
        let replacements = ["%style%": "a{b:c}", "%hash%": "'sha256-x'", "%script%": "«js»"]
        #expect(ByteReplacement.replace(replacements, in: "%style%<p>100% é %styl</p>%hash%%script%%") == "a{b:c}<p>100% é %styl</p>'sha256-x'«js»%")
        #expect(ByteReplacement.replace(replacements, in: "%%%") == "%%%")
        #expect(ByteReplacement.replace(replacements, in: "") == "")
        #expect(ByteReplacement.replace(replacements, in: "no percent sign at all: ü") == "no percent sign at all: ü")
    }

    @Test(arguments: ["configs/forms/contact.yaml", "contact.yaml", "/abs/forms/pet.adoption.json", "forms/.hidden", "forms/name.",
                      "forms/noextension", "forms/folder/", "https://example.com/forms/remote-form.yaml", "i18n/nl.yml", "a/b.c/d",
                      "forms/é-formulier.yaml"])
    func fileStemIsWhatURLGives(_ path: String) {
        #expect(FileStem.of(path) == URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        // NSString, which named docs and remote sources before, differs only on a name ending in a dot (it drops the dot).
        if !path.hasSuffix(".") {
            #expect(FileStem.of(path) == ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
    }

    @Test func fnvHexIsThirtyTwoDigitsAndFollowsTheInput() {
        var first = FNV1a()
        first.add("abc")
        var second = FNV1a()
        second.add(Data("abc".utf8))
        var third = FNV1a()
        third.add("abd")
        #expect(first.hex.count == 32)
        #expect(first.hex.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first.hex == second.hex)
        #expect(first.hex != third.hex)
        // The digits as every earlier formgen wrote them: lane a, then lane b, most significant first.
        #expect(first.hex == "fc17b883ee074f584c4adc0e39b52bf7")
        var empty = FNV1a()
        empty.add("")
        #expect(empty.hex == "af63bd4c8601b7df6c62272e07bb0142")
        #expect(FNV1a().hex == "cbf29ce4842223256c62272e07bb0142")
    }

    @Test func fileDigestFollowsAChangeOfTheSameSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-digest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let digests = FileDigests()
        try "one".write(toFile: path, atomically: false, encoding: .utf8)
        let before = digests.digest(of: path)
        #expect(digests.digest(of: path) == before)
        try "two".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(digests.digest(of: path) != before)
        #expect(digests.digest(of: path + "-missing") == "missing")
    }

    @Test func aRememberedRecordIsTrustedOnlyWhileTheFileKeepsItsStamp() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-record-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "one".write(toFile: path, atomically: false, encoding: .utf8)
        let record = try #require(FileDigests().record(of: path))
        #expect(record.record.hasSuffix(":" + record.digest))
        let stamp = record.record.dropLast(record.digest.count)
        // The same stamp with another digest: the next process believes the record and does not read the file.
        let trusting = FileDigests()
        trusting.remember([path: stamp + "0123456789abcdef0123456789abcdef", path + "-bad": "not a record"])
        #expect(trusting.digest(of: path) == "0123456789abcdef0123456789abcdef")
        // Written since, even at the same size: the stamp moved, so the file is read again.
        let moved = FileDigests()
        moved.remember([path: stamp + "0123456789abcdef0123456789abcdef"])
        try "two".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(moved.digest(of: path) != "0123456789abcdef0123456789abcdef")
        #expect(moved.digest(of: path) == FileDigests().digest(of: path))
    }
}
