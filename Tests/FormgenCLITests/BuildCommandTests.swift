import Foundation
import Testing
import FormgenCore

/// `formgen build` and `formgen check` as a user runs them: exit codes, output, atomicity, determinism.
@Suite(.serialized) struct BuildCommandTests {
    @Test func buildWritesTheExampleSiteAndSaysSoInOneLine() throws {
        let out = try CommandRunner.temporaryDirectory().appendingPathComponent("public")
        let result = try CommandRunner.run(["build", "--out", out.path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.range(of: #"^Built \d+ pages \(\d+ files\) in \d+\.\d\d s\. Output in .*public/$"#, options: .regularExpression) != nil)
        for page in ["index.html", "kyc/index.html", "kyc/nl/index.html", "kyc/us/index.html", "kyc/de/index.html", "kyc/be/index.html",
                     "pet-adoption/index.html", "lumiform-nested/index.html", "registration/index.html", "assets/logo.svg"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(page).path), "\(page)")
        }
        let nl = try String(contentsOf: out.appendingPathComponent("kyc/nl/index.html"), encoding: .utf8)
        #expect(nl.contains(#"pattern="^\d{9}$""#))
    }

    @Test func twoBuildsGiveIdenticalBytes() throws {
        let root = try CommandRunner.temporaryDirectory()
        let first = root.appendingPathComponent("one"), second = root.appendingPathComponent("two")
        #expect(try CommandRunner.run(["build", "--out", first.path]).status == 0)
        #expect(try CommandRunner.run(["build", "--out", second.path]).status == 0)
        let a = try CommandRunner.snapshot(first), b = try CommandRunner.snapshot(second)
        #expect(a.count > 8)
        #expect(a == b)
    }

    /// On one thread or on every core, the same bytes: nothing depends on the order parallel work finishes in.
    @Test func oneThreadAndEveryCoreGiveIdenticalBytes() throws {
        let root = try CommandRunner.temporaryDirectory()
        let single = root.appendingPathComponent("one"), all = root.appendingPathComponent("all")
        #expect(try CommandRunner.run(["build", "--jobs", "1", "--out", single.path]).status == 0)
        #expect(try CommandRunner.run(["build", "--out", all.path]).status == 0)
        let a = try CommandRunner.snapshot(single), b = try CommandRunner.snapshot(all)
        #expect(a.count > 8)
        #expect(a == b)
        let refused = try CommandRunner.run(["build", "--jobs", "0", "--out", root.appendingPathComponent("none").path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--jobs must be 1 or more"))
    }

    @Test func brokenConfigLeavesThePreviousOutputUntouched() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        let out = site.appendingPathComponent("public")
        #expect(try CommandRunner.run(["build", "--config", "configs", "--out", "public"], in: site).status == 0)
        let marker = out.appendingPathComponent(".gitkeep")
        try Data().write(to: marker)
        let before = try CommandRunner.snapshot(out)

        let nl = site.appendingPathComponent("configs/countries/nl.yaml")
        let text = try String(contentsOf: nl, encoding: .utf8)
        try text.replacingOccurrences(of: "type: date", with: "type: dat").write(to: nl, atomically: true, encoding: .utf8)
        let broken = try CommandRunner.run(["build", "--no-excerpt", "--config", "configs", "--out", "public"], in: site)
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr == """
            configs/countries/nl.yaml:36:11: error: unknown field type 'dat' (did you mean 'date'?)
            Build failed with 1 error; public/ was left as it was.

            """)
        #expect(try CommandRunner.snapshot(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.contains("formgen-new") || $0.contains("formgen-old") }
        #expect(leftovers == [])

        try text.write(to: nl, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run(["build", "--config", "configs", "--out", "public"], in: site).status == 0)
        #expect(FileManager.default.fileExists(atPath: marker.path), "hidden files at the top of the output are kept")
    }

    @Test func aRebuildRendersOnlyWhatChangedAndSkipsWhenNothingDid() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        let build = ["build", "--config", "configs", "--out", "public"]
        #expect(try CommandRunner.run(build, in: site).status == 0)
        func inode(_ path: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: site.appendingPathComponent("public/\(path)").path)[.systemFileNumber] as? Int ?? -1
        }
        let before = try ["pet-adoption/index.html", "pet-adoption/schema.json", "registration/index.html", "kyc/nl/index.html"].map(inode)

        let unchanged = try CommandRunner.run(build, in: site)
        #expect(unchanged.stdout.hasPrefix("Up to date: "))

        let config = site.appendingPathComponent("configs/forms/registration.yaml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "label: Full name", with: "label: Your full name").write(to: config, atomically: true, encoding: .utf8)
        let changed = try CommandRunner.run(build, in: site)
        #expect(changed.stdout.hasPrefix("Built "))
        let page = try String(contentsOf: site.appendingPathComponent("public/registration/index.html"), encoding: .utf8)
        #expect(page.contains(">Your full name</label>"))
        let after = try ["pet-adoption/index.html", "pet-adoption/schema.json", "registration/index.html", "kyc/nl/index.html"].map(inode)
        #expect(after[0] == before[0], "an unchanged form's page is the last build's file")
        #expect(after[1] == before[1])
        #expect(after[3] == before[3])
        #expect(after[2] != before[2], "the changed form's page is written anew")
    }

