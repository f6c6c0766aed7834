import Mustache

/// The content type swift-mustache renders formgen's templates with: `{{…}}` escaped by `HTMLEscaping`, byte by
/// byte. swift-mustache's own HTML escaping compares `Character`s, so a `"` followed by a combining mark (one
/// grapheme cluster) would leave an attribute unescaped.
struct EscapingContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// The pragma line put before every template registered with swift-mustache (a standalone line, so it renders
    /// nothing); registering the content type first, once.
    static let pragma: String = {
        MustacheContentTypes.register(EscapingContentType(), named: "FORMGEN_HTML")
        return "{{%CONTENT_TYPE:FORMGEN_HTML}}\n"
    }()
}
