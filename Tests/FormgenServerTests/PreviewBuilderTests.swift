import FormgenCore
import FormgenServer
import Foundation
import Testing

/// The preview's builds: full, or only the edited forms when nothing else can change.
@Suite struct PreviewBuilderTests {
    func changed(_ site: TestSite, _ relative: String) -> [String] {
        [site.root.appendingPathComponent(relative).path]
    }

    @Test func editingAFormRebuildsOnlyItsFiles() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        guard case .built(let first, _, _) = builder.build(changes: []) else { Issue.record("first build failed"); return }
        #expect(first.hasPrefix("Built "))
        let index = try site.read("public/index.html")
        let externalBefore = try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent("external/index.html").path)

        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "label: Your name", with: "label: Your full name"))
        guard case .built(let second, _, _) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("incremental build failed"); return
        }
        #expect(second.hasPrefix("Rebuilt contact.yaml:"))
        #expect(try site.read("public/contact/index.html").contains("Your full name"))

        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "label: Your name", with: "label: Your name, please"))
        guard case .built(let third, _, _) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("second incremental build failed"); return
        }
        #expect(third.hasPrefix("Rebuilt contact.yaml:"))
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "label: Your name", with: "label: Your full name"))
        _ = builder.build(changes: changed(site, "configs/forms/contact.yaml"))
        #expect(try site.read("public/index.html") == index)
        let externalAfter = try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent("external/index.html").path)
        #expect(externalAfter[.modificationDate] as? Date == externalBefore[.modificationDate] as? Date)

        let full = site.root.appendingPathComponent("full")
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: full.path)).build()
        #expect(try Data(contentsOf: full.appendingPathComponent("contact/index.html")) == Data(contentsOf: site.output.appendingPathComponent("contact/index.html")))
    }

    @Test func aNewTitleTakesAFullBuildSoTheHomePageFollows() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "title: Contact us", with: "title: Write to us"))
        guard case .built(let summary, _, _) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("build failed"); return
        }
        #expect(summary.hasPrefix("Built "))
        #expect(try site.read("public/index.html").contains("Write to us"))
    }

    @Test func aBrokenFormIsReportedWhereItIsAndTheOutputKept() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        let before = try site.read("public/contact/index.html")
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "type: number", with: "type: numbr"))
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

        try site.write("configs/forms/contact.yaml", TestSite.contactForm)
        guard case .built = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("the fixed form did not build"); return
        }
        #expect(try site.read("public/external/index.html").contains("E-mail"))
    }

    @Test func aSyntaxErrorIsReportedAndItsFixRebuildsOnlyThatForm() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/contact.yaml", TestSite.contactForm + "  - broken: [\n")
        guard case .failed(let diagnostics) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("a broken form built"); return
        }
        #expect(diagnostics.contains("contact.yaml:"))
        try site.write("configs/forms/contact.yaml", TestSite.contactForm)
        guard case .built(let summary, _, _) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("the fixed form did not build"); return
        }
        #expect(summary.hasPrefix("Rebuilt contact.yaml"))
    }

    @Test func afterAnIncrementalBuildTheNextFullBuildRunsEvenIfTheInputsAreBackToTheLastOne() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        try site.write("configs/forms/contact.yaml", TestSite.contactForm.replacingOccurrences(of: "label: Your name", with: "label: Your full name"))
        guard case .built(_, _, true) = builder.build(changes: changed(site, "configs/forms/contact.yaml")) else {
            Issue.record("no incremental build"); return
        }
        try site.write("configs/forms/contact.yaml", TestSite.contactForm)
        let report = try SiteBuilder(options: site.buildOptions).build()
        #expect(!report.upToDate)
        #expect(try !site.read("public/contact/index.html").contains("Your full name"))
    }

    @Test func anEditorsScratchFileBuildsNothing() throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let builder = PreviewBuilder(options: site.buildOptions)
        _ = builder.build(changes: [])
        #expect(builder.build(changes: changed(site, "configs/forms/sedX1y2Z3")) == .unchanged)
    }
}
