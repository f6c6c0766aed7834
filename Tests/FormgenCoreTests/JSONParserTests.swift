import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Submissions are decoded in one linear pass with a depth cap.
@Suite struct JSONParserTests {
    @Test func documentsDecodeAsJSONValues() throws {
        let value = try JSONValue.decode(Data(#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n", "c": {}} "#.utf8))
        #expect(value == .object(["a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null]),
                                  "b": .string("x\"é😀\n"), "c": .object([:])]))
    }

    /// Strings read as Foundation reads them: plain runs, escapes at either end or between runs, non-ASCII text,
    /// surrogate pairs; a raw control character or an unterminated string is refused.
    @Test(arguments: [#""plain ascii""#, #""""#, #""é and 漢字 and 😀""#, #""\"quoted\"""#, #""tab\there""#, #""ends with \n""#,
                      #""\u00e9\ud83d\ude00 then text""#, #""a\/b\\c""#, #""mixed é\u0041\n漢""#])
    func stringsReadAsFoundationReadsThem(text: String) throws {
        let expected = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
        #expect(try JSONValue.decode(Data(text.utf8)) == .string(try #require(expected)))
    }

    @Test(arguments: ["\"a\u{01}b\"", "\"abc", "\"abc\\"])
    func aControlCharacterOrAnOpenStringIsRefused(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONValue.decode(Data(text.utf8)) }
    }

    /// The writer of schema files: keys sorted, two spaces per level, short scalar lists on one line, strings
    /// escaped so that invisible characters show, and what it writes reads back as the same value.
    @Test func prettyJSONHasSortedKeysShortScalarListsOnOneLineAndReadsBack() throws {
        let value: JSONValue = ["b": ["z": .null, "a": [1, .number(2.5), "x"]], "a": .string("é \"q\" \\ \u{2028}\t\u{7}"), "c": [], "d": [:],
                                "e": .array((0..<13).map { .number(Double($0)) }), "f": [["k": true]]]
        let expected = """
        {
          "a": "é \\"q\\" \\\\ \\u2028\\t\\u0007",
          "b": {
            "a": [1, 2.5, "x"],
            "z": null
          },
          "c": [],
          "d": {},
          "e": [
            0,
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8,
            9,
            10,
            11,
            12
          ],
          "f": [
            {
              "k": true
            }
          ]
        }

        """
        #expect(value.pretty() == expected)
        #expect(try JSONValue.decode(Data(value.pretty().utf8)) == value)
    }

    /// The schema writer writes strings straight into bytes: as `JSONValue.quoted` writes them (quotes, backslashes,
    /// control, format and non-ASCII space characters escaped, `\u` per UTF-16 unit), as values and as keys, and they
    /// read back as they were.
    @Test(arguments: ["", "plain", "say \"hi\"", #"^[^\t-\r ](?:[\s\S]*)$"#, "tab\there\nline\r\u{0}\u{1F}\u{7F}end",
                      "\u{85}next\u{A0}nbsp\u{2028}ls\u{2029}ps\u{200B}zw\u{FEFF}bom\u{AD}shy", "é “quoted” ü ß 日本",
                      "😀 non-BMP \u{E0001} tag \u{1F600}", "\\\"\\", "a\u{2028}"])
    func stringsAreWrittenAsQuotedWritesThem(_ text: String) throws {
        let quoted = JSONValue.quoted(text)
        #expect(JSONValue.string(text).pretty() == quoted + "\n")
        #expect(JSONValue.object([text: .string(text)]).pretty() == "{\n  \(quoted): \(quoted)\n}\n")
        #expect(try JSONValue.decode(Data(JSONValue.array([.string(text)]).pretty().utf8)) == .array([.string(text)]))
    }

    /// Setting a member changes the value in place; a copy made before keeps what it had.
    @Test func settingAMemberLeavesCopiesAsTheyWere() {
        var value: JSONValue = ["a": 1, "nested": ["b": 2]]
        let before = value
        value["c"] = true
        value["nested"]?["b"] = 3
        value["a"] = nil
        #expect(value == ["c": true, "nested": ["b": 3]])
        #expect(before == ["a": 1, "nested": ["b": 2]])
        var string: JSONValue = "text"
        string["a"] = 1
        #expect(string == "text")
    }

    @Test func anUnderflowingNumberIsValidJSONAndBecomesZero() throws {
        #expect(try JSONValue.decode(Data(#"{"n": 1e-400}"#.utf8)) == .object(["n": .number(0)]))
    }

    @Test(arguments: ["{oops", "[1,]", "01", "\"a", "[1] 2", "{\"a\" 1}", "-", "1.", "tru", "\"\\x\""])
    func malformedDocumentsAreRefused(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONValue.decode(Data(text.utf8)) }
    }

    @Test func nestingDeeperThan64LevelsIsRefusedAndLinear() throws {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONValue.decode(Data(deep.utf8)) }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParser.Failure(offset: 64, reason: "nested deeper than 64 levels")) { try JSONValue.decode(Data(tooDeep.utf8)) }
        let hostile = String(repeating: "[", count: 500_000)
        #expect(throws: JSONParser.Failure(offset: 64, reason: "nested deeper than 64 levels")) { try JSONValue.decode(Data(hostile.utf8)) }
    }
    @Test func membersCanBeSkippedOrReadAsScalarsWithoutBuildingThem() throws {
        var parser = JSONParser(Data(#"{"a": [1, [2, {"x": "y"}]], "b": " t ", "c": {"deep": [1]}, "u": [[["\u00e9"]], {"k": null}], "n": 3}"#.utf8))
        let readings: [String: JSONParser.Reading] = ["a": .scalar, "b": .scalar, "c": .full, "n": .scalar]
        let value = try parser.parse { readings[$0] ?? .skip }
        #expect(value == .object(["a": .null, "b": .string(" t "), "c": .object(["deep": .array([.number(1)])]), "n": .number(3)]))
    }

    /// A list read by its first items keeps those and only checks the rest: a list too long to be valid costs one scan.
    @Test func aListIsReadByItsFirstItemsAndTheRestOnlyChecked() throws {
        var parser = JSONParser(Data(#"{"p": [{"n": 1}, {"n": 2}, {"n": [3]}, 4, "five"], "q": "x", "r": [1, 2, 3]}"#.utf8))
        let readings: [String: JSONParser.Reading] = ["p": .list(first: 2), "q": .list(first: 1), "r": .list(first: 5)]
        let value = try parser.parse { readings[$0] ?? .skip }
        #expect(value == .object(["p": .array([.object(["n": .number(1)]), .object(["n": .number(2)])]), "q": .string("x"),
                                  "r": .array([.number(1), .number(2), .number(3)])]))
        var broken = JSONParser(Data(#"{"p": [1, 2, 3, {"x" 1}]}"#.utf8))
        #expect(throws: JSONParser.Failure.self) { try broken.parse { _ in .list(first: 1) } }
    }

    @Test(arguments: [#"{"u": [1, 2,]}"#, #"{"u": "a\x"}"#, #"{"u": tru}"#, #"{"u": "abc"#, #"{"u": {"k" 1}}"#, #"{"u": "\u00"}"#,
                      #"{"u": -}"#, #"{"u": 1.}"#, #"{"u": [1 2]}"#, #"{"u": {"a": 1,}}"#, "{\"u\": \"a\u{1}\"}", #"{"u": 01}"#,
                      #"{"u": [}"#, #"{"u": 1} x"#, "{\"u\": " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"])
    func aSkippedValueFailsExactlyAsAWholeReadDoes(text: String) {
        let data = Data(text.utf8)
        var whole: JSONParser.Failure?
        do { _ = try JSONValue.decode(data) } catch { whole = error as? JSONParser.Failure }
        #expect(whole != nil)
        for reading in [JSONParser.Reading.skip, .scalar, .list(first: 0)] {
            var parser = JSONParser(data)
            #expect(throws: whole!, "\(reading)") { try parser.parse { _ in reading } }
        }
    }

    @Test func aHugeListUnderATextFieldOrAnUnknownKeyIsNeverBuiltAndReadsAsMissing() throws {
        let (site, _) = try TestSite(["configs/forms/f.yaml": "title: T\nfields:\n  - {id: show, label: Show, type: yesno}\n  - {id: a, label: A, required: true}\n  - {id: tags, label: Tags, type: checkbox, options: [x, y]}\nrules:\n  - {when: show, condition: equals, value: 'Yes', action: show, targets: [a], otherwise: hide}\n"]).load()
        let validator = FormValidator(spec: FormSpec(try #require(site.allForms.first)))
        let list = "[" + Array(repeating: #"["aaaaaaaa", {"b": 1}]"#, count: 200_000).joined(separator: ",") + "]"
        let hidden = try validator.validate(json: Data(#"{"show": "No", "a": \#(list), "other": \#(list), "tags": ["x", [1], "y"]}"#.utf8))
        #expect(hidden.messages.isEmpty)
        #expect(hidden.data == ["show": .string("No"), "tags": .array([.string("x"), .string("y")])])
        let huge = String(repeating: "b", count: 1_000_000)
        let hiddenText = try validator.validate(json: Data(#"{"show": "No", "a": "\#(huge)", "tags": "y"}"#.utf8))
        #expect(hiddenText.messages.isEmpty)
        #expect(hiddenText.data == ["show": .string("No"), "tags": .array([.string("y")])])
        #expect(throws: JSONParser.Failure.self) { try validator.validate(json: Data(#"{"show": "No", "a": [1,], "tags": "y"}"#.utf8)) }
        let shown = try validator.validate(json: Data(#"{"show": "Yes", "a": \#(list)}"#.utf8))
        #expect(shown.messages.keys.sorted() == ["a"])
    }
}
