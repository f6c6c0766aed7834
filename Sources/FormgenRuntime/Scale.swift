// The twin of scale.js: a scale's answer, a whole number from its `min` to its `max`.

extension FormValidator {
    /// A scale's answer as its whole number: digits (a leading `-` allowed), within `min`…`max`; nil otherwise.
    package static func scaleNumber(_ text: String, _ scale: FormSpec.ScaleSpec?) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
              let scale, number >= scale.min, number <= scale.max else { return nil }
        return number
    }
}
