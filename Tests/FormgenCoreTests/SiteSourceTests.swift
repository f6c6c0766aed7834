import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// One load entry point: a site from a folder or from files in memory, read again only where it changed.
@Suite struct SiteSourceTests {
    static let form = "id: contact\ntitle: Contact\nfields:\n  - {id: name, label: Name, type: text, colour: red}\n"
    static let files = ["site.yaml": "title: Memory site\nbaseURL: /\n", "forms/contact.yaml": form]

    @Test func aSiteInMemoryIsLoadedCheckedAndLocatedLikeAFolder() throws {
        let log = DiagnosticLog()
        let (site, _) = SiteBuilder(options: BuildOptions(templatesDirectory: nil), source: .memory(Self.files)).load(log: log)
        #expect(site.forms.map(\.id) == ["contact"])
        #expect(site.settings.title == "Memory site")
        #expect(log.diagnostics.map(\.description) == [
            "configs/forms/contact.yaml:4:41: warning: unknown key 'colour' in field",
        ])
    }

    @Test func aFolderAndTheSameFilesInMemoryRenderTheSameBytes() throws {
        let folder = try TestSite(Dictionary(uniqueKeysWithValues: Self.files.map { ("configs/\($0.key)", $0.value) }))
        defer { try? FileManager.default.removeItem(at: folder.root) }
        let onDisk = SiteBuilder(options: BuildOptions(configDirectory: folder.configs.path, templatesDirectory: nil))
        let inMemory = SiteBuilder(options: BuildOptions(configDirectory: folder.configs.path, templatesDirectory: nil),
                                   source: .memory(Self.files, directory: folder.configs.path))
        let (diskSite, diskTheme) = try onDisk.loadAndCheck()
        let (memorySite, memoryTheme) = try inMemory.loadAndCheck()
        #expect(onDisk.render(diskSite, theme: diskTheme) == inMemory.render(memorySite, theme: memoryTheme))
    }

    @Test func theBaseURLOverrideIsPartOfTheLoadedSite() {
        var options = BuildOptions(templatesDirectory: nil)
        options.baseURL = "https://forms.example.org/apply"
        let (site, _) = SiteBuilder(options: options, source: .memory(Self.files)).load()
        #expect(site.settings.baseURL == "https://forms.example.org/apply/")
    }

    @Test func aCacheReadsOnlyChangedFilesAndRepeatsTheirWarnings() {
        let cache = ConfigCache()
        var files = Self.files
        files["forms/other.yaml"] = "id: other\ntitle: Other\nfields:\n  - {id: a, label: A, type: text}\n"
        func load() -> (Site, [String]) {
            let log = DiagnosticLog()
            let (site, _) = SiteBuilder(options: BuildOptions(templatesDirectory: nil), source: .memory(files), cache: cache).load(log: log)
            return (site, log.diagnostics.map(\.description))
        }
        let (_, first) = load()
        #expect(cache.filesRead == 2)
        let (_, again) = load()
        #expect(cache.filesRead == 2, "nothing changed, nothing read")
        #expect(again == first, "the cached file's warning is reported again")
        files["forms/other.yaml"] = files["forms/other.yaml"]!.replacingOccurrences(of: "label: A", with: "label: B")
        let (site, _) = load()
        #expect(cache.filesRead == 3)
        #expect(site.forms.first { $0.id == "other" }?.allFields.first?.label == "B")
        files["site.yaml"] = "title: Renamed\nbaseURL: /\n"
        _ = load()
        #expect(cache.filesRead == 5, "new settings: every form is read again")
    }

    @Test func aFormThatPassedFromTheSameInputsIsNotCheckedAgain() throws {
        let files = ["site.yaml": "title: S\nbaseURL: /\n",
                     "forms/dup.yaml": "id: dup\ntitle: Dup\nfields:\n  - {id: a, label: A, type: text}\n  - {id: a, label: B, type: text}\n"]
        let builder = SiteBuilder(options: BuildOptions(templatesDirectory: nil), source: .memory(files))
        func duplicateErrors(passed: [String: String]) -> Int {
            let log = DiagnosticLog()
            _ = builder.load(log: log, passed: passed)
            return log.diagnostics.filter { $0.message.hasPrefix("duplicate field id 'a'") }.count
        }
        let (site, theme) = builder.load()
        let key = try #require(builder.outputs(site, theme: theme).first { $0.kind == .formPage && $0.owner == "dup" }?.cacheKey)
        #expect(duplicateErrors(passed: [:]) == 1)
        #expect(duplicateErrors(passed: ["dup": key]) == 0, "vouched for with its own key: not checked")
        #expect(duplicateErrors(passed: ["dup": "the key of other inputs"]) == 1)
    }

    @Test func aBuildRecordsTheKeyOfEveryFormPageAndOfNothingElse() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-keys-\(UUID().uuidString)/public")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil, outputDirectory: output.path))
        let report = try builder.build()
        let site = try #require(report.site)
        let state = try #require(BuildState.load(for: output))
        let formKeys = try #require(state.formKeys)
        let keyed = site.allForms.map(\.path).filter { state.outputKeys["\($0)/index.html"] != nil }
        #expect(keyed.count >= 10)
        #expect(Set(formKeys.keys) == Set(keyed), "every form with a key (language variants have none), and no home, doc or flow page")
        for path in keyed {
            #expect(formKeys[path] == state.outputKeys["\(path)/index.html"], "\(path)")
        }
    }

    @Test func theConfigFolderSpelledAnotherWayGivesTheSameKeys() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-spelling-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func keys(configs: String, output: String) throws -> [String: String] {
            let builder = SiteBuilder(options: BuildOptions(configDirectory: configs, templatesDirectory: nil,
                                                            outputDirectory: root.appendingPathComponent(output).path))
            _ = try builder.build()
            return try #require(BuildState.load(for: root.appendingPathComponent(output))).outputKeys
        }
        let plain = try keys(configs: Repository.configs, output: "plain")
        let roundabout = try keys(configs: Repository.configs + "/../" + URL(fileURLWithPath: Repository.configs).lastPathComponent + "/",
                                  output: "roundabout")
        #expect(plain.count > 40)
        #expect(plain == roundabout, "a build after `-c configs` with `-c ./x/../configs/` renders nothing again")
    }

    @Test func onlyABuildThatSaidNothingVouchesForItsForms() {
        let clean = BuildState(fingerprint: "f", pages: 3, files: 4, warnings: [],
                               outputKeys: ["contact/index.html": "k1", "contact/schema.json": "k1", "kyc/nl/index.html": "k2", "index.html": "k3"],
                               formKeys: ["contact": "k1", "kyc/nl": "k2"])
        #expect(SiteBuilder.passedChecks(after: clean) == ["contact": "k1", "kyc/nl": "k2"])
        let older = BuildState(fingerprint: "f", pages: 3, files: 4, warnings: [], outputKeys: clean.outputKeys)
        #expect(SiteBuilder.passedChecks(after: older).isEmpty, "a state without form keys vouches for none")
        var warned = clean
        warned.warnings = [Diagnostic(.warning, at: SourceLocation(file: "configs/forms/contact.yaml", line: 1, column: 1), "unknown key 'x'")]
        #expect(SiteBuilder.passedChecks(after: warned).isEmpty)
        #expect(SiteBuilder.passedChecks(after: nil).isEmpty)
    }
}

/// The extension a config file is told by, and the digest a file's record ends with: both read from the bytes.
@Suite struct FileNamePartsTests {
    @Test(arguments: [
        ("forms/a.YAML", "yaml"), ("a.json", "json"), ("countries/be.yml", "yml"), ("x.tar.gz", "gz"), ("a/b.c/d.Yml", "yml"),
        (".hidden", ""), ("forms/.yaml", ""), ("noext", ""), ("dir.d/file", ""), ("a/", ""), ("", ""), ("é/café.JSON", "json"),
    ])
    func anExtensionIsTheLastNamesEndLowerCased(_ path: String, _ expected: String) {
        #expect(SiteSource.fileExtension(of: path) == expected)
    }

    @Test(arguments: [("12:345:1700000000:5:00ff", "00ff"), ("no-colon", ""), ("ends:", ""), ("é:ab", "ab")])
    func aRecordsDigestFollowsItsLastColon(_ record: String, _ expected: String) {
        #expect(ConfigCache.digest(inRecord: record) == expected)
    }
}
