import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// The writer swaps a whole new folder in, reusing the last build's files where it may, or writes a few files in place.
@Suite struct OutputWriterTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("formgen-writer-\(UUID().uuidString)/public")
    }

    @Test func anOutputWithTheLastBuildsKeyIsNotRenderedAgain() throws {
        let out = Self.folder()
        let writer = OutputWriter(outputDirectory: out)
        try writer.write(outputs: [SiteOutput(path: "a/index.html", cacheKey: "k1") { Data("first".utf8) },
                                   SiteOutput(path: "b/index.html", cacheKey: "k2") { Data("first".utf8) }], copies: [:])
        let rendered = ResultSlots<Bool>(count: 2)
        try writer.write(outputs: [
            SiteOutput(path: "a/index.html", cacheKey: "k1") { rendered[0] = true; return Data("second".utf8) },
            SiteOutput(path: "b/index.html", cacheKey: "k2-changed") { rendered[1] = true; return Data("second".utf8) },
        ], copies: [:], reusing: ["a/index.html": "k1", "b/index.html": "k2"])
        #expect(rendered[0] == nil)
        #expect(rendered[1] == true)
        #expect(try String(contentsOf: out.appendingPathComponent("a/index.html"), encoding: .utf8) == "first")
        #expect(try String(contentsOf: out.appendingPathComponent("b/index.html"), encoding: .utf8) == "second")
    }

    /// Writing in place stages every changed file first: when one cannot be written, none is replaced.
    @Test func anInPlaceWriteThatFailsChangesNoFile() throws {
        let out = Self.folder()
        let writer = OutputWriter(outputDirectory: out)
        try writer.write(outputs: [SiteOutput(path: "a/index.html", cacheKey: "k1") { Data("first".utf8) }], copies: [:])
        try Data("a file where a folder should be".utf8).write(to: out.appendingPathComponent("blocked"))
        #expect(throws: (any Error).self) {
            try writer.writeInPlace(outputs: [SiteOutput(path: "a/index.html", cacheKey: "k1-changed") { Data("second".utf8) },
                                              SiteOutput(path: "blocked/index.html", cacheKey: "k2") { Data("new".utf8) }],
                                    copies: [:], reusing: ["a/index.html": "k1"], previousPaths: ["a/index.html"])
        }
        #expect(try String(contentsOf: out.appendingPathComponent("a/index.html"), encoding: .utf8) == "first")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("a").path) == ["index.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a", "blocked"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path) == ["public"])

        let written = try writer.writeInPlace(outputs: [SiteOutput(path: "a/index.html", cacheKey: "k1-changed") { Data("second".utf8) },
                                                        SiteOutput(path: "c/index.html", cacheKey: "k3") { Data("third".utf8) }],
                                              copies: [:], reusing: ["a/index.html": "k1"], previousPaths: ["a/index.html"])
        #expect(written == ["a/index.html", "c/index.html"])
        #expect(try String(contentsOf: out.appendingPathComponent("a/index.html"), encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("a").path) == ["index.html"])
    }

    @Test func filesNotWrittenAgainDisappearAndHiddenFilesStay() throws {
        let out = Self.folder()
        let writer = OutputWriter(outputDirectory: out)
        try writer.write(files: ["old/index.html": Data("x".utf8), "index.html": Data("i".utf8)], copies: [:])
        try Data().write(to: out.appendingPathComponent(".gitkeep"))
        try writer.write(files: ["index.html": Data("j".utf8)], copies: [:])
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == [".gitkeep", "index.html"])
        let siblings = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
        #expect(siblings == ["public"])
    }

    @Test func leftoversOfKilledBuildsAreRemovedAndThoseOfRunningBuildsStay() throws {
        let out = Self.folder()
        let parent = out.deletingLastPathComponent()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let gone = finished.processIdentifier
        let running = getppid()
        let fileManager = FileManager.default
        for name in [".public.formgen-new-\(gone)", ".public.formgen-old-\(gone)", ".public.formgen-new-\(running)", ".other.formgen-new-\(gone)"] {
            try fileManager.createDirectory(at: parent.appendingPathComponent(name + "/a"), withIntermediateDirectories: true)
        }
        let writer = OutputWriter(outputDirectory: out)
        #expect(writer.removeLeftovers(in: parent, name: "public") == [".public.formgen-new-\(gone)", ".public.formgen-old-\(gone)"])
        try writer.write(files: ["index.html": Data("i".utf8)], copies: [:])
        let siblings = try fileManager.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(siblings == [".other.formgen-new-\(gone)", ".public.formgen-new-\(running)", "public"])
    }

    @Test func cacheKeysChangeOnlyForTheFormWhoseConfigChanged() throws {
        let files = [
            "configs/forms/a.yaml": "title: A\nfields:\n  - {id: x, label: X}\n",
            "configs/forms/b.yaml": "title: B\nfields:\n  - {id: y, label: Y}\n",
        ]
        let site = try TestSite(files)
        func keys() throws -> [String: String] {
            let (loaded, theme) = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil)).loadAndCheck()
            let outputs = SiteBuilder(options: BuildOptions()).outputs(loaded, theme: theme)
            return Dictionary(uniqueKeysWithValues: outputs.compactMap { output in output.cacheKey.map { (output.path, $0) } })
        }
        let first = try keys()
        try "title: B\nfields:\n  - {id: y, label: Why}\n".write(to: site.root.appendingPathComponent("configs/forms/b.yaml"), atomically: true, encoding: .utf8)
        let second = try keys()
        #expect(Set(first.keys) == ["index.html", "404.html", "a/index.html", "a/schema.json", "a/reference/index.html",
                                    "b/index.html", "b/schema.json", "b/reference/index.html"])
        for path in ["index.html", "404.html", "a/index.html", "a/schema.json", "a/reference/index.html"] {
            #expect(first[path] != nil && first[path] == second[path], "\(path)")
        }
        for path in ["b/index.html", "b/schema.json", "b/reference/index.html"] { #expect(first[path] != second[path]) }
        try "title: Bee\nfields:\n  - {id: y, label: Why}\n".write(to: site.root.appendingPathComponent("configs/forms/b.yaml"), atomically: true, encoding: .utf8)
        let third = try keys()
        #expect(third["index.html"] != second["index.html"], "the home page lists the titles")
        #expect(third["a/index.html"] == second["a/index.html"])
    }

    /// A form's title edit changes the keys (so the writer renders again) of the pages that show titles (the home
    /// page, the docs index) and of that form's files, not of the 404 page, a doc, the accessibility statement or the
    /// sitemap; deleting the last form changes the keys of every page whose header links to the forms.
    @Test func aTitleEditRerendersOnlyThePagesThatShowTitles() throws {
        let site = try TestSite([
            "configs/site.yaml": "title: Keyed\nbaseURL: https://forms.example/\naccessibility:\n  contact: a@example.org\n  lastReviewed: \"2026-11-20\"\n",
            "configs/docs/index.md": "# Help\n\nStart here.\n",
            "configs/docs/guide.md": "---\ntitle: Guide\n---\n# Guide\n\nSee [the index](index.md).\n",
            "configs/forms/a.yaml": "title: A\nfields:\n  - {id: x, label: X}\n",
        ])
        func keys() throws -> [String: String] {
            let (loaded, theme) = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil)).loadAndCheck()
            let outputs = SiteBuilder(options: BuildOptions()).outputs(loaded, theme: theme)
            return Dictionary(uniqueKeysWithValues: outputs.compactMap { output in output.cacheKey.map { (output.path, $0) } })
        }
        let form = site.root.appendingPathComponent("configs/forms/a.yaml")
        let first = try keys()
        let chrome = ["404.html", "docs/guide/index.html", "accessibility/index.html", "sitemap.xml"]
        #expect(Set(first.keys).isSuperset(of: chrome + ["index.html", "docs/index.html"]), "\(first.keys.sorted())")
        try "title: A retitled\nfields:\n  - {id: x, label: X}\n".write(to: form, atomically: true, encoding: .utf8)
        let retitled = try keys()
        for path in ["index.html", "docs/index.html", "a/index.html"] { #expect(first[path] != retitled[path], "\(path) shows the title") }
        for path in chrome { #expect(first[path] != nil && first[path] == retitled[path], "\(path) shows no title") }
        try FileManager.default.removeItem(at: form)
        let formless = try keys()
        for path in chrome where path != "sitemap.xml" { #expect(formless[path] != retitled[path], "\(path)'s header loses the forms link") }
        #expect(formless["sitemap.xml"] != retitled["sitemap.xml"], "the sitemap loses the form's paths")
    }

    @Test func theBuildStateReadsBackWhatItWrote() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-state-\(UUID().uuidString)/public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let warning = Diagnostic(.warning, at: SourceLocation(file: "configs/forms/\"odd\" name.yaml", line: 3, column: 7), "unknown key 'colour'\nsecond line é")
        let state = BuildState(fingerprint: "abc", pages: 2, files: 3, warnings: [warning], outputKeys: ["a/index.html": "k1", "b/x.json": "k2"],
                               baseURL: "https://x.example/", usesRemote: false, paths: ["a/index.html", "b/x.json", "index.html"],
                               inputs: ["configs/forms/a.yaml": "12:345:1700000000:5:00ff", "configs/site.yaml": "13:9:1700000001:0:ab"],
                               formKeys: ["a": "k1"])
        state.save(for: output)
        #expect(BuildState.load(for: output) == state)
        try Data("{\"fingerprint\": 1}".utf8).write(to: BuildState.file(for: output))
        #expect(BuildState.load(for: output) == nil)
        let bare = BuildState(fingerprint: "f", pages: 0, files: 0, warnings: [], outputKeys: [:])
        bare.save(for: output)
        #expect(BuildState.load(for: output) == bare)
    }
}
