import FormgenCore
@testable import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// What serving adds to built pages, and that `formgen build` output never has it.
@Suite struct ServedPageTests {
    @Test func servedPagesCarryTheReloadScriptAllowedByTheirPolicy() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            for path in ["/", "/contact/", "/external/", "/404.html", "/contact/reference/"] {
                let page = try await client.execute(uri: path, method: .get).text
                #expect(page.contains("<script>\(LiveReloadScript.source)</script>\n</body>"), "\(path)")
                let policy = try #require(Self.policy(of: page))
                #expect(policy.contains("script-src ") && policy.contains(LiveReloadScript.cspSource), "\(path)")
                #expect(policy.contains("connect-src 'self'") || policy.contains("connect-src 'self' ") || policy.contains(" 'self'"), "\(path)")
                #expect(!policy.contains("script-src 'none'"), "\(path)")
                #expect(policy.hasPrefix("default-src 'none'"))
            }
        }
    }

    @Test func builtPagesNeverCarryTheReloadScript() throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.buildPlainly(into: "built")
        for page in ["index.html", "contact/index.html", "external/index.html"] {
            let html = try site.read("built/\(page)")
            #expect(!html.contains("__formgen"), "\(page)")
            #expect(!html.contains("EventSource"), "\(page)")
            #expect(!html.contains(LiveReloadScript.cspSource), "\(page)")
        }
    }

    @Test func aFormWithoutAnActionPostsToTheSinkWhileServed() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            let page = try await client.execute(uri: "/contact/", method: .get).text
            #expect(page.contains(#"action="/__formgen/submit/contact""#))
            let spec = try FormSpec(pageHTML: page)
            #expect(spec.submit.action == "/__formgen/submit/contact")
            #expect(spec.id == "contact")
            let policy = try #require(Self.policy(of: page))
            #expect(policy.contains("form-action 'self'"))
        }
        try site.buildPlainly(into: "built")
        let built = try FormSpec(pageHTML: site.read("built/contact/index.html"))
        #expect(built.submit.action == nil)
    }

    @Test func aFormWithAnExternalActionKeepsIt() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            let page = try await client.execute(uri: "/external/", method: .get).text
            #expect(page.contains(#"action="https://forms.example/submit""#))
            #expect(try FormSpec(pageHTML: page).submit.action == "https://forms.example/submit")
            let policy = try #require(Self.policy(of: page))
            #expect(policy.contains("form-action https://forms.example"))
            #expect(policy.contains("https://forms.example"))
        }
    }

    /// A page under `formgen serve` is `formgen build`'s page of the same form posting to the sink, with the reload
    /// script and its hash, and a runtime that sets `globalThis.Formgen` (`expose.js`): nothing else differs.
    @Test func aServedPageDiffersFromTheBuiltOneOnlyInThePreviewOptions() throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let served = try site.read("public/contact/index.html")
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(
            of: "submit:\n", with: "submit:\n  action: /__formgen/submit/contact\n"))
        try site.buildPlainly(into: "built")
        let built = try site.read("built/contact/index.html")
        let runtime = Theme.load(overrides: nil, log: DiagnosticLog()).runtime
        let spec = try FormSpec(pageHTML: built)
        let plain = try #require(runtime.script(for: spec)), exposing = try #require(runtime.script(for: spec, exposing: true))
        #expect(exposing.text.contains("globalThis.Formgen=") && !plain.text.contains("globalThis"))
        let undone = served.replacingOccurrences(of: "<script>\(LiveReloadScript.source)</script>\n", with: "")
            .replacingOccurrences(of: " " + Self.escaped(LiveReloadScript.cspSource), with: "")
            .replacingOccurrences(of: exposing.text, with: plain.text)
            .replacingOccurrences(of: Self.escaped(exposing.cspSource), with: Self.escaped(plain.cspSource))
        #expect(undone == built)
        #expect(served != built)
    }

    /// The page is rendered once for the sink: its runtime holds the module that sends, and its policy that script's hash.
    @Test func aPagePostingToTheSinkHasTheSendingModuleAndItsHash() throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.buildPlainly(into: "built")
        let built = try site.read("built/contact/index.html"), served = try site.read("public/contact/index.html")
        let runtime = Theme.load(overrides: nil, log: DiagnosticLog()).runtime
        let builtScript = try #require(runtime.script(for: try FormSpec(pageHTML: built)))
        let servedScript = try #require(runtime.script(for: try FormSpec(pageHTML: served), exposing: true))
        #expect(!built.contains("Content-Type"))
        #expect(servedScript.text.contains("Content-Type"))
        #expect(served.contains("<script>\(servedScript.text)</script>"))
        #expect(!served.contains("<script>\(builtScript.text)</script>"))
        let policy = try #require(Self.policy(of: served))
        #expect(policy.contains(servedScript.cspSource))
        #expect(!policy.contains(builtScript.cspSource))
    }

    @Test func theBuiltIn404PageIsTheThemesWithTheReloadScript() throws {
        let page = PreviewPagesMiddleware<BasicRequestContext>.builtInPage
        #expect(page.contains(#"<h1 class="fg-title">Page not found</h1>"#))
        #expect(page.contains(#"<main id="main" class="fg-main" tabindex="-1">"#))
        #expect(page.contains("<script>\(LiveReloadScript.source)</script>"))
        let policy = try #require(Self.policy(of: page))
        #expect(policy.contains(LiveReloadScript.cspSource))
        #expect(policy.contains("default-src 'none'"))
    }

    /// The page's Content-Security-Policy, unescaped.
    static func policy(of page: String) -> String? {
        guard let start = page.range(of: #"<meta http-equiv="Content-Security-Policy" content=""#),
              let end = page.range(of: "\"", range: start.upperBound..<page.endIndex) else { return nil }
        return String(page[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&#39;", with: "'")
    }

    static func escaped(_ policy: String) -> String {
        policy.replacingOccurrences(of: "'", with: "&#39;")
    }
}
