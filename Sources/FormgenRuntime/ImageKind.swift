import Foundation

/// What an image is, told by its bytes (never its URL): PNG, JPEG, GIF, WebP or SVG.
package enum ImageKind: String, Sendable, CaseIterable {
    case png, jpg, gif, webp, svg

    /// The kind of `data`, or nil when it is none of these.
    package init?(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts([0xFF, 0xD8, 0xFF]) { self = .jpg }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if Self.looksLikeSVG(data) { self = .svg }
        else { return nil }
    }

    private static func looksLikeSVG(_ data: Data) -> Bool {
        guard let text = String(data: data.prefix(4096), encoding: .utf8) else { return false }
        var rest = Substring(text).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        while rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.hasPrefix("<!DOCTYPE") || rest.hasPrefix("<!doctype") {
            let close = rest.hasPrefix("<!--") ? "-->" : ">"
            guard let end = rest.range(of: close) else { return false }
            rest = rest[end.upperBound...].drop { $0.isWhitespace }
        }
        return rest.hasPrefix("<svg")
    }

    /// Why an SVG may not be published, or nil: formgen refuses SVGs that carry script or load other
    /// content (`<script>`, `on…=` handlers, `javascript:`, `<foreignObject>`, external references).
    package static func svgProblem(_ data: Data) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return "an SVG that is not UTF-8 text" }
        let lower = text.lowercased()
        // By bytes: a prepended mark (U+0600) before `<` joins it into one Character, which `contains` would miss.
        let bytes = Array(lower.utf8)
        func has(_ needle: String) -> Bool { bytes.firstRange(of: Array(needle.utf8)) != nil }
        if has("<script") { return "an SVG with a <script>" }
        if has("javascript:") { return "an SVG with a javascript: link" }
        if has("<foreignobject") { return "an SVG with <foreignObject>" }
        if has("<!entity") { return "an SVG that declares entities" }
        if lower.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) != nil { return "an SVG with an event handler (on…=)" }
        if lower.range(of: #"(href|src)\s*=\s*["']\s*(https?:|//)"#, options: .regularExpression) != nil { return "an SVG that loads another resource" }
        return nil
    }
}
