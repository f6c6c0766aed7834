// The twin of page.js: the spec a page embeds, read back out of the page.

import Foundation

extension FormSpec {
    /// Reads the spec a generated page embeds (`<script type="application/json" id="fg-spec">`), so a back end
    /// can validate against exactly what the page runs.
    public init(pageHTML html: String) throws {
        let opening = #"<script type="application/json" id="fg-spec">"#
        guard let start = html.range(of: opening), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
            throw SpecReadingError.noSpec
        }
        self = try JSONDecoder().decode(FormSpec.self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }
}

/// A page without an embedded spec.
public enum SpecReadingError: Error, CustomStringConvertible {
    case noSpec

    public var description: String { "the page has no <script type=\"application/json\" id=\"fg-spec\"> element" }
}
