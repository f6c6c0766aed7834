import Foundation
import Testing
@testable import FormgenCore

/// Default validation messages in every built-in language.
@Suite struct MessagesTests {
    @Test func messagesExistInEveryLanguageForEveryKey() {
        let english = Set(Messages.table(for: "en").keys)
        for language in Messages.languages {
            #expect(Set(Messages.table(for: language).keys) == english, "\(language)")
        }
        #expect(Messages.table(for: "nl-BE")["required"] == "Vul {label} in")
        #expect(Messages.table(for: "fr")["required"] == "Enter {label}")
        #expect(Messages.format("{label} must be {value} or more", ["label": "Age", "value": "18"]) == "Age must be 18 or more")
    }
}
