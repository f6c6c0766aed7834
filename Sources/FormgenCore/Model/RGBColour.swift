import Foundation

/// An sRGB colour as a config writes it (`#1d70b8`, `#fff`, `white`), with the WCAG 2.2 contrast arithmetic and
/// the HSL moves the brand check suggests fixes with.
public struct RGBColour: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGBColour(red: 255, green: 255, blue: 255)
    public static let black = RGBColour(red: 0, green: 0, blue: 0)

    /// `#rrggbb`, `#rgb` (any case) or `white`/`black`; nil for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "white" { self = .white; return }
        if trimmed == "black" { self = .black; return }
        guard trimmed.hasPrefix("#"), trimmed.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        var digits = Array(trimmed.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, let value = UInt32(String(digits), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
    }

    /// `#rrggbb`, lower case.
    public var hex: String { String(format: "#%02x%02x%02x", Int(red), Int(green), Int(blue)) }

    /// `white` and `black` by name, any other colour as `#rrggbb`: how diagnostics name it.
    public var description: String { self == .white ? "white" : self == .black ? "black" : hex }

    /// WCAG 2.2 relative luminance: each sRGB channel linearised (`c/12.92` up to 0.04045, else
    /// `((c+0.055)/1.055)^2.4`), weighted 0.2126, 0.7152, 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.2 contrast ratio `(L1 + 0.05) / (L2 + 0.05)`, the lighter over the darker: 1 to 21.
    public func contrast(with other: RGBColour) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// A ratio as diagnostics write it: rounded down to one decimal (`2.19` → `2.1:1`), so a failing ratio never
    /// reads as the one it needs.
    public static func ratioText(_ ratio: Double) -> String {
        String(format: "%.1f:1", (ratio * 10 + 1e-9).rounded(.down) / 10)
    }

    /// Hue (0–360), saturation and lightness (0–1).
    public var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let high = max(r, g, b), low = min(r, g, b), lightness = (high + low) / 2
        guard high != low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        var hue: Double
        if high == r { hue = (g - b) / delta + (g < b ? 6 : 0) } else if high == g { hue = (b - r) / delta + 2 } else { hue = (r - g) / delta + 4 }
        hue *= 60
        return (hue, saturation, lightness)
    }

    /// The colour of a hue, saturation and lightness, each channel rounded to the nearest byte.
    public init(hue: Double, saturation: Double, lightness: Double) {
        func channel(_ n: Double) -> UInt8 {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            let value = lightness - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8(max(0, min(255, (value * 255).rounded())))
        }
        self.init(red: channel(0), green: channel(8), blue: channel(4))
    }

    /// The nearest colour of the same hue and saturation that `passes`: lightness moved in steps of 0.001, up and
    /// down from this colour's, the smaller move first (darker on a tie); nil when no lightness passes.
    public func nearest(where passes: (RGBColour) -> Bool) -> RGBColour? {
        let (hue, saturation, lightness) = hsl
        let start = (lightness * 1000).rounded()
        for step in 1...1000 {
            for candidate in [start - Double(step), start + Double(step)] where (0...1000).contains(candidate) {
                let colour = RGBColour(hue: hue, saturation: saturation, lightness: candidate / 1000)
                if passes(colour) { return colour }
            }
        }
        return nil
    }
}
