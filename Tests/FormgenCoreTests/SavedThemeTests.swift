import Foundation
import FormgenTemplates
import FormgenTestSupport
import Testing
@testable import FormgenCore

/// A build keeps what loading the theme made (the minified stylesheet, the runtime's modules, the template check) beside
/// its output, and the next build with the same theme files and binary takes it (issue #36); anything else loads in full.
@Suite(.serialized) struct SavedThemeTests {
    /// A site whose templates folder overrides the stylesheet: its paths are its own, so no theme loaded before is its.
    static func site() throws -> TestSite {
        let css = try String(contentsOf: BuiltinTemplates.directory.appendingPathComponent("assets/formgen.css"), encoding: .utf8)
        var files = SavedReadingsTests.files(warnings: false)
        files["templates/assets/formgen.css"] = "body{margin:1px}\n" + css
        return try TestSite(files)
    }

    /// Loads `site`'s theme; `other` is loaded first and after, so that the process's own last theme is never `site`'s.
    static func load(_ site: TestSite, saved: SavedTheme?, log: DiagnosticLog = DiagnosticLog()) throws -> Theme {
        let other = try TestSite(["templates/assets/list-filter.js": "// \(UUID())\n"])
        defer { other.remove() }
        _ = Theme.load(overrides: other.root.appendingPathComponent("templates").path, log: DiagnosticLog())
        return Theme.load(overrides: site.root.appendingPathComponent("templates").path, saved: saved, log: log)
    }

    @Test func aThemeLoadedWithoutAWordIsSavableAndSurvivesItsOwnFormat() throws {
        let site = try Self.site()
        defer { site.remove() }
        let theme = try Self.load(site, saved: nil)
        var saving = try #require(theme.saving)
        #expect(saving.css == theme.style.text)
        #expect(saving.runtime.modules == theme.runtime.modules)
        #expect(saving.runtime.modules["main"]?.isMinified == true)
        saving.tool = "formgen-test"
        saving.save(for: site.output)
        let loaded = try #require(SavedTheme.load(for: site.output, tool: "formgen-test"))
        #expect(loaded == saving)
        #expect(loaded.runtime.modules == theme.runtime.modules)
        #expect(loaded.runtime.modules.mapValues { $0.minified?.runtimeDigest } == theme.runtime.modules.mapValues { $0.minified?.runtimeDigest })
        #expect(SavedTheme.load(for: site.output, tool: "another binary") == nil)
    }

    @Test(arguments: ["", "not a theme", "header", "truncated", "extra", "length"])
    func aDamagedFileIsNoTheme(_ damage: String) throws {
        let site = try Self.site()
        defer { site.remove() }
        var saving = try #require(try Self.load(site, saved: nil).saving)
        saving.tool = "formgen-test"
        saving.save(for: site.output)
        let file = SavedTheme.file(for: site.output)
        let bytes = try Data(contentsOf: file)
        let damaged: Data
        switch damage {
        case "header": damaged = Data("formgen-theme 0\n".utf8) + bytes.dropFirst(SavedTheme.header.utf8.count)
        case "truncated": damaged = bytes.prefix(bytes.count / 2)
        case "extra": damaged = bytes + Data("x".utf8)
        case "length": damaged = Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\ncss ", with: "\ncss 1").utf8)
        default: damaged = Data(damage.utf8)
        }
        try damaged.write(to: file)
        #expect(SavedTheme.load(for: site.output, tool: "formgen-test") == nil)
    }

    /// A saved theme for the same files stands for their stylesheet and runtime (here a doctored one, to show it is
    /// taken); for other files it is ignored.
    @Test func aSavedThemeStandsOnlyForTheFilesItWasMadeFrom() throws {
        let site = try Self.site()
        defer { site.remove() }
        let clean = try Self.load(site, saved: nil)
        var doctored = try #require(clean.saving)
        doctored.css = "body{margin:2px}"
        let taken = try Self.load(site, saved: doctored)
        #expect(taken.style.text == "body{margin:2px}")
        #expect(taken.runtime.modules == clean.runtime.modules)
        #expect(taken.compiled == clean.compiled)
        #expect(taken.rendersFieldsInSwift)
        // Its swift-mustache library is registered when first asked for, and renders as the clean one's.
        let context: [String: TemplateValue] = ["title": .text("T"), "fieldHTML": .text("<p>x</p>")]
        #expect(taken.renderingThroughSwiftMustache.render("field", context) == clean.renderingThroughSwiftMustache.render("field", context))

        try site.write("templates/assets/formgen.css", "body{margin:3px}\n")
        let edited = try Self.load(site, saved: doctored)
        #expect(edited.style.text == "body{margin:3px}")
        #expect(edited.saving?.digest != doctored.digest)
    }

