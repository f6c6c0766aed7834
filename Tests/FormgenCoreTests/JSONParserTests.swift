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
}
