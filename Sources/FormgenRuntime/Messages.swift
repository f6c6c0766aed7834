// Part of the twin of values.js (format, plural): message texts with their placeholders filled and plural forms picked.
// The tables themselves (built-in and a site's overrides) are FormgenCore's `MessageTables`.

/// Message texts: `{name}` placeholders, plural forms (`tooLong.one`, `tooLong.other`).
public enum Messages {
    /// Fills `{name}` placeholders.
    /// One pass over the template: a value is put in as it is, never searched for placeholders itself.
    public static func format(_ template: String, _ values: [String: String]) -> String {
        let utf8 = template.utf8
        guard var open = utf8.firstIndex(of: UInt8(ascii: "{")) else { return template }
        var output = ""
        output.reserveCapacity(utf8.count + 32)
        var copied = utf8.startIndex
        while true {
            let nameStart = utf8.index(after: open)
            if let close = utf8[nameStart...].firstIndex(of: UInt8(ascii: "}")),
               let value = values[String(Substring(utf8[nameStart..<close]))] {
                output += Substring(utf8[copied..<open])
                output += value
                copied = utf8.index(after: close)
                open = close
            }
            guard let next = utf8[utf8.index(after: open)...].firstIndex(of: UInt8(ascii: "{")) else { break }
            open = next
        }
        output += Substring(utf8[copied...])
        return output
    }

    /// `days.one` → `days`; a key without a plural category is its own base.
    package static func pluralBase(_ key: String) -> String {
        let utf8 = key.utf8
        // An ASCII key (every table's) is searched by bytes, where a character is a byte.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), PluralRules.categories.contains(String(key[utf8.index(after: dot)...])) else { return key }
            return String(key[..<dot])
        }
        guard let dot = key.lastIndex(of: "."), PluralRules.categories.contains(String(key[key.index(after: dot)...])) else { return key }
        return String(key[..<dot])
    }

    /// `nl-NL` → `nl`: the primary language subtag, lower-cased.
    package static func primaryTag(_ language: String) -> String {
        if !language.isEmpty, language.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return language }
        return language.split(separator: "-").first.map { String($0).lowercased() } ?? "en"
    }
}
