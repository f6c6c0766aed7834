import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import FormgenTemplates
import Testing

/// The preview's builds: the first is `formgen build`; each later one reads again only the changed configs,
/// renders only what depends on them and writes only files whose bytes changed.
@Suite struct PreviewBuilderTests {
    func changed(_ site: TestSite, _ relative: String) -> [String] {
        [site.root.appendingPathComponent(relative).path]
    }

    /// The files a build wrote, or nil when it did not build.
    func written(_ outcome: PreviewBuilder.Outcome) -> [String]? {
        guard case .built(_, _, let written) = outcome else { return nil }
        return written
    }

    @Test func editingAFormRewritesOnlyItsPageAndReadsOnlyItsFile() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        guard case .built(let first, _, _) = builder.build(changes: []) else { Issue.record("first build failed"); return }
        #expect(first.hasPrefix("Built "))
        #expect(builder.configFilesRead == 2)
        let index = try site.read("public/index.html")
        let externalBefore = try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent("external/index.html").path)

        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "label: Your name", with: "label: Your full name"))
        let outcome = builder.build(changes: changed(site, "configs/forms/contact.yaml"))
        #expect(written(outcome) == ["contact/index.html", "contact/reference/index.html", "contact/schema.json"])
        guard case .built(let summary, _, _) = outcome else { Issue.record("the rebuild failed"); return }
        #expect(summary.hasPrefix("Rebuilt 3 of "), "\(summary)")
        #expect(builder.configFilesRead == 3, "only contact.yaml was read again")
        #expect(try site.read("public/contact/index.html").contains("Your full name"))
        #expect(try site.read("public/index.html") == index)
        let externalAfter = try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent("external/index.html").path)
        #expect(externalAfter[.modificationDate] as? Date == externalBefore[.modificationDate] as? Date)

        let full = site.root.appendingPathComponent("full")
        var fullOptions = site.buildOptions
        fullOptions.outputDirectory = full.path
        _ = try SiteBuilder(options: fullOptions).build()
        for path in ["contact/index.html", "contact/reference/index.html", "contact/schema.json", "index.html", "404.html"] {
            #expect(try Data(contentsOf: full.appendingPathComponent(path)) == Data(contentsOf: site.output.appendingPathComponent(path)), "\(path)")
        }
    }

    /// A watcher can miss a change (its event queue overflowed, a folder was moved in place of another): a form whose
    /// bytes changed is read again although the change that started the build named another file.
    @Test func aChangedFormTheWatcherDidNotNameIsReadAgain() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        guard case .built = builder.build(changes: []) else { Issue.record("first build failed"); return }
        let readBefore = builder.configFilesRead
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "label: Your name", with: "label: Your full name"))
        let outcome = builder.build(changes: changed(site, "configs"))
        #expect(written(outcome) == ["contact/index.html", "contact/reference/index.html", "contact/schema.json"])
        #expect(try site.read("public/contact/index.html").contains("Your full name"))
        #expect(builder.configFilesRead == readBefore + 1, "only the changed form is read again")
    }

    @Test func aNewTitleRewritesTheHomePageToo() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "title: Contact us", with: "title: Write to us"))
        let written = written(builder.build(changes: changed(site, "configs/forms/contact.yaml"))) ?? []
        #expect(written.contains("index.html"))
        #expect(written.contains("contact/index.html"))
        #expect(!written.contains("external/index.html"))
        #expect(try site.read("public/index.html").contains("Write to us"))
    }

    @Test func editingSiteSettingsRewritesEveryPage() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/site.yaml", "title: Renamed site\nbaseURL: /\nlanguage: en\n")
        let written = written(builder.build(changes: changed(site, "configs/site.yaml"))) ?? []
        for page in ["index.html", "404.html", "contact/index.html", "contact/reference/index.html", "external/index.html", "external/reference/index.html"] {
            #expect(written.contains(page), "\(page)")
        }
        #expect(builder.configFilesRead == 4, "the forms are read again under the new settings")
        #expect(try site.read("public/external/index.html").contains("Renamed site"))
    }

    @Test func editingASiteTemplateRewritesThePagesThatUseIt() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        var options = site.buildOptions
        options.templatesDirectory = site.root.appendingPathComponent("templates").path
        let builder = PreviewBuilder(options: options)
        _ = builder.build(changes: [])
        let layout = try String(contentsOf: BuiltinTemplates.directory.appendingPathComponent("layouts/form.mustache"), encoding: .utf8)
        try site.write("templates/layouts/form.mustache", layout.replacingOccurrences(of: "<div id=\"fg-error-summary\"", with: "<p>Site-made form layout</p><div id=\"fg-error-summary\""))
        #expect(layout.contains("<div id=\"fg-error-summary\""))
        let written = written(builder.build(changes: changed(site, "templates/layouts/form.mustache"))) ?? []
        #expect(written.contains("contact/index.html"))
        #expect(written.contains("external/index.html"))
        #expect(!written.contains("index.html"), "the home page does not use the form layout")
        #expect(try site.read("public/contact/index.html").contains("Site-made form layout"))
        #expect(builder.configFilesRead == 2, "no config was read again")
    }

    @Test func editingTheFlowDefinitionRewritesEveryCountryPage() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let flow = "id: kyc\ntitle: Verify\ncountries:\n  NL: {name: Netherlands}\n  BE: {name: Belgium}\nfields:\n  - {id: email, label: Email, type: email}\n"
        try site.write("configs/forms/kyc.yaml", flow)
        for code in ["NL", "BE"] {
            try site.write("configs/countries/\(code.lowercased()).yaml", "country: \(code)\nfields:\n  - {id: name, label: Name, type: text}\n")
        }
        let builder = PreviewBuilder(options: site.buildOptions)
        guard case .built = builder.build(changes: []) else { Issue.record("first build failed"); return }
        try site.write("configs/forms/kyc.yaml", flow.replacingOccurrences(of: "label: Email", with: "label: Email address"))
        let written = written(builder.build(changes: changed(site, "configs/forms/kyc.yaml"))) ?? []
        #expect(written.contains("kyc/nl/index.html"))
        #expect(written.contains("kyc/be/index.html"))
        #expect(!written.contains("contact/index.html"))
        #expect(try site.read("public/kyc/be/index.html").contains("Email address"))
    }

    @Test func aRemovedFormsFilesAreRemoved() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try FileManager.default.removeItem(at: site.configs.appendingPathComponent("forms/external.yaml"))
        let written = written(builder.build(changes: changed(site, "configs/forms/external.yaml"))) ?? []
        #expect(written.contains("external/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("external").path))
        #expect(try !site.read("public/index.html").contains("Sent elsewhere"))
    }

    @Test func aBrokenFormIsReportedWhereItIsAndTheOutputKept() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        let before = try site.read("public/contact/index.html")
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "type: number", with: "type: numbr"))
        guard case .failed(let diagnostics) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("a broken form built"); return
        }
        #expect(diagnostics.hasPrefix(site.configs.path + "/forms/contact.yaml:12:11: error:"), "\(diagnostics)")
        #expect(try site.read("public/contact/index.html") == before)

        try site.write("configs/forms/external.yaml", TestSite.externalForm.replacingOccurrences(of: "label: Email", with: "label: E-mail"))
        guard case .failed(let stillBroken) = builder.build(changes: changed(site, "configs/forms/external.yaml")) else {
            Issue.record("a good build while contact.yaml is broken"); return
        }
        #expect(stillBroken.contains("contact.yaml:12:11"))

        try site.write("configs/forms/contact.yaml", ContactForm.yaml)
        let written = written(builder.build(changes: changed(site, "configs/forms/contact.yaml"))) ?? []
        #expect(written == ["external/index.html", "external/reference/index.html", "external/schema.json"],
                "contact.yaml is back as it was built; external.yaml's edit is written now")
        #expect(try site.read("public/external/index.html").contains("E-mail"))
    }

    @Test func aSyntaxErrorIsReportedAndItsFixRebuildsOnlyThatForm() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/contact.yaml", ContactForm.yaml + "  - broken: [\n")
        guard case .failed(let diagnostics) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("a broken form built"); return
        }
        #expect(diagnostics.contains(site.configs.path + "/forms/contact.yaml:"))
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "label: Age", with: "label: Your age"))
        #expect(written(builder.build(changes: changed(site, "configs/forms/contact.yaml"))) == [
            "contact/index.html", "contact/reference/index.html", "contact/schema.json",
        ])
    }

    @Test func aBuildAfterThePreviewStartsFromWhatThePreviewWrote() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "label: Your name", with: "label: Your full name"))
        #expect(written(builder.build(changes: changed(site, "configs/forms/contact.yaml")))?.isEmpty == false)
        #expect(try SiteBuilder(options: site.buildOptions).build().upToDate, "the preview's build is the last build")
        try site.write("configs/forms/contact.yaml", ContactForm.yaml)
        let report = try SiteBuilder(options: site.buildOptions).build()
        #expect(!report.upToDate)
        #expect(report.written.contains("contact/index.html"))
        #expect(!report.written.contains("external/index.html"), "external's files are linked from the preview's build")
        #expect(try !site.read("public/contact/index.html").contains("Your full name"))
    }

    @Test func anEditorsScratchFileBuildsNothing() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/sedX1y2Z3", "scratch")
        #expect(builder.build(changes: changed(site, "configs/forms/sedX1y2Z3")) == .unchanged)
        #expect(builder.configFilesRead == 2)
    }

    @Test func anUnchangedFormsWarningsAreReportedAgainWithoutReadingIt() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/forms/external.yaml", TestSite.externalForm.replacingOccurrences(of: "    required: true", with: "    required: true\n    colour: red"))
        let builder = PreviewBuilder(options: site.buildOptions)
        guard case .built(_, let first, _) = builder.build(changes: []) else { Issue.record("first build failed"); return }
        #expect(first.contains { $0.contains("external.yaml") && $0.contains("unknown key 'colour'") })
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "label: Your name", with: "label: Name"))
        guard case .built(_, let again, let written) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("the rebuild failed"); return
        }
        #expect(again == first)
        #expect(written == ["contact/index.html", "contact/reference/index.html", "contact/schema.json"])
        #expect(builder.configFilesRead == 3)
    }
}
