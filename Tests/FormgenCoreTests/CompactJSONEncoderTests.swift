import Foundation
import Testing
@testable import FormgenCore

/// The spec writer writes what `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) writes.
@Suite struct CompactJSONEncoderTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    struct Sample: Encodable {
        var text = "a/b \"q\" \\ \u{1}\u{8}\u{c}\n\r\t\u{1f} é \u{7f} \u{2028} <b>&"
        var numbers: [Double] = [0, 1, -12, 0.1, 1.5, 1e21, 1e-7, 123_456_789_012, 0.30000000000000004, -0.0]
        var integers: [Int] = [0, -1, Int.max]
        var flags = [true, false]
        var missing: String? = nil
        var present: Int? = 3
        var keys: [String: Int] = ["b": 1, "B": 2, "a10": 3, "a9": 4, "_x": 5, "é": 6, "tooLong.one": 7, "tooLong": 8]
        var empty: [String: [[Int]]] = ["list": [], "nested": [[1], []]]
        var value = SpecValue.number(120)
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        #expect(try CompactJSONEncoder().encode(Sample()) == Self.foundation(Sample()))
        #expect(try CompactJSONEncoder().encode([String: Int]()) == "{}")
    }

    /// Every integer type, floats, and a key written twice (the last value stays, in its sorted place).
    struct Edges: Encodable {
        enum CodingKeys: String, CodingKey { case b, a, c, small, wide, unsigned, float }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .b)
            try container.encode("first", forKey: .a)
            try container.encode([Int8(-8), Int8(7)], forKey: .small)
            try container.encode(Int64.min, forKey: .wide)
            try container.encode([UInt8(255), UInt8(0)], forKey: .unsigned)
            try container.encode(UInt64.max, forKey: .c)
            try container.encode(Float(0.1), forKey: .float)
            try container.encode("second", forKey: .a)
            try container.encode([Int16(-3)], forKey: .b)
        }
    }

    @Test func integerTypesFloatsAndRepeatedKeysAreWrittenAsJSONEncoderWritesThem() throws {
        #expect(try CompactJSONEncoder().encode(Edges()) == Self.foundation(Edges()))
        #expect(try CompactJSONEncoder().encode(Edges()).contains(#""a":"second""#))
    }

    @Test func scriptSafeTextCannotCloseItsScriptElement() throws {
        let json = try CompactJSONEncoder(scriptSafe: true).encode(["</script><!--": "a & b\u{2028}\u{2029}>"])
        #expect(json == #"{"\u003c/script\u003e\u003c!--":"a \u0026 b\u2028\u2029\u003e"}"#)
    }

    @Test func everyExampleFormSpecIsWrittenAsJSONEncoderWritesIt() throws {
        let (site, _) = try SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil)).loadAndCheck()
        #expect(site.allForms.count > 10)
        for form in site.allForms {
            let spec = FormSpec(form)
            #expect(try CompactJSONEncoder().encode(spec) == Self.foundation(spec), "\(form.path)")
        }
    }
}
