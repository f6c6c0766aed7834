import Foundation
import Testing
@testable import FormgenCore

/// Output paths made from titles and ids.
@Suite struct SlugTests {
    @Test(arguments: [("Pet Adoption", "pet-adoption"), ("kyc_NL v2!", "kyc-nl-v2"), ("***", "form")])
    func slugs(_ text: String, _ expected: String) {
        #expect(slug(text) == expected)
    }
}
