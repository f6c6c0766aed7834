// The twin of values.js: a submitted value read for one field (ECMAScript trim, decimal numbers).

/// How a submitted JSON value reads for one field, exactly as the browser runtime reads it: the one
/// ECMAScript-compatible trim and decimal-number reading that the validator, the rule states and the
/// JSON Schema share.
package enum FieldValue {
    /// ECMAScript's `String.prototype.trim` set: white space and line terminators.
    package static let trimmed: Set<UInt32> = Set(ECMAScriptTranslator.whiteSpace)

    /// `text` without leading and trailing ECMAScript white space.
    package static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed.contains($0.value) }) else { return "" }
        let last = scalars.lastIndex(where: { !trimmed.contains($0.value) })!
        return String(scalars[first...last])
    }

    /// The trimmed text of a value: strings as they are, numbers in shortest form, booleans as `true`/`false`;
    /// null, lists and objects read as empty.
    package static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text): return trim(text)
        case .number(let number): return numberText(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return ""
        }
    }

    /// The items of a checkbox group: a list (or one string), each trimmed, empty items dropped.
    package static func items(_ value: JSONValue?) -> [String] {
        switch value {
        case .array(let values): return values.map { text($0) }.filter { !$0.isEmpty }
        case .string, .number, .bool:
            let item = text(value)
            return item.isEmpty ? [] : [item]
        default: return []
        }
    }

    /// Whether a single checkbox is ticked: `true` or the string `true`.
    package static func isChecked(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string(let text): return text == "true"
        default: return false
        }
    }

    /// `12`, `3.5`: the shortest text of a number.
    package static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// HTML's valid floating-point number: `-?(digits(.digits)?|.digits)([eE][+-]?digits)?`.
    package static func decimal(_ text: String) -> Double? {
        var characters = Substring(text)
        func digits() -> Int {
            let count = characters.prefix(while: { $0.isASCII && $0.isNumber }).count
            characters = characters.dropFirst(count)
            return count
        }
        if characters.first == "-" { characters = characters.dropFirst() }
        let whole = digits()
        if characters.first == "." {
            characters = characters.dropFirst()
            guard digits() > 0 else { return nil }
        } else if whole == 0 {
            return nil
        }
        if characters.first == "e" || characters.first == "E" {
            characters = characters.dropFirst()
            if characters.first == "+" || characters.first == "-" { characters = characters.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        return characters.isEmpty ? Double(text) : nil
    }
}
