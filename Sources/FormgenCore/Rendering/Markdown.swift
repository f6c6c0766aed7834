import CCmarkGFM

/// GitHub-flavoured Markdown through the cmark-gfm C library: tables, strikethrough, autolinks,
/// task lists and the tag filter; raw HTML is never passed through and unsafe links are dropped.
public enum Markdown {
    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Renders a Markdown document to HTML.
    public static func html(_ markdown: String) -> String {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_GITHUB_PRE_LANG | CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        markdown.withCString { pointer in
            cmark_parser_feed(parser, pointer, strlen(pointer))
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Renders Markdown meant to sit inside another element (a hint, a label):
    /// a single paragraph loses its `<p>` wrapper.
    public static func inlineHTML(_ markdown: String) -> String {
        var html = Markdown.html(markdown).trimmingCharacters(in: .whitespacesAndNewlines)
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), html.components(separatedBy: "<p>").count == 2 {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }
}

import Foundation
