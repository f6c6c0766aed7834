import Foundation
import Testing
@testable import FormgenCore

/// Holds the example site's whole output byte for byte: every rendered file's SHA-256 against
/// `Fixtures/golden/example-site.sha256`. After an intended output change, rewrite the fixture with
/// `FORMGEN_UPDATE_GOLDEN=1 swift test --filter Golden` and review the diff.
@Suite struct GoldenTests {
    static let fixture = Repository.fixtures + "/golden/example-site.sha256"

    /// `sha256  path` lines, sorted by path, for every output of the example site.
    static func digestLines() throws -> [String] {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        return builder.render(site, theme: theme).sorted { $0.key < $1.key }.map { path, data in
            "\(SHA256.digest([UInt8](data)).map { String(format: "%02x", $0) }.joined())  \(path)"
        }
    }

    @Test func exampleSiteOutputMatchesGoldenDigests() throws {
        let actual = try Self.digestLines()
        if ProcessInfo.processInfo.environment["FORMGEN_UPDATE_GOLDEN"] == "1" {
            try (actual.joined(separator: "\n") + "\n").write(toFile: Self.fixture, atomically: true, encoding: .utf8)
            return
        }
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let expected = text.split(separator: "\n").map(String.init)
        let expectedByPath = Dictionary(uniqueKeysWithValues: expected.map { ($0.dropFirst(66).description, $0) })
        let actualByPath = Dictionary(uniqueKeysWithValues: actual.map { ($0.dropFirst(66).description, $0) })
        let differing = Set(expectedByPath.keys).union(actualByPath.keys).sorted().filter { expectedByPath[$0] != actualByPath[$0] }
        #expect(differing.isEmpty, "output differs from the golden digests in: \(differing.joined(separator: ", ")) (FORMGEN_UPDATE_GOLDEN=1 swift test --filter Golden rewrites the fixture)")
        #expect(actual.count > 20)
    }

    /// The Arabic login page (`ar/login/`) in full: `dir="rtl"`, the language switcher and `hreflang` links, the texts
    /// in Arabic. `FORMGEN_UPDATE_GOLDEN=1` rewrites `Fixtures/golden/ar-login.html` too.
    @Test func rightToLeftPageMatchesGoldenHTML() throws {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        let page = try #require(builder.render(site, theme: theme)["ar/login/index.html"])
        let html = String(decoding: page, as: UTF8.self)
        let file = Repository.fixtures + "/golden/ar-login.html"
        if ProcessInfo.processInfo.environment["FORMGEN_UPDATE_GOLDEN"] == "1" {
            try html.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(html.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(html == (try String(contentsOfFile: file, encoding: .utf8)))
    }

    /// The rates page (#38: seed 003's rates as a data page) in full: a live table's container and spec, a table rendered
    /// from `configs/data/rates.json`; `FORMGEN_UPDATE_GOLDEN=1` rewrites `Fixtures/golden/rates.html` too.
    @Test func ratesPageMatchesGoldenHTML() throws {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        let html = String(decoding: try #require(builder.render(site, theme: theme)["rates/index.html"]), as: UTF8.self)
        let file = Repository.fixtures + "/golden/rates.html"
        if ProcessInfo.processInfo.environment["FORMGEN_UPDATE_GOLDEN"] == "1" {
            try html.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(html.contains(#"<caption class="fg-caption" id="fg-data-1-0">Rates at the last publication</caption>"#))
        #expect(!html.contains("Hungarian forint"))
        #expect(html == (try String(contentsOfFile: file, encoding: .utf8)))
    }

    /// The example site's accessibility statement (#40) in full; `FORMGEN_UPDATE_GOLDEN=1` rewrites
    /// `Fixtures/golden/accessibility.html` too.
    @Test func exampleStatementMatchesGoldenHTML() throws {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        let html = String(decoding: try #require(builder.render(site, theme: theme)["accessibility/index.html"]), as: UTF8.self)
        let file = Repository.fixtures + "/golden/accessibility.html"
        if ProcessInfo.processInfo.environment["FORMGEN_UPDATE_GOLDEN"] == "1" {
            try html.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(html == (try String(contentsOfFile: file, encoding: .utf8)))
    }

    /// The customer survey's first page (a 0–10 scale, a required grid of radios, a 1–5 scale) as HTML, from its first
    /// field to the page's end: the markup grids and scales are made of. `FORMGEN_UPDATE_GOLDEN=1` rewrites
    /// `Fixtures/golden/customer-survey-page-1.html`.
    @Test func gridAndScaleMarkupMatchesGoldenHTML() throws {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        let page = String(decoding: try #require(builder.render(site, theme: theme)["customer-survey/index.html"]), as: UTF8.self)
        let start = try #require(page.range(of: #"<div class="fg-field" id="fg-field-recommend">"#))
        let end = try #require(page.range(of: "</section>", range: start.upperBound..<page.endIndex))
        let html = String(page[start.lowerBound..<end.upperBound]) + "\n"
        let file = Repository.fixtures + "/golden/customer-survey-page-1.html"
        if ProcessInfo.processInfo.environment["FORMGEN_UPDATE_GOLDEN"] == "1" {
            try html.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(html == (try String(contentsOfFile: file, encoding: .utf8)))
    }
}
