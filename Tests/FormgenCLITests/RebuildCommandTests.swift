import Foundation
import Testing

/// `formgen build` after editing one form: only the changed configs are read again, and the output and what is
/// printed are a full build's.
@Suite(.serialized) struct RebuildCommandTests {
    static func site() throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        let files = [
            "configs/site.yaml": "title: Rebuilt site\n",
            "configs/forms/a.yaml": "title: Form A\ncolour: red\nfields:\n  - {id: name, label: Name}\n",
            "configs/forms/b.yaml": "title: Form B\nfields:\n  - {id: email, label: Email, type: email}\n",
            "configs/forms/c.yaml": "title: Form C\nfields:\n  - {id: age, label: Age, type: number}\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func warningsOfUnchangedFormsArePrintedOnARebuild() throws {
        let site = try Self.site()
        let build = ["build", "--no-excerpt", "--config", "configs", "--out", "public", "--verbose"]
        let first = try CommandRunner.run(build, in: site)
        #expect(first.status == 0)
        let warning = "configs/forms/a.yaml:2:1: warning: unknown key 'colour' in form"
        #expect(first.stderr.hasPrefix(warning), "\(first.stderr)")
        #expect(!first.stdout.contains("Read only the changed configs"))

        let form = site.appendingPathComponent("configs/forms/b.yaml")
        try (try String(contentsOf: form, encoding: .utf8)).replacingOccurrences(of: "Form B", with: "Form B (edit 1)")
            .write(to: form, atomically: true, encoding: .utf8)
        let rebuilt = try CommandRunner.run(build, in: site)
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stderr == first.stderr)
        #expect(rebuilt.stdout.contains("Read only the changed configs: 2 unchanged ones as the last build summarized them.\n"), "\(rebuilt.stdout)")
        #expect(rebuilt.stdout.contains("  b/index.html\n"))
        #expect(!rebuilt.stdout.contains("  a/index.html\n"))

        let clean = try CommandRunner.run(["build", "--no-excerpt", "--config", "configs", "--out", "clean"], in: site)
        #expect(clean.stderr == first.stderr)
        #expect(try CommandRunner.snapshot(site.appendingPathComponent("public")) == CommandRunner.snapshot(site.appendingPathComponent("clean")))
    }

    /// Pages keyed without the forms' titles (the 404 page, docs, the accessibility statement, the sitemap) are not
    /// rendered again on a title edit, and are when the last form goes (their header loses the forms link): after
    /// each, the output is a clean build's.
    @Test func pagesThatShowNoTitlesStayWhatACleanBuildWrites() throws {
        let site = try Self.site()
        let files = [
            "configs/site.yaml": "title: Rebuilt site\nbaseURL: https://forms.example/\naccessibility:\n  contact: a@example.org\n  lastReviewed: \"2026-11-20\"\n",
            "configs/docs/index.md": "# Help\n\nStart here.\n",
            "configs/docs/guide.md": "---\ntitle: Guide\n---\n# Guide\n\nSee [the index](index.md).\n",
        ]
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let build = ["build", "--no-excerpt", "--config", "configs", "--out", "public", "--verbose"]
        #expect(try CommandRunner.run(build, in: site).status == 0)
        func matchesACleanBuild() throws -> Bool {
            let clean = site.appendingPathComponent("clean")
            try? FileManager.default.removeItem(at: clean)
            #expect(try CommandRunner.run(["build", "--no-excerpt", "--config", "configs", "--out", "clean", "--force"], in: site).status == 0)
            return try CommandRunner.snapshot(site.appendingPathComponent("public")) == CommandRunner.snapshot(clean)
        }
        let form = site.appendingPathComponent("configs/forms/b.yaml")
        try (try String(contentsOf: form, encoding: .utf8)).replacingOccurrences(of: "Form B", with: "Form B retitled")
            .write(to: form, atomically: true, encoding: .utf8)
        let retitled = try CommandRunner.run(build, in: site)
        #expect(retitled.status == 0)
        #expect(try matchesACleanBuild())
        for form in ["a", "b", "c"] {
            try FileManager.default.removeItem(at: site.appendingPathComponent("configs/forms/\(form).yaml"))
        }
        let formless = try CommandRunner.run(build, in: site)
        #expect(formless.status == 0, "\(formless.stderr)")
        #expect(try matchesACleanBuild())
        for page in ["404.html", "accessibility/index.html", "docs/guide/index.html"] {
            #expect(formless.stdout.contains("  \(page)\n"), "\(page) loses the forms link: \(formless.stdout)")
        }
    }

    /// The theme a build saved beside its output stands in for loading it only while its files and the binary are the
    /// same: after an edit to the stylesheet, a runtime module, a template or the site settings, or with the saved file
    /// damaged, a rebuild writes what a clean build writes.
    @Test(arguments: ["none", "stylesheet", "runtime", "template", "settings", "damaged"])
    func aRebuildWithTheSavedThemeWritesWhatACleanBuildDoes(_ change: String) throws {
        let site = try Self.site()
        let builtin = CommandRunner.repository.appendingPathComponent("templates")
        func copy(_ relative: String, _ edit: (String) -> String = { $0 }) throws {
            let text = try String(contentsOf: builtin.appendingPathComponent(relative), encoding: .utf8)
            let url = site.appendingPathComponent("theme/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(edit(text).utf8).write(to: url)
        }
        try copy("assets/formgen.css")
        let build = ["build", "--no-excerpt", "--config", "configs", "--templates", "theme", "--out", "public"]
        #expect(try CommandRunner.run(build, in: site).status == 0)
        let saved = site.appendingPathComponent(".public.formgen-theme")
        #expect(FileManager.default.fileExists(atPath: saved.path))
        switch change {
        case "stylesheet": try copy("assets/formgen.css") { "body{margin:1px}\n" + $0 }
        case "runtime": try copy("assets/runtime/main.js") { $0 + "var formgenEdited = 1;\n" }
        case "template": try copy("layouts/base.mustache") { $0.replacingOccurrences(of: "<body", with: "<body data-edited=\"1\"") }
        case "settings": try Data("title: Rebuilt site, retitled\n".utf8).write(to: site.appendingPathComponent("configs/site.yaml"))
        case "damaged": try Data("formgen-theme 1\ntool 2\nab".utf8).write(to: saved)
        default: break
        }
        let form = site.appendingPathComponent("configs/forms/b.yaml")
        try (try String(contentsOf: form, encoding: .utf8)).replacingOccurrences(of: "Form B", with: "Form B (edited)")
            .write(to: form, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run(build, in: site).status == 0)
        #expect(try CommandRunner.run(["build", "--no-excerpt", "--config", "configs", "--templates", "theme", "--out", "clean", "--force"], in: site).status == 0)
        #expect(try CommandRunner.snapshot(site.appendingPathComponent("public")) == CommandRunner.snapshot(site.appendingPathComponent("clean")))
        #expect(try Data(contentsOf: saved) == Data(contentsOf: site.appendingPathComponent(".clean.formgen-theme")))
    }
}
