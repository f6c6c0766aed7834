/// Reads `brand: {colour, textColour, logo, font, radius}` from `site.yaml` and checks, at build time, the WCAG 2.2
/// contrast of every colour pair the theme makes of it; a failing pair is an error at the brand colour with the
/// nearest colour of the same hue and saturation that passes every pair.
struct BrandReader {
    /// Whether a file of the config folder exists (`assets/logo.svg`).
    var exists: (String) -> Bool

    /// One pair of colours the theme shows together, and the contrast WCAG 2.2 AA asks of it.
    struct Pair {
        /// The diagnostic's words for the pair at a contrast (`white text on #7fb3d5`).
        var words: (RGBColour) -> String
        var minimum: Double
        /// The pair's contrast with the brand colour as given.
        var contrast: (RGBColour) -> Double
    }

    func read(_ node: ConfigNode) -> Brand {
        var brand = Brand()
        guard !node.isNull, node.expectMapping("'brand'") else { return brand }
        node.warnUnknownKeys(allowed: ["colour", "color", "textColour", "textColor", "logo", "font", "radius"], in: "brand")
        // The British spelling the docs use, or the American one when only that is written.
        let colourKey = node.has("color") && !node.has("colour") ? "color" : "colour"
        let textKey = node.has("textColor") && !node.has("textColour") ? "textColor" : "textColour"
        brand.colour = colour(node, colourKey)
        brand.textColour = colour(node, textKey)
        if brand.textColour != nil, !node.has(colourKey) {
            node[textKey]?.error("brand '\(textKey)' is the colour of text on the brand colour: set '\(colourKey)' too")
        }
        if let text = node.string("logo") { brand.logo = logo(text, node["logo"]!) }
        if let text = node.string("font") {
            if let font = Brand.Font(rawValue: text.lowercased()) { brand.font = font } else {
                var message = "brand font '\(text)' is not one of: \(Brand.Font.allCases.map(\.rawValue).joined(separator: ", "))"
                if let suggestion = closestMatch(to: text.lowercased(), in: Brand.Font.allCases.map(\.rawValue)) { message += " (did you mean '\(suggestion)'?)" }
                node["font"]?.error(message)
            }
        }
        if let value = node["radius"], !value.isNull {
            let text = (value.scalarText ?? "").trimmingCharacters(in: .whitespaces)
            let digits = text.hasSuffix("px") ? String(text.dropLast(2)) : text
            if let radius = Int(digits), (0...32).contains(radius) { brand.radius = radius } else {
                value.error("brand radius '\(text)' is not a whole number of pixels from 0 to 32 (like 4 or 4px)")
            }
        }
        if let colour = brand.colour, let colourNode = node[colourKey] { check(colour, text: brand.textColour ?? .white, at: colourNode) }
        return brand
    }

    /// The pairs a brand colour makes in the theme: text on the brand colour (header, buttons), links in the brand
    /// colour on the page and on the footer, the yellow focus ring on the brand header; and the theme's own text and
    /// error colours on the page, which a brand does not change but the check holds to the same rule.
    static func pairs(text: RGBColour) -> [Pair] {
        let theme = Brand.ThemeColours.self
        return [
            Pair(words: { "\(text) text on \($0)" }, minimum: 4.5, contrast: { text.contrast(with: $0) }),
            Pair(words: { "link text \($0) on \(theme.footer)" }, minimum: 4.5,
                 contrast: { min($0.contrast(with: theme.background), $0.contrast(with: theme.footer)) }),
            Pair(words: { "the focus ring \(theme.focus) on \($0)" }, minimum: 3, contrast: { theme.focus.contrast(with: $0) }),
            Pair(words: { _ in "error text \(theme.error) on \(theme.background)" }, minimum: 4.5, contrast: { _ in theme.error.contrast(with: theme.background) }),
            Pair(words: { _ in "text \(theme.text) on \(theme.background)" }, minimum: 4.5, contrast: { _ in theme.text.contrast(with: theme.background) }),
        ]
    }

    /// Reports every failing pair at the brand colour, each with the nearest colour that passes them all.
    func check(_ colour: RGBColour, text: RGBColour, at node: ConfigNode) {
        let pairs = Self.pairs(text: text)
        let failing = pairs.filter { $0.contrast(colour) < $0.minimum }
        guard !failing.isEmpty else { return }
        let nearest = colour.nearest { candidate in pairs.allSatisfy { $0.contrast(candidate) >= $0.minimum } }
        for pair in failing {
            let fix = nearest.map { " (nearest passing: \($0.hex))" } ?? " (no colour of this hue passes; choose another)"
            node.error("\(pair.words(colour)) has contrast \(RGBColour.ratioText(pair.contrast(colour))); needs \(RGBColour.ratioText(pair.minimum))\(fix)")
        }
    }

    private func colour(_ node: ConfigNode, _ key: String) -> RGBColour? {
        guard let text = node.string(key) else { return nil }
        guard let colour = RGBColour(text) else {
            node[key]?.error("brand \(key) '\(text)' is not a colour: write #rrggbb (like #1d70b8), #rgb, white or black")
            return nil
        }
        return colour
    }

    /// A logo under `assets/` that exists, or an `http(s):` URL the URL allow-list accepts.
    private func logo(_ text: String, _ node: ConfigNode) -> String? {
        if ConfigURL.scheme(of: text) != nil || text.hasPrefix("//") {
            switch ConfigURL.check(text, for: .image) {
            case .success(let url): return url
            case .failure(let refusal):
                node.error("unsafe URL \(JSONValue.quoted(text)) in 'logo': \(refusal)")
                return nil
            }
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "assets", !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
              case .success = ConfigURL.check(text, for: .image) else {
            node.error("brand logo '\(text)' must be a file under assets/ (like assets/logo.svg) or an https: URL")
            return nil
        }
        guard exists(text) else {
            node.error("brand logo '\(text)' does not exist in the config folder")
            return nil
        }
        return text
    }
}
