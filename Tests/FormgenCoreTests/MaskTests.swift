import Foundation
import Testing
@testable import FormgenCore

/// Input masks as regular expressions.
@Suite struct MaskTests {
    @Test(arguments: [
        ("####-###-####", "[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]"),
        ("AA-**", "[A-Za-z][A-Za-z]-[A-Za-z0-9][A-Za-z0-9]"),
        ("(###) ###.#", #"\([0-9][0-9][0-9]\) [0-9][0-9][0-9]\.[0-9]"#),
    ])
    func maskRegex(_ mask: String, _ expected: String) throws {
        #expect(Mask.regex(for: mask) == expected)
        _ = try NSRegularExpression(pattern: expected)
    }
}
