import Foundation
import Testing
@testable import FormgenCore

/// A site's own look (#40 part 2): `brand:` → CSS custom properties in every page, and the WCAG 2.2 contrast of
/// every colour pair the theme makes of it checked at build time. The failing messages are pinned with their
/// line and column in DiagnosticCatalogTests ("brand contrast", "brand values", …); the browser side (axe 0 on a
/// branded page) is Tests/browser/test_brand.py.
@Suite struct BrandTests {
    /// WCAG 2.2's relative luminance and contrast ratio, against values worked out by hand from the formula.
    @Test(arguments: [
        ("#ffffff", "#000000", 21.0),
        ("#767676", "#ffffff", 4.5422),   // the lightest grey that passes 4.5:1 on white
        ("#777777", "#ffffff", 4.4781),   // one step lighter fails
        ("#1d70b8", "#ffffff", 5.1698),   // the theme's link blue
        ("#d4351c", "#ffffff", 4.8550),   // the theme's error red
        ("#ffdd00", "#1d70b8", 3.8391),   // the focus yellow on the link blue
        ("#7fb3d5", "#ffffff", 2.2553),
        ("#fff", "#7FB3D5", 2.2553),      // short and upper-case hex read the same
    ])
    func contrastFollowsWCAG(_ first: String, _ second: String, _ expected: Double) throws {
        let a = try #require(RGBColour(first)), b = try #require(RGBColour(second))
        #expect(abs(a.contrast(with: b) - expected) < 0.0001)
        #expect(a.contrast(with: b) == b.contrast(with: a))
    }

    @Test func relativeLuminanceOfKnownColours() throws {
        #expect(RGBColour.white.relativeLuminance == 1)
        #expect(RGBColour.black.relativeLuminance == 0)
        #expect(abs(try #require(RGBColour("#808080")).relativeLuminance - 0.2158605) < 0.0000001)
        #expect(RGBColour("white") == .white && RGBColour("#FFF") == .white && RGBColour("#12345") == nil && RGBColour("blue") == nil)
    }

    /// Ratios are written rounded down, so a failing one never reads as the one it needs.
    @Test func ratiosAreRoundedDown() {
        #expect(RGBColour.ratioText(4.4781) == "4.4:1")
        #expect(RGBColour.ratioText(4.5422) == "4.5:1")
        #expect(RGBColour.ratioText(2.9999) == "2.9:1")
        #expect(RGBColour.ratioText(21) == "21.0:1")
    }

    /// The nearest passing colour keeps the hue and saturation and moves the lightness the least: the same input
    /// always gives the same answer, and the answer passes every pair.
    @Test(arguments: [("#7fb3d5", "#34749f"), ("#ffd700", "#826d00"), ("#888888", "#6e6e6e")])
    func nearestPassingColour(_ written: String, _ expected: String) throws {
        let colour = try #require(RGBColour(written))
        let pairs = BrandReader.pairs(text: .white)
        let passes = { (candidate: RGBColour) in pairs.allSatisfy { $0.contrast(candidate) >= $0.minimum } }
        let nearest = try #require(colour.nearest(where: passes))
        #expect(nearest.hex == expected)
        #expect(passes(nearest))
        #expect(abs(nearest.hsl.hue - colour.hsl.hue) < 1.5)
        #expect(colour.nearest(where: passes) == nearest)
    }

    @Test func hslRoundTrips() throws {
        for text in ["#7fb3d5", "#1d70b8", "#ffd700", "#34749f", "#0b0c0c", "#ffffff"] {
            let colour = try #require(RGBColour(text))
            let (hue, saturation, lightness) = colour.hsl
            #expect(RGBColour(hue: hue, saturation: saturation, lightness: lightness) == colour)
        }
    }

    static let branded = [
        "configs/site.yaml": "title: S\nbrand:\n  colour: \"#1d4f91\"\n  font: serif\n  radius: 4px\n  logo: assets/logo.svg\n",
        "configs/assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>",
        "configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A, required: true}\n",
    ]

