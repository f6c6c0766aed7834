import Foundation

/// Decides which fields are never kept in browser drafts: the page spec carries the answer as `sensitive`,
/// so the runtime only reads a flag.
///
/// A field is sensitive when the config says `sensitive: true`, when it is a password, when its
/// `autocomplete` token names a secret or a payment card, or when its id or label contains one of
/// `identityWords` (identity, tax, bank and card numbers, in English, Dutch and German). `sensitive: false`
/// opts a field back in (never a password).
public enum Sensitivity {
    /// Autocomplete tokens that mark a secret or a card (`cc-` matches every card token).
    public static let autocompleteTokens = ["cc-", "one-time-code", "new-password", "current-password", "transaction-amount"]

    /// Words that mark an identity, tax, bank or card number, compared with the id and label lower-cased,
    /// with `_`, `-` and `.` read as spaces.
    public static let identityWords: [String: [String]] = [
        "en": ["ssn", "social security", "tax id", "taxpayer", "tin", "passport", "national number", "national id",
               "national insurance", "identity number", "id number", "iban", "bank account", "account number",
               "routing number", "sort code", "card number", "credit card", "cvc", "cvv", "security code", "pin", "nir"],
        "nl": ["bsn", "burgerservicenummer", "sofinummer", "rijksregisternummer", "paspoort", "paspoortnummer",
               "identiteitskaart", "documentnummer", "rekeningnummer", "bankrekening", "kaartnummer", "pincode"],
        "de": ["steuer-id", "steuer id", "steueridentifikationsnummer", "steuernummer", "personalausweis",
               "ausweisnummer", "reisepass", "sozialversicherungsnummer", "kontonummer", "kartennummer", "geheimzahl"],
    ]

    /// Why a field is never drafted, or nil when it may be.
    public static func reason(for field: Field) -> String? {
        if field.type == .password { return "a password" }
        if field.keyLocations["sensitive"] != nil { return field.sensitive ? "marked sensitive" : nil }
        if field.sensitive { return "marked sensitive" }
        if let token = field.autocomplete?.lowercased().split(separator: " ").last.map(String.init),
           autocompleteTokens.contains(where: { $0.hasSuffix("-") ? token.hasPrefix($0) : token == $0 }) {
            return "autocomplete \(token)"
        }
        let translated = field.translations["label"] ?? [:]
        let texts = [field.id, field.label] + translated.keys.sorted().compactMap { translated[$0] }
        for text in texts {
            if let word = identityWord(in: text) { return "looks like an identity, bank or card number (\(word))" }
        }
        return nil
    }

    /// Whether a field is kept out of drafts.
    public static func isSensitive(_ field: Field) -> Bool { reason(for: field) != nil }

    /// The first listed word that `text` contains as whole words, or nil.
    static func identityWord(in text: String) -> String? {
        let padded = " " + words(text) + " "
        for language in identityWords.keys.sorted() {
            for word in identityWords[language] ?? [] where padded.contains(" " + words(word) + " ") {
                return word
            }
        }
        return nil
    }

    private static func words(_ text: String) -> String {
        var output = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber { output.append(character) } else if output.last != " " { output.append(" ") }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }
}
