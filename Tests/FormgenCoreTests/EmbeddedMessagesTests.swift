import FormgenTestSupport
import Foundation
import FormgenRuntime
import Testing
@testable import FormgenCore

/// The interface texts a page's spec embeds: of `tooLong`, said only of the length cap of a field without `maxLength`,
/// the cap's plural form and `other` (page weight, issue #36).
@Suite struct EmbeddedMessagesTests {
    static func embedded(_ language: String) throws -> FormSpec {
        let site = try TestSite(["configs/forms/f.yaml": "title: T\nlang: \(language)\nfields:\n  - {id: a, label: A}\n"])
        let form = try #require(site.load().site.allForms.first)
        let spec = FormSpec(form)
        return spec.embedded(with: RenderTests.theme.runtime.script(for: spec))
    }

    @Test(arguments: [("en", ["tooLong.other"]), ("pl", ["tooLong.many", "tooLong.other"]), ("fr", ["tooLong.other"]),
                      ("ar", ["tooLong.other"]), ("uk", ["tooLong.many", "tooLong.other"])])
    func onlyTheCapsPluralFormOfTooLong(_ language: String, _ kept: [String]) throws {
        let spec = try Self.embedded(language)
        #expect(spec.messages.keys.filter { $0.hasPrefix("tooLong") }.sorted() == kept)
        let full = MessageTables.builtin.runtimeTable(for: language)
        // What the server says of a value over the cap is the same with the embedded texts as with all of them.
        #expect(Messages.pluralForm("tooLong", count: FormValidator.defaultLengthCap, language: language, in: spec.messages)
                == Messages.pluralForm("tooLong", count: FormValidator.defaultLengthCap, language: language, in: full))
    }
}