    /// A template with a syntax error is reported though a saved theme names other texts; a theme that says anything
    /// is not saved.
    @Test func aBrokenTemplateIsReportedAndNotSaved() throws {
        let site = try Self.site()
        defer { site.remove() }
        let saved = try #require(try Self.load(site, saved: nil).saving)
        try site.write("templates/partials/field.mustache", "{{#open}}\n")
        let log = DiagnosticLog()
        let theme = try Self.load(site, saved: saved, log: log)
        #expect(log.diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("partials/field.mustache") })
        #expect(theme.saving == nil)
    }

    /// Fields are written in Swift while the field templates are the built-in text, overridden or not.
    @Test func fieldsInSwiftFollowTheTemplatesText() throws {
        let site = try Self.site()
        defer { site.remove() }
        let builtin = try String(contentsOf: BuiltinTemplates.directory.appendingPathComponent("partials/field.mustache"), encoding: .utf8)
        try site.write("templates/partials/field.mustache", builtin)
        #expect(try Self.load(site, saved: nil).rendersFieldsInSwift)
        try site.write("templates/partials/field.mustache", builtin + "<!-- own -->\n")
        #expect(try !Self.load(site, saved: nil).rendersFieldsInSwift)
    }

    /// Through `SiteBuilder`: a rebuild after an edit to the stylesheet, the runtime, a template, the site settings, a
    /// country or the binary writes what a clean build writes.
    @Test(arguments: ["stylesheet", "runtime", "template", "settings", "country", "binary", "damaged"])
    func aRebuildAfterAnEditWritesWhatACleanBuildDoes(_ change: String) throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = try SavedReadingsTests.build(site)
        #expect(FileManager.default.fileExists(atPath: SavedTheme.file(for: site.output).path))
        var tool = "formgen-test"
        switch change {
        case "stylesheet": try SavedReadingsTests.edit(site, "templates/assets/formgen.css") { "body{margin:4px}\n" + $0 }
        case "runtime":
            let main = try String(contentsOf: BuiltinTemplates.directory.appendingPathComponent("assets/runtime/main.js"), encoding: .utf8)
            try site.write("templates/assets/runtime/main.js", main + "var formgenEdited = 1;\n")
        case "template":
            let base = try String(contentsOf: BuiltinTemplates.directory.appendingPathComponent("layouts/base.mustache"), encoding: .utf8)
            try site.write("templates/layouts/base.mustache", base.replacingOccurrences(of: "<body", with: "<body data-edited=\"1\""))
        case "settings": try SavedReadingsTests.edit(site, "configs/site.yaml") { $0 + "description: Now with a description.\n" }
        case "country": try SavedReadingsTests.edit(site, "configs/countries/nl.yaml") { $0.replacingOccurrences(of: "First name", with: "Given name") }
        case "binary": tool = "formgen-test-2"
        default: try Data("formgen-theme 1\ntool 3\nabc\n".utf8).write(to: SavedTheme.file(for: site.output))
        }
        try SavedReadingsTests.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee") }
        _ = try SavedReadingsTests.build(site, tool: tool)
        _ = try SavedReadingsTests.build(site, out: "clean", tool: tool, force: true)
        #expect(SavedReadingsTests.snapshot(site) == SavedReadingsTests.snapshot(site, "clean"))
        let saved = try #require(SavedTheme.load(for: site.output, tool: tool), "the rebuild saved its theme")
        #expect(saved == SavedTheme.load(for: site.root.appendingPathComponent("clean"), tool: tool))
    }
}
