import Foundation
import FormgenTestSupport
import Testing
@testable import FormgenCore

/// A build reads only the config files changed since the last one, the others' summaries standing in for them
/// (issue #36): what it writes and says is what a build reading every file writes and says.
@Suite struct SavedReadingsTests {
    /// Form `a` draws a warning when read (an unknown key) and one when checked (a rule value that is no option).
    static func site(warnings: Bool = true) throws -> TestSite {
        try TestSite(files(warnings: warnings))
    }

    /// ``site(warnings:)``'s files, by path.
    static func files(warnings: Bool = true) -> [String: String] {
        let rule = warnings ? "rules:\n  - {when: choice, condition: equals, value: Maybe, action: show, targets: [reason]}\n" : ""
        return [
            "configs/site.yaml": "title: Test site\nlanguage: en\n",
            "configs/forms/a.yaml": """
                title: Form A
                \(warnings ? "colour: red\n" : "")fields:
                  - {id: choice, label: Choose, type: radio, options: ["Yes", "No"]}
                  - {id: reason, label: Why}
                \(rule)
                """,
            "configs/forms/b.yaml": "title: Form B\ndescription: The *second* form.\nfields:\n  - {id: email, label: Email, type: email, required: true}\n",
            "configs/forms/c.json": #"{"title": "Form C", "fields": [{"id": "x", "label": "X"}]}"#,
            "configs/countries/nl.yaml": "country: NL\nfields:\n  - {id: first_name, label: First name, required: true}\n",
            "configs/docs/guide.md": "# Guide\n\nHow to fill in the forms.\n",
        ]
    }

    static func options(_ site: TestSite, out: String = "public", tool: String = "formgen-test", force: Bool = false) -> BuildOptions {
        var options = BuildOptions(configDirectory: site.configs.path, templatesDirectory: site.root.appendingPathComponent("templates").path,
                                   outputDirectory: site.root.appendingPathComponent(out).path, toolIdentity: tool)
        options.force = force
        return options
    }

    static func build(_ site: TestSite, out: String = "public", tool: String = "formgen-test", force: Bool = false) throws -> BuildReport {
        try SiteBuilder(options: options(site, out: out, tool: tool, force: force)).build()
    }

    /// Every file under the output folder, by path.
    static func snapshot(_ site: TestSite, _ out: String = "public") -> [String: Data] {
        let root = site.root.appendingPathComponent(out).path
        var files: [String: Data] = [:]
        for entry in FolderWalk.entries(under: root) where entry.kind == .file {
            files[entry.path] = FileManager.default.contents(atPath: root + "/" + entry.path)
        }
        return files
    }

    static func edit(_ site: TestSite, _ relative: String, _ change: (String) -> String) throws {
        try site.write(relative, change(try site.read(relative)))
    }

    @Test(arguments: [true, false])
    func aRebuildReadsOnlyTheEditedFormAndWritesAndSaysWhatAFullBuildDoes(warnings: Bool) throws {
        let site = try Self.site(warnings: warnings)
        defer { site.remove() }
        let first = try Self.build(site)
        #expect(first.summarizedConfigs == 0)
        #expect(FileManager.default.fileExists(atPath: SavedReadings.file(for: site.output).path))
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form B (edited)") }
        let rebuilt = try Self.build(site)
        #expect(rebuilt.summarizedConfigs == 2, "a.yaml and c.json are summarized; the country is read")
        #expect(rebuilt.written.contains("b/index.html"))
        #expect(!rebuilt.written.contains("a/index.html"))
        let clean = try Self.build(site, out: "clean", force: true)
        #expect(clean.summarizedConfigs == 0)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
        #expect(try site.read("public/index.html").contains("Form B (edited)"))
        #expect(rebuilt.warnings == clean.warnings)
        #expect(rebuilt.warnings.filter { $0.location.file.hasSuffix("forms/a.yaml") }.count == (warnings ? 2 : 0))
        // A third build, after another edit, summarizes from what the second one saved.
        try Self.edit(site, "configs/forms/c.json") { $0.replacingOccurrences(of: "Form C", with: "Form Sea") }
        let third = try Self.build(site)
        #expect(third.summarizedConfigs == 2)
        #expect(third.warnings == clean.warnings)
        _ = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
    }

