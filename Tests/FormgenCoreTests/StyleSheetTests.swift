@testable import FormgenCore
import Foundation
import Testing

@Suite struct StyleSheetTests {
    static let css = Theme.minifyCSS("""
    *,*::before{box-sizing:border-box}
    body{margin:0}
    .fg-used{color:red}
    .fg-unused{color:blue}
    .fg-used .fg-unused,.fg-used>a:focus{color:green}
    [hidden]{display:none}
    table,.fg-used:not(.fg-unused){border:0}
    .fg-crumb a::before{content:"} ‹ {"}
    @font-face{font-family:x;src:local(x)}
    @media (min-width:40em){.fg-unused{padding:0}}
    @media print{.fg-used,pre{display:none}}
    .fg-dynamic{color:black}
    """)

    @Test func aPageKeepsOnlyTheRulesItsClassesAndElementsCanMatch() {
        let sheet = StyleSheet(css: Self.css)
        let page = ##"<body><p class="fg-used">x</p><a href="#">y</a><p class="fg-crumb">z</p></body>"##
        #expect(sheet.subset(for: page).css == """
        *,*::before{box-sizing:border-box}body{margin:0}.fg-used{color:red}.fg-used>a:focus{color:green}[hidden]{display:none}\
        .fg-used:not(.fg-unused){border:0}.fg-crumb a::before{content:"} ‹ {"}@font-face{font-family:x;src:local(x)}\
        @media print{.fg-used{display:none}}
        """)
    }

    /// `[dir=rtl]` and `[type="email"]` need their value as a word, like a class, `[aria-invalid=true]` also the
    /// attribute's name; `[hidden]` and `[lang|=en]` need nothing.
    @Test func anAttributeSelectorsOneWordValueMustBeNamed() {
        let sheet = StyleSheet(css: Theme.minifyCSS("""
        [dir=rtl] input{direction:ltr}
        input[type="email"]{text-align:end}
        [lang|=en] p{color:red}
        .fg-x[aria-invalid=true]{border:0}
        .fg-x[data-fg-mask]{width:auto}
        """))
        let ltr = sheet.subset(for: #"<html dir="ltr"><p class="fg-x"></p><input type="text"><script>x="true"</script></html>"#).css
        #expect(ltr == "[lang|=en] p{color:red}")
        let rtl = sheet.subset(for: #"<html dir="rtl"><p class="fg-x" aria-invalid="true"></p><input type="email" data-fg-mask="AA"></html>"#).css
        #expect(rtl == #"[dir=rtl] input{direction:ltr}input[type="email"]{text-align:end}[lang|=en] p{color:red}.fg-x[aria-invalid=true]{border:0}.fg-x[data-fg-mask]{width:auto}"#)
    }

    /// `[disabled]` and `[readonly]` need their name in the page: a button the runtime disables, a read-only field.
    @Test func aDisabledOrReadOnlyRuleNeedsThatAttributeNamed() {
        let sheet = StyleSheet(css: Theme.minifyCSS("""
        .fg-input[readonly]{background:grey}
        .fg-button[disabled]{opacity:.5}
        .fg-button{color:red}
        """))
        let plain = sheet.subset(for: #"<input class="fg-input"><button class="fg-button"></button><script>f.readOnly</script>"#).css
        #expect(plain == ".fg-button{color:red}")
        let named = sheet.subset(for: #"<input class="fg-input" readonly><button class="fg-button"></button><script>b.disabled=true</script>"#).css
        #expect(named == ".fg-input[readonly]{background:grey}.fg-button[disabled]{opacity:.5}.fg-button{color:red}")
    }

    @Test func classesTheRuntimeAddsAndElementsItCreatesCount() {
        let sheet = StyleSheet(css: Self.css)
        let page = #"<body><table></table><script>el.className="fg-dynamic";document.createElement("pre")</script></body>"#
        let css = sheet.subset(for: page).css
        #expect(css.contains(".fg-dynamic{color:black}"))
        #expect(css.contains("table{border:0}"))
        #expect(css.contains("@media print{pre{display:none}}"))
        #expect(!css.contains(".fg-used"))
    }

    @Test func aWordThatOnlyContainsAClassNameDoesNotCount() {
        let sheet = StyleSheet(css: Self.css)
        let css = sheet.subset(for: #"<p class="fg-used-not">a table of pre</p>"#).css
        #expect(!css.contains(".fg-used"))
        #expect(!css.contains("table{"))
        #expect(!css.contains("pre{"))
    }

    @Test func pagesUsingTheSameRulesShareOneSubsetAndItsHash() {
        let sheet = StyleSheet(css: Self.css)
        let first = sheet.subset(for: #"<p class="fg-used">one</p>"#)
        let second = sheet.subset(for: #"<div class="fg-used other">two</div>"#)
        #expect(first.css == second.css && first.cspSource == second.cspSource)
        #expect(first.cspSource == SHA256.cspSource(for: first.css))
        #expect(sheet.text == Self.css)
    }

    @Test func formPagesLeaveOutTheDocsRulesAndKeepWhatTheRuntimeShows() throws {
        let html = try RenderTests.page("kyc/nl")
        let style = try #require(html.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)
        #expect(style.contains(".fg-summary-row{"), "the review rows are made by the runtime")
        #expect(style.contains(".fg-error-summary{"))
        #expect(!style.contains(".fg-doc-nav"))
        #expect(!style.contains(".fg-country-code"))
        #expect(style.count < RenderTests.theme.style.text.count)
    }
}
