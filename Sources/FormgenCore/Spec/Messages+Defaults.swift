extension Messages {
    /// The checks every message belongs to: `required`, the field's format (`number`, `date`, `option`,
    /// `mask`, `email`) or a validation rule's name (`minLength`, `regex`, …).
    public typealias Check = String

    /// The interface texts the page's runtime shows (a field carries its own messages; the page's HTML
    /// carries the rest).
    static let runtimeKeys: Set<String> = [
        "errorPrefix", "errorTitlePrefix", "loading", "loadFailed", "retry", "sending", "sendFailed", "sent",
        "rejected", "step", "tooLong", "draftCleared", "tooFast", "choicesCleared", "countCharsLeft", "countCharsOver", "countWordsLeft",
        "countWordsOver", "searchResults", "searchNone", "searchHint", "checkingSession", "sessionFailed", "logOutFailed",
    ]

    /// formgen's message for a failing check on a field, in the GOV.UK style: "Enter your name",
    /// "Select your country", "You must agree to the terms", "Date of birth must be a real date".
    ///
    /// The label is lower-cased where it falls mid-sentence unless its first word is an acronym or holds a
    /// capital after its first letter (`BSN`, `IBAN`, `Steuer-ID`), and never in German, where nouns keep
    /// their capitals. A label that asks a question ("Do you have a yard?") is quoted whole. `value`
    /// replaces `{value}`; without it `{value}` stays for the runtime, which fills in the value that failed.
    /// A counted message (`minLength.one`, `minLength.few`, …) takes the language's plural form for `count`, the
    /// rule's number, which the config fixes, so the page and `formgen validate` show the same form. The texts are
    /// `tables`' (the built-in ones unless given).
    public static func defaultMessage(_ check: Check, field: Field, language: String, value: String? = nil,
                                      otherLabel: String? = nil, count: Int? = nil, tables: MessageTables = .builtin) -> String {
        let table = tables.table(for: language)
        let label = spokenLabel(field.label)
        let primary = tables.primaryLanguage(language)
        var key = check
        var labelText = label
        switch check {
        case "required":
            if field.kind == .checkbox, let duty = firstPersonDuty(label, language: primary) {
                key = "requiredAgree"
                labelText = duty
            } else if field.kind == .checkbox {
                key = "requiredConsent"
            } else if label.utf8.contains(UInt8(ascii: "?")) {
                key = "requiredQuestion"
            } else {
                key = field.kind.isAnsweredByChoosing ? "requiredChoice" : "required"
                labelText = midSentence(label, language: primary)
                // GOV.UK: "Enter an email address", not "Enter email address".
                if primary == "en", field.type == .email, !startsWithDeterminer(labelText) {
                    labelText = englishArticle(before: labelText) + " " + labelText
                }
            }
        case "option", "scale", "exclusive", "otherRequired":
            labelText = label.utf8.contains(UInt8(ascii: "?")) ? format(table["quoted"] ?? "{label}", ["label": label]) : midSentence(label, language: primary)
        default:
            break
        }
        var values = ["label": labelText]
        if let value {
            values["value"] = value
            // English messages may put {article} before {value}: "must be an image", "must be a PNG".
            if primary == "en" { values["article"] = englishArticle(before: value) }
        }
        if let otherLabel { values["other"] = midSentence(spokenLabel(otherLabel), language: primary) }
        return format(text(key, count: count, language: language, in: table) ?? key, values)
    }

    /// A message's text from a table: for a counted one (`minItems.one`, `minItems.other`) the plural form of
    /// `count` (the `other` form without a count), else the key's single text (a site may give one). Nil when the
    /// table has neither.
    public static func text(_ key: String, count: Int?, language: String, in table: [String: String]) -> String? {
        guard let count else { return table[key] ?? table["\(key).other"] }
        return pluralForm(key, count: count, language: language, in: table)
    }

    /// `{value}` of a rule's message as written for people: numbers in shortest form; date bounds as
    /// `dateText` words them (as written in the config when not given).
    public static func ruleValue(_ kind: ValidationRule.Kind, dateText: (DateBound) -> String = { $0.description }) -> String? {
        switch kind {
        case .required, .email, .equalsField: return nil
        case .regex(let text), .mask(let text): return text
        case .minLength(let n), .maxLength(let n), .maxWords(let n), .minAge(let n), .maxAge(let n): return String(n)
        case .minValue(let n), .maxValue(let n): return formatNumber(n)
        case .minDate(let bound), .maxDate(let bound): return dateText(bound)
        }
    }

    /// "a" or "an" before an English word or acronym as it is read aloud: "an image", "a PNG", "an SVG",
    /// "an email address", "a user name", "an 8-digit code".
    static func englishArticle(before text: String) -> String {
        let word = text.prefix { !$0.isWhitespace && $0 != "," && $0 != "-" }
        guard let first = word.first else { return "a" }
        if first.isNumber { return word.hasPrefix("8") || ((word.hasPrefix("11") || word.hasPrefix("18")) && word.count % 3 == 2) ? "an" : "a" }
        if word.count > 1, word.allSatisfy({ $0.isUppercase || $0.isNumber }) {
            return "AEFHILMNORSX".contains(first) ? "an" : "a"
        }
        let lower = word.lowercased()
        if ["uni", "use", "usu", "uti", "eu", "one", "once"].contains(where: lower.hasPrefix) { return "a" }
        if ["hour", "honest", "honour", "honor", "heir"].contains(where: lower.hasPrefix) { return "an" }
        return "aeiou".contains(lower.first ?? "x") ? "an" : "a"
    }

    /// Whether an English phrase starts with a word that already determines it ("your email", "the code").
    static func startsWithDeterminer(_ text: String) -> Bool {
        let first = text.prefix { !$0.isWhitespace }.lowercased()
        return ["a", "an", "the", "your", "my", "our", "their", "his", "her", "its", "this", "that", "these", "those",
                "any", "another", "each", "every", "some"].contains(first)
    }

    /// The label as a message names it: without a trailing colon or asterisk.
    static func spokenLabel(_ label: String) -> String {
        if let first = label.utf8.first, let last = label.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80,
           last != UInt8(ascii: ":"), last != UInt8(ascii: "*") {
            return label
        }
        var text = Substring(label)
        func isSpace(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, last == ":" || last == "*" || isSpace(last) { text.removeLast() }
        return text.isEmpty ? label : String(text)
    }

    /// The label inside a sentence: first letter lower-cased unless the first word is an acronym or
    /// holds a capital after its first letter; a Title Case label ("Date of Birth") lower-cased word by
    /// word, acronyms kept; German labels unchanged.
    static func midSentence(_ label: String, language: String) -> String {
        guard language != "de", let first = label.utf8.first else { return label }
        guard first >= 0x80 || label.utf8.contains(0x0D) else {
            return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") ? asciiMidSentence(label) : label
        }
        return midSentenceByCharacters(label)
    }

    /// `midSentence` of an ASCII label without carriage returns (where a character is a byte), on bytes.
    private static func asciiMidSentence(_ label: String) -> String {
        var label = label
        return label.withUTF8 { bytes in
            func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            /// Calls `body` with the start and end of each space-separated word (empty words included).
            func forEachWord(_ body: (Int, Int) -> Void) {
                var start = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: " ") {
                    body(start, index)
                    start = index + 1
                }
            }
            func isAcronym(_ start: Int, _ end: Int) -> Bool {
                if end - start == 1 && bytes[start] == UInt8(ascii: "I") { return true }
                return start + 1 < end && (start + 1..<end).contains { isUpper(bytes[$0]) }
            }
            var words = 0, firstIsAcronym = false, anyLong = false, longAllUpper = true
            forEachWord { start, end in
                if words == 0 { firstIsAcronym = isAcronym(start, end) }
                words += 1
                if end - start > 3 {
                    anyLong = true
                    if !isUpper(bytes[start]) { longAllUpper = false }
                }
            }
            if firstIsAcronym { return nil }
            let titleCase = words > 1 && anyLong && longAllUpper
            var output = Array(bytes)
            var index = 0
            forEachWord { start, end in
                if (index == 0 || titleCase), start < end, isUpper(bytes[start]), !isAcronym(start, end) { output[start] |= 0x20 }
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        } ?? label
    }

    /// `midSentence` character by character, for any label.
    static func midSentenceByCharacters(_ label: String) -> String {
        guard let first = label.first, first.isUppercase else { return label }
        let words = label.split(separator: " ", omittingEmptySubsequences: false)
        func isAcronym(_ word: Substring) -> Bool { word.dropFirst().contains(where: \.isUppercase) || word == "I" }
        guard !isAcronym(words[0]) else { return label }
        let long = words.filter { $0.count > 3 }
        let titleCase = words.count > 1 && !long.isEmpty && long.allSatisfy { $0.first?.isUppercase == true }
        return words.enumerated().map { index, word in
            guard index == 0 || titleCase, let initial = word.first, initial.isUppercase, !isAcronym(word) else { return String(word) }
            return initial.lowercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// "I agree to the terms" → "agree to the terms": what a single checkbox's first-person label asks
    /// the person to do, for "You must …"; nil when the label is not in the first person.
    static func firstPersonDuty(_ label: String, language: String) -> String? {
        let text = label.hasSuffix(".") ? String(label.dropLast()) : label
        func after(_ prefix: String) -> String? {
            text.hasPrefix(prefix) && text.count > prefix.count ? String(text.dropFirst(prefix.count)) : nil
        }
        switch language {
        case "en":
            if let rest = after("I am ") { return "be " + rest }
            guard let rest = after("I "), let verb = rest.first, verb.isLowercase else { return nil }
            return rest
        case "nl":
            if let rest = after("Ik ga ermee akkoord") { return "ermee akkoord gaan" + rest }
            if let rest = after("Ik ga akkoord") { return "akkoord gaan" + rest }
            if let rest = after("Ik bevestig") { return "bevestigen" + rest }
            return nil
        case "de":
            if let rest = after("Ich bestätige") { return "bestätigen" + rest }
            if let rest = after("Ich akzeptiere ") { return rest + " akzeptieren" }
            if let rest = after("Ich stimme "), rest.hasSuffix(" zu") { return rest.dropLast(3) + " zustimmen" }
            return nil
        default:
            return nil
        }
    }
}