    /// A passing brand: its properties after the theme's in every page's one style element, whose hash the policy
    /// names; the logo before the site's title, allowed by `img-src`.
    @Test func aPassingBrandBecomesCustomPropertiesInEveryPage() throws {
        let pages = try ExampleSiteTests.build(Self.branded)
        for path in ["index.html", "f/index.html", "f/reference/index.html", "404.html"] {
            let page = try #require(pages[path])
            let style = try #require(page.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)
            #expect(style.hasSuffix(#":root{--fg-header:#1d4f91;--fg-brand:#112f57;--fg-link:#1d4f91;--fg-link-hover:#112f57;--fg-button:#1d4f91;--fg-button-shadow:#112f57;--fg-button-hover:#173f74;--fg-brand-text:#ffffff;--fg-button-text:#ffffff;--fg-font:Georgia,Cambria,"Times New Roman",serif;--fg-radius:4px}"#), "\(path)")
            #expect(style.contains(".fg-branded .fg-header{background:var(--fg-header)"), "the theme's brand rules are kept")
            #expect(page.contains(#"<html lang="en" dir="ltr" class="fg-branded">"#), "\(path)")
            #expect(page.contains("style-src \(HTMLEscaping.escape(SHA256.cspSource(for: style)))"), "\(path)")
            #expect(page.contains("img-src &#39;self&#39;"), "\(path)")
        }
        #expect(try #require(pages["f/index.html"]).contains(#"<a class="fg-home" href="../"><img class="fg-logo" src="../assets/logo.svg" alt="">S</a>"#))
        #expect(try #require(pages["404.html"]).contains(#"<img class="fg-logo" src="/assets/logo.svg" alt="">"#))
    }

    /// The theme's stylesheet reads every brand colour, the font and the radius from the properties, in `.fg-branded`
    /// rules that come before the focus rules they must not beat.
    @Test func theThemeUsesTheProperties() throws {
        let css = try String(contentsOfFile: Repository.templates + "/assets/formgen.css", encoding: .utf8)
        for use in [".fg-branded body{font-family:var(--fg-font)}", ".fg-branded a{color:var(--fg-link)}",
                    ".fg-branded .fg-header{background:var(--fg-header);border-bottom-color:var(--fg-brand)}",
                    ".fg-branded .fg-header a{color:var(--fg-brand-text)}",
                    ".fg-branded .fg-button{color:var(--fg-button-text);background:var(--fg-button);box-shadow:0 2px 0 var(--fg-button-shadow)}",
                    ".fg-branded .fg-button,.fg-branded .fg-input{border-radius:var(--fg-radius)}"] {
            #expect(css.contains(use), "\(use)")
        }
        let order = { (rule: String) in try #require(css.range(of: rule)).lowerBound }
        #expect(try order(".fg-branded a{") < order("a:focus{"))
        #expect(try order(".fg-branded .fg-header a{") < order(".fg-header a:focus{"))
        #expect(try order(".fg-branded .fg-button{") < order(".fg-button:focus{"))
    }

    /// Without `brand:` a page carries no brand rule and no brand class: the theme's colours stand and cost nothing.
    @Test func unbrandedPagesCarryNoBrandRules() throws {
        let page = try #require(try ExampleSiteTests.build(["configs/site.yaml": "title: S\n", "configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n"])["f/index.html"])
        #expect(!page.contains("fg-branded"))
        #expect(!page.contains("var(--fg-"))
    }

    /// A logo URL is escaped where it is written, and its origin (from the one URL parser) joins `img-src`.
    @Test func aLogoURLIsEscapedAndItsOriginAllowed() throws {
        let pages = try ExampleSiteTests.build([
            "configs/site.yaml": "title: S\nbrand: {logo: 'https://cdn.example.org/l.svg?a=\"><script>x</script>'}\n",
            "configs/forms/f.yaml": "title: T\nfields:\n  - {id: a, label: A}\n",
        ])
        let page = try #require(pages["f/index.html"])
        #expect(page.contains(#"<img class="fg-logo" src="https://cdn.example.org/l.svg?a=&quot;&gt;&lt;script&gt;x&lt;/script&gt;" alt="">"#))
        #expect(page.contains("img-src https://cdn.example.org;"))
        #expect(!page.contains("<script>x"))
    }
}
