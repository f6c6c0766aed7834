import Foundation
import Testing
@testable import FormgenCore

/// Message tables are values (issue #33, item 5): a site's `templates/i18n/` reaches only what is given its tables, so
/// two sites built in one process, even at once, each get their own words, and the built-in tables never change.
@Suite struct MessageTablesTests {
    static let form = "title: T\nlang: nl\nfields:\n  - {id: city, label: Plaats, required: true}\n"

    /// A templates folder whose Dutch table says `required` its own way.
    static func templates() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fg-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("i18n"), withIntermediateDirectories: true)
        try Data(#"{"required": "Graag {label} invullen", "optional": "(mag leeg)"}"#.utf8).write(to: folder.appendingPathComponent("i18n/nl.json"))
        return folder
    }

    @Test func theSpecTakesTheTablesItIsGiven() throws {
        let folder = try Self.templates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = try #require(try RepeatTests.load(Self.form).0)
        let (own, problems) = MessageTables.reading(templatesDirectory: folder.path)
        #expect(problems.isEmpty)
        #expect(FormSpec(form, tables: own).fields.first?.messages?["required"] == "Graag plaats invullen")
        #expect(FormSpec(form).fields.first?.messages?["required"] == "Vul plaats in", "the built-in tables are untouched")
        #expect(SubmissionSchema(form: form, tables: own).json().contains("Graag plaats invullen"))
        #expect(!SubmissionSchema(form: form).json().contains("Graag"))
    }

    @Test func twoThemesRenderedAtOnceKeepTheirOwnWords() async throws {
        let folder = try Self.templates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = try #require(try RepeatTests.load(Self.form).0)
        let own = Theme.load(overrides: folder.path, log: DiagnosticLog())
        let builtin = Theme.load(overrides: nil, log: DiagnosticLog())
        let pages = await withTaskGroup(of: (Int, String).self) { group in
            for round in 0..<8 {
                group.addTask { (round, PageRenderer(theme: round.isMultiple(of: 2) ? own : builtin, settings: SiteSettings()).renderForm(form)) }
            }
            var pages: [Int: String] = [:]
            for await (round, page) in group { pages[round] = page }
            return pages
        }
        for (round, page) in pages {
            #expect(page.contains("Graag plaats invullen") == round.isMultiple(of: 2), "round \(round)")
            #expect(page.contains("Vul plaats in") != round.isMultiple(of: 2), "round \(round)")
        }
    }

    @Test func aBuildReportsItsTablesProblemsAndTheirWordsReachItsPages() throws {
        let folder = try Self.templates()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[1]".utf8).write(to: folder.appendingPathComponent("i18n/de.json"))
        let (_, problems) = MessageTables.reading(templatesDirectory: folder.path)
        #expect(problems == ["\(folder.path)/i18n/de.json: expected a JSON object of message keys to texts"])
        let theme = Theme.load(overrides: folder.path, log: DiagnosticLog())
        #expect(theme.messages.table(for: "nl-BE")["optional"] == "(mag leeg)")
        #expect(theme.messages.table(for: "nl")["next"] == "Volgende", "keys the site leaves out stay built in")
        #expect(MessageTables.builtin.table(for: "nl")["optional"] != "(mag leeg)")
    }

    @Test func theBuiltInTablesReadWithoutAProblem() {
        var problems: [String] = []
        let tables = Messages.readTables(in: Messages.builtinFolder, problems: &problems)
        #expect(problems.isEmpty, "a site's byte-for-byte copy of a built-in table is taken as read, problems and all")
        #expect(tables == Messages.builtin)
    }

    @Test func aCopyOfABuiltInTableIsThatTableAndAnEditedOneIsReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fg-tables-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("i18n"), withIntermediateDirectories: true)
        let builtin = URL(fileURLWithPath: Messages.builtinFolder)
        try FileManager.default.copyItem(at: builtin.appendingPathComponent("de.json"), to: folder.appendingPathComponent("i18n/de.json"))
        let french = try String(contentsOf: builtin.appendingPathComponent("fr.json"), encoding: .utf8)
        let edited = french.replacingOccurrences(of: #""next": ""#, with: #""next": "Plus loin, "#)
        #expect(edited != french)
        try Data(edited.utf8).write(to: folder.appendingPathComponent("i18n/fr.json"))
        var problems: [String] = []
        let own = Messages.readTables(in: folder.appendingPathComponent("i18n").path, problems: &problems,
                                      copies: (Messages.builtinFolder, Messages.builtin))
        #expect(problems.isEmpty)
        #expect(own["de"] == Messages.builtin["de"])
        #expect(own["fr"]?["next"]?.hasPrefix("Plus loin, ") == true)
        #expect(own["fr"] != Messages.builtin["fr"])
        #expect(MessageTables.reading(templatesDirectory: folder.path).tables.table(for: "de") == MessageTables.builtin.table(for: "de"))
    }
}
