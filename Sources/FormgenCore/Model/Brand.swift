/// A site's own look (`brand:` in `site.yaml`): its colour and the text colour on it, a logo, a font and a corner
/// radius, written into every page as CSS custom properties over the theme's.
public struct Brand: Sendable, Hashable {
    /// The font families a brand may choose, each a stack that needs no download.
    public enum Font: String, CaseIterable, Sendable {
        case system, sans, serif, rounded, mono

        /// The CSS `font-family` stack.
        public var stack: String {
            switch self {
            case .system: return #"system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif"#
            case .sans: return #""Helvetica Neue",Arial,"Liberation Sans",sans-serif"#
            case .serif: return #"Georgia,Cambria,"Times New Roman",serif"#
            case .rounded: return #"ui-rounded,"SF Pro Rounded","Nunito","Varela Round",system-ui,sans-serif"#
            case .mono: return #"ui-monospace,Menlo,Consolas,"Liberation Mono",monospace"#
            }
        }
    }

    /// The brand colour: the header, buttons, links and the header's rule.
    public var colour: RGBColour?
    /// Text on the brand colour (header, buttons); white unless written.
    public var textColour: RGBColour?
    /// `assets/…` (a file of the config folder's `assets/`) or an `http(s):` URL.
    public var logo: String?
    public var font: Font?
    /// Corner radius of inputs, buttons and panels, in CSS pixels.
    public var radius: Int?

    public init() {}

    /// Whether `brand:` set anything.
    public var isEmpty: Bool { colour == nil && textColour == nil && logo == nil && font == nil && radius == nil }

    /// The theme's colours a brand is checked against.
    public enum ThemeColours {
        public static let background = RGBColour(red: 0xff, green: 0xff, blue: 0xff)
        public static let footer = RGBColour(red: 0xf3, green: 0xf2, blue: 0xf1)
        public static let text = RGBColour(red: 0x0b, green: 0x0c, blue: 0x0c)
        public static let focus = RGBColour(red: 0xff, green: 0xdd, blue: 0x00)
        public static let error = RGBColour(red: 0xd4, green: 0x35, blue: 0x1c)
        public static let link = RGBColour(red: 0x1d, green: 0x70, blue: 0xb8)
    }

    /// The CSS custom properties of the brand, as one `:root{…}` rule after the theme's (empty when none is set).
    public var css: String {
        var properties: [String] = []
        if let colour {
            let (hue, saturation, lightness) = colour.hsl
            let darker = RGBColour(hue: hue, saturation: saturation, lightness: lightness * 0.6)
            let hover = RGBColour(hue: hue, saturation: saturation, lightness: lightness * 0.8)
            properties += ["--fg-header:\(colour.hex)", "--fg-brand:\(darker.hex)", "--fg-link:\(colour.hex)", "--fg-link-hover:\(darker.hex)",
                           "--fg-button:\(colour.hex)", "--fg-button-shadow:\(darker.hex)", "--fg-button-hover:\(hover.hex)"]
        }
        if colour != nil {
            let text = (textColour ?? .white).hex
            properties += ["--fg-brand-text:\(text)", "--fg-button-text:\(text)"]
        }
        if let font { properties.append("--fg-font:\(font.stack)") }
        if let radius { properties.append("--fg-radius:\(radius)px") }
        return properties.isEmpty ? "" : ":root{" + properties.joined(separator: ";") + "}"
    }
}