    @Test func aBrokenEditSaysWhatAFullBuildSaysAndLeavesTheOutput() throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = try Self.build(site)
        let before = Self.snapshot(site)
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "type: email", with: "type: emial") }
        let rebuilt = #expect(throws: ConfigErrors.self) { try Self.build(site) }
        let clean = #expect(throws: ConfigErrors.self) { try Self.build(site, out: "clean", force: true) }
        #expect(rebuilt?.diagnostics == clean?.diagnostics)
        #expect(rebuilt?.diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("forms/b.yaml") && $0.location.line == 4 } == true)
        #expect(rebuilt?.diagnostics.contains { $0.severity == .warning && $0.location.file.hasSuffix("forms/a.yaml") } == true)
        #expect(Self.snapshot(site) == before)
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "type: emial", with: "type: email, help: Fixed.") }
        let fixed = try Self.build(site)
        #expect(fixed.summarizedConfigs == 2)
        _ = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
    }

    @Test(arguments: ["{\"version\":1,\"tool\":", "not json", "", "old", "truncated", "extended"])
    func aDamagedOrOlderReadingsFileMeansEveryFileIsRead(_ damage: String) throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = try Self.build(site)
        let file = SavedReadings.file(for: site.output)
        let bytes = try Data(contentsOf: file)
        #expect(bytes.starts(with: Data(SavedReadings.header.utf8)))
        #expect(bytes.suffix(4) == Data("end\n".utf8))
        switch damage {
        case "old": try (Data("formgen-readings 1\n".utf8) + bytes.dropFirst(SavedReadings.header.utf8.count)).write(to: file)
        case "truncated": try (bytes.prefix(bytes.count / 2) + Data("end\n".utf8)).write(to: file)
        case "extended": try (bytes.dropLast(4) + Data([0]) + Data("end\n".utf8)).write(to: file)
        default:
            try Data(damage.utf8).write(to: file)
        }
        #expect(SavedReadings.load(for: site.output, tool: "formgen-test") == nil)
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee") }
        let rebuilt = try Self.build(site)
        #expect(rebuilt.summarizedConfigs == 0)
        let clean = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
        #expect(rebuilt.warnings == clean.warnings)
        // The rebuild saved readings again: the next one summarizes.
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form Bee", with: "title: Form Be") }
        #expect(try Self.build(site).summarizedConfigs == 2)
    }

    /// What every form's reading or pages depend on changed: no summary stands in.
    @Test(arguments: ["settings", "template", "translation", "binary"])
    func aChangeOutsideTheFormsMeansEveryFileIsRead(_ change: String) throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = try Self.build(site)
        var tool = "formgen-test"
        switch change {
        case "settings": try Self.edit(site, "configs/site.yaml") { $0 + "description: Now with a description.\n" }
        case "template": try site.write("templates/assets/list-filter.js", "// A site's own filter script.\n")
        case "translation": try site.write("configs/i18n/fr.yaml", "a:\n  title: Formulaire A\n")
        default: tool = "formgen-test-2"
        }
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee") }
        let rebuilt = try Self.build(site, tool: tool)
        #expect(rebuilt.summarizedConfigs == 0)
        let clean = try Self.build(site, out: "clean", tool: tool, force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
        #expect(rebuilt.warnings == clean.warnings)
    }

    /// A summary has no fields: when one of its form's files would be rendered (here: removed from the output),
    /// every file is read and the page is the full form's.
    @Test func aSummarizedFormsMissingPageIsRenderedFromTheFullForm() throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = try Self.build(site)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("a/index.html"))
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee") }
        let rebuilt = try Self.build(site)
        #expect(rebuilt.summarizedConfigs == 0)
        _ = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
        #expect(try site.read("public/a/index.html").contains("Choose"))
    }

    /// A flow's page and reference are made from the flow alone: an edit to a form does not render them again, and the
    /// output is a clean build's; an edit to a country does.
    @Test func aFormEditLeavesTheFlowsPagesBe() throws {
        let site = try Self.site()
        defer { site.remove() }
        let first = try Self.build(site)
        let flow = try #require(first.site?.flows.first?.id)
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee") }
        let rebuilt = try Self.build(site)
        #expect(rebuilt.written.contains("index.html"))
        let pages = ["\(flow)/index.html", "\(flow)/reference/index.html"]
        let keys = { (report: BuildReport) in pages.map { report.state?.outputKeys[$0] } }
        #expect(keys(rebuilt) == keys(first))
        #expect(keys(rebuilt).allSatisfy { $0 != nil })
        _ = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
        try Self.edit(site, "configs/countries/nl.yaml") { $0.replacingOccurrences(of: "First name", with: "Given name") }
        let country = try Self.build(site)
        #expect(zip(keys(country), keys(rebuilt)).allSatisfy { $0 != $1 })
        _ = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
    }

    /// An unchanged output that is no longer in the output folder (a flow's page, which is not summarized) is looked for
    /// before it is skipped, so the next rebuild in place writes it again; the pages still there are not written.
    @Test func anUnchangedPageRemovedFromTheOutputIsWrittenAgain() throws {
        let site = try Self.site()
        defer { site.remove() }
        let first = try Self.build(site)
        let flow = try #require(first.site?.flows.first?.id)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("\(flow)/index.html"))
        try Self.edit(site, "configs/forms/b.yaml") { $0.replacingOccurrences(of: "title: Form B", with: "title: Form Bee") }
        let rebuilt = try Self.build(site)
        #expect(rebuilt.written.contains("\(flow)/index.html"))
        #expect(!rebuilt.written.contains("\(flow)/reference/index.html"))
        _ = try Self.build(site, out: "clean", force: true)
        #expect(Self.snapshot(site) == Self.snapshot(site, "clean"))
    }

    @Test func readingsSurviveTheirOwnFormat() throws {
        let said = [Diagnostic(.warning, at: SourceLocation(file: "configs/forms/ü \"q\".yaml", line: 3, column: 7), "unknown key 'x' \\ “y”")]
        let summary = SavedReadings.Summary(file: "configs/forms/ü \"q\".yaml", digest: "abc", id: "q", path: "q", title: "Q “quoted” \\",
                                            description: nil, language: "nl-BE", format: .petAdoption, line: 1, column: 2, collect: true,
                                            origins: ["https://example.org"], said: said)
        let readings = SavedReadings(tool: "t", settingsDigest: "s|", summaries: [summary.file: summary], checks: ["q": ("k", said), "r": ("k2", [])])
        let root = try TestSite([:])
        defer { root.remove() }
        let output = root.root.appendingPathComponent("public")
        readings.save(for: output)
        let loaded = try #require(SavedReadings.load(for: output, tool: "t"))
        #expect(loaded.summaries == readings.summaries)
        #expect(loaded.checks["q"]?.key == "k")
        #expect(loaded.checks["q"]?.diagnostics == said)
        #expect(loaded.checks["r"]?.diagnostics == [])
        #expect(loaded.settingsDigest == "s|")
        #expect(SavedReadings.load(for: output, tool: "another") == nil)
        let form = summary.form
        #expect(form.submission.provider == .collect)
        #expect(form.embed.isEmbeddable)
        #expect(form.location == SourceLocation(file: summary.file, line: 1, column: 2))
    }
}