    /// Titles set over several forms in `site.yaml` are a dictionary, listed in an order each process picks: the
    /// cache keys must not depend on it, or every rebuild renders every page again.
    @Test func aRebuildInAnotherProcessReusesPagesOfFormsWithTitlesSetInSiteYAML() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        let settings = site.appendingPathComponent("configs/site.yaml")
        var text = try String(contentsOf: settings, encoding: .utf8)
        text += ["registration", "pet-adoption", "household", "login", "register"].map { "  \($0):\n    title: Set for \($0)\n" }.joined()
        try text.write(to: settings, atomically: true, encoding: .utf8)
        let build = ["build", "--config", "configs", "--out", "public", "--verbose"]
        #expect(try CommandRunner.run(build, in: site).status == 0)
        let config = site.appendingPathComponent("configs/forms/registration.yaml")
        let form = try String(contentsOf: config, encoding: .utf8)
        try form.replacingOccurrences(of: "label: Full name", with: "label: Your full name").write(to: config, atomically: true, encoding: .utf8)
        let rebuilt = try CommandRunner.run(build, in: site)
        #expect(rebuilt.status == 0)
        let listed = rebuilt.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(listed.contains("registration/index.html"))
        #expect(listed.contains("registration/reference/index.html"))
        #expect(!listed.contains("pet-adoption/index.html"), "an unchanged form's page is not rendered again")
        #expect(!listed.contains("household/schema.json"))
        #expect(rebuilt.stdout.contains("Rendered \(listed.count) of "))
    }

    @Test func aBuildWithTheConfigFolderSpelledAnotherWayRendersNothingAgain() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        #expect(try CommandRunner.run(["build", "--config", "configs", "--out", "public"], in: site).status == 0)
        let absolute = site.appendingPathComponent("configs").path
        let again = try CommandRunner.run(["build", "--config", absolute, "--out", "public", "--verbose"], in: site)
        #expect(again.status == 0)
        #expect(again.stdout.contains("\nRendered none of "), "\(again.stdout)")
        #expect(again.stdout.contains(" files: every one is the last build's.\n"), "\(again.stdout)")
    }

    @Test func timingsListTheRenderingTimeOfEachKindOfFile() throws {
        let site = try CommandRunner.copyOfExampleConfigs()
        let result = try CommandRunner.run(["build", "--config", "configs", "--out", "public", "--timings"], in: site)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let table = try #require(lines.firstIndex(of: "Rendering time (processor, all threads) by kind of file:"))
        let rows = lines[(table + 1)...]
        let kinds = rows.compactMap { row in SiteOutput.Kind.allCases.first { row.hasPrefix("  \($0.rawValue) ") } }
        #expect(kinds == [.formPage, .referencePage, .schema, .sitePage], "the kinds the example site has, in order")
        let schemas = FileManager.default.enumerator(atPath: site.appendingPathComponent("public").path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix("/schema.json") }.count
        let schemaRow = try #require(rows.first { $0.hasPrefix("  schemas ") }).split(separator: " ")
        #expect(schemaRow[1] == "\(schemas)", "one schema per form, every one rendered")
        #expect(rows.allSatisfy { $0.hasSuffix(" ms each") && $0.split(separator: " ").count >= 6 })

        let again = try CommandRunner.run(["build", "--config", "configs", "--out", "public", "--timings"], in: site)
        #expect(again.stdout.hasPrefix("Up to date: "))
        #expect(!again.stdout.contains("Rendering time"), "nothing rendered, nothing timed")
    }

    @Test func checkReportsEveryErrorAndWritesNothing() throws {
        let fixture = CommandRunner.repository.appendingPathComponent("Tests/FormgenCoreTests/Fixtures/invalid/many-errors")
        let expected = try String(contentsOf: fixture.appendingPathComponent("expected.txt"), encoding: .utf8)
        let result = try CommandRunner.run(["check", "--no-excerpt", "--config", "configs"], in: fixture)
        #expect(result.status == 1)
        #expect(result.stderr == expected + "Check failed with 11 errors.\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.appendingPathComponent("public").path))
    }

    @Test func checkPassesOnTheExampleSite() throws {
        let result = try CommandRunner.run(["check"])
        #expect(result.status == 0)
        #expect(result.stdout == "Checked 17 forms and 2 pages: no errors.\n")
    }

    @Test(arguments: [["build", "--no-such-option"], ["no-such-command"], ["build", "--out"]])
    func usageErrorsExitWithTwo(_ arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage:") || result.stderr.contains("Error:"))
    }

    @Test func helpListsTheCommands() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.status == 0)
        for command in ["build", "check"] { #expect(result.stdout.contains("  \(command)"), "\(command)") }
    }
}
