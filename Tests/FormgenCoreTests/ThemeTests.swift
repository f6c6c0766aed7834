import Foundation
import Testing
@testable import FormgenCore

/// The built-in theme's CSS minifier.
@Suite struct ThemeTests {
    @Test func cssMinifierKeepsMeaning() {
        #expect(Theme.minifyCSS("/* c */ a :focus , b > c {\n  color: red ;\n  margin: 0 auto;\n}\n") == "a :focus,b>c{color:red;margin:0 auto}")
    }
}
