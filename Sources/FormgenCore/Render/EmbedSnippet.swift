import Foundation

/// What another site's page needs to show an embeddable form: an element that says where the form goes and
/// `embed.js` with its Subresource Integrity digest; the form's reference page shows it to copy.
public struct EmbedSnippet: Sendable {
    /// Where `embed.js` is written in the output.
    public static let scriptPath = "embed.js"

    public var formURL: String
    public var scriptURL: String
    public var title: String
    /// `sha256-…` of the script's bytes, for `integrity`.
    public var integrity: String

    /// The snippet of a form under the site's base URL; an absolute `baseURL` gives absolute addresses, a path
    /// (`/`) gives addresses under it that the author completes with the site's host.
    public init(form: Form, baseURL: String, script: String) {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        formURL = base + form.path + "/"
        scriptURL = base + Self.scriptPath
        title = form.title
        integrity = "sha256-" + Data(SHA256.digest(Array(script.utf8))).base64EncodedString()
    }

    /// The two lines of HTML, every value escaped.
    public var html: String {
        let escape = HTMLEscaping.escape
        return """
        <div data-formgen-form="\(escape(formURL))" data-title="\(escape(title))"></div>
        <script src="\(escape(scriptURL))" integrity="\(integrity)" crossorigin="anonymous" async></script>
        """
    }

    /// The reference page's section: a heading, which sites may embed the form, and the snippet as code.
    public func referenceSection(origins: [String], absolute: Bool) -> String {
        let escape = HTMLEscaping.escape
        var text = "<h2 id=\"embed-this-form\">Embed this form</h2>\n<p>These sites may show this form in their pages: "
        text += origins.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
        text += ". Put these lines where the form should appear; the frame takes the form’s height as it changes.</p>\n"
        if !absolute {
            text += "<p>Give the addresses below the site’s host, or set an absolute <code>baseURL</code> in <code>site.yaml</code>.</p>\n"
        }
        text += "<pre><code class=\"language-html\">\(escape(html))\n</code></pre>\n"
        return text
    }
}
