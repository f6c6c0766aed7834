// The twin of count.js: the words `maxWords` counts, and what the count under a field says (the shared vectors' `counts`).

extension FieldValue {
    /// The words of `text`: its runs of characters other than ECMAScript white space (`text.match(/\S+/g)` in the page).
    package static func wordCount(_ text: String) -> Int {
        var count = 0, inWord = false
        for scalar in text.unicodeScalars {
            let space = trimmed.contains(scalar.value)
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }
}

/// What the count under a field with `maxLength` or `maxWords` says about an answer, as the page's `count` module says it.
package struct FieldCountText: Equatable {
    /// The message key (`countCharsLeft`, `countCharsOver`, `countWordsLeft`, `countWordsOver`) and its number.
    package let key: String
    package let number: Int
    package var isOver: Bool { key.hasSuffix("Over") }

    /// The count of `value` under `rule` (`maxLength` or `maxWords`) of `limit`: characters are the code points of the
    /// trimmed answer and words its runs of non-space, as the validator measures them.
    package init(rule: String, limit: Int, value: String) {
        let text = FieldValue.trim(value), byWords = rule == "maxWords"
        let left = limit - (byWords ? FieldValue.wordCount(text) : text.unicodeScalars.count)
        key = (byWords ? "countWords" : "countChars") + (left < 0 ? "Over" : "Left")
        number = abs(left)
    }

    /// The message in a language's table, in the plural form of its number.
    package func message(language: String, in table: [String: String]) -> String? {
        Messages.pluralForm(key, count: number, language: language, in: table).map { Messages.format($0, ["value": String(number)]) }
    }
}
