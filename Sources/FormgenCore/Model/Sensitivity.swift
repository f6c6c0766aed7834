import Foundation

/// Decides which fields are never kept in browser drafts: the page spec carries the answer as `sensitive`,
/// so the runtime only reads a flag.
///
/// A field is sensitive when the config says `sensitive: true`, when it is a password, when any of its
/// `autocomplete` tokens names a secret or a payment card, or when its id or label contains one of
/// `identityWords` (passwords, codes and keys, identity, tax, bank and card numbers, in every UI language formgen
/// ships). Ids and labels are compared normalised (`normalised`): NFKC, format characters such as a zero-width space
/// removed, case and diacritics folded; once cut at punctuation (`card_number`) and once with punctuation removed
/// (`S.S.N.`, `I.B.A.N.`). `sensitive: false` opts a field back in (never a password).
public enum Sensitivity {
    /// Autocomplete tokens that mark a secret or a card (`cc-` matches every card token).
    public static let autocompleteTokens = ["cc-", "one-time-code", "new-password", "current-password", "transaction-amount"]

    /// Words that mark a password, a code or key, or an identity, tax, bank or card number, per UI language;
    /// compared as whole words with ids and labels, both normalised.
    public static let identityWords: [String: [String]] = [
        "en": ["ssn", "social security", "tax id", "taxpayer", "tin", "passport", "national number", "national id",
               "national insurance", "identity number", "id number", "iban", "bank account", "account number",
               "routing number", "sort code", "card number", "credit card", "cvc", "cvv", "security code", "pin", "nir",
               "password", "passcode", "passphrase", "one time code", "one time password", "otp", "verification code",
               "api key", "access token", "auth token", "secret key", "private key", "secret answer", "security answer",
               "maiden name", "nhs number", "nhs no", "card no", "tax number"],
        "nl": ["bsn", "burgerservicenummer", "sofinummer", "rijksregisternummer", "paspoort", "paspoortnummer",
               "identiteitskaart", "documentnummer", "rekeningnummer", "bankrekening", "kaartnummer", "pincode",
               "wachtwoord", "inlogcode", "toegangscode", "eenmalige code", "verificatiecode", "beveiligingscode"],
        "de": ["steuer-id", "steuer id", "steueridentifikationsnummer", "steuernummer", "personalausweis",
               "ausweisnummer", "reisepass", "sozialversicherungsnummer", "kontonummer", "kartennummer", "geheimzahl",
               "passwort", "kennwort", "zugangscode", "einmalcode", "bestätigungscode", "sicherheitscode"],
        "fr": ["mot de passe", "code secret", "code de vérification", "sécurité sociale", "numéro fiscal",
               "passeport", "carte d'identité", "numéro de carte", "numéro de compte", "cryptogramme",
               "nom de jeune fille"],
        "es": ["contraseña", "dni", "nif", "pasaporte", "número de tarjeta", "número de cuenta", "seguridad social",
               "documento de identidad", "código de seguridad", "código de verificación", "clave de acceso"],
        "it": ["codice fiscale", "passaporto", "carta d'identità", "numero di carta", "numero della carta",
               "numero di conto", "codice di sicurezza", "codice di verifica", "codice segreto"],
        "pt": ["senha", "palavra-passe", "cpf", "passaporte", "número do cartão", "número de conta",
               "cartão de cidadão", "código de segurança", "código de verificação"],
        "pl": ["hasło", "pesel", "nip", "paszport", "dowód osobisty", "numer dowodu", "numer karty", "numer konta",
               "kod weryfikacyjny"],
        "tr": ["şifre", "tc kimlik", "kimlik no", "kimlik numarası", "vergi no", "vergi numarası", "pasaport",
               "kart numarası", "hesap numarası", "doğrulama kodu"],
        "ar": ["كلمة المرور", "كلمة السر", "رقم الهوية", "جواز السفر", "رقم البطاقة", "الرقم السري", "رمز التحقق",
               "رقم الحساب"],
        "he": ["סיסמה", "סיסמא", "מספר זהות", "תעודת זהות", "דרכון", "מספר כרטיס", "קוד סודי", "מספר חשבון",
               "קוד אימות"],
        "uk": ["пароль", "пін код", "паспорт", "ідентифікаційний код", "іпн", "рнокпп", "номер картки",
               "номер рахунку", "код підтвердження"],
    ]

    /// Why a field is never drafted, or nil when it may be.
    public static func reason(for field: Field) -> String? {
        if field.type == .password { return "a password" }
        if field.keyLocations["sensitive"] != nil { return field.sensitive ? "marked sensitive" : nil }
        if field.sensitive { return "marked sensitive" }
        if let token = sensitiveAutocompleteToken(field.autocomplete) { return "autocomplete \(token)" }
        let translated = field.translations["label"] ?? [:]
        let texts = [splittingCamelCase(field.id), field.label] + translated.keys.sorted().compactMap { translated[$0] }
        for text in texts {
            if let word = identityWord(in: text) { return "looks like an identity, bank or card number (\(word))" }
        }
        return nil
    }

    /// Whether a field is kept out of drafts (its reason, decided once per field value).
    public static func isSensitive(_ field: Field) -> Bool { field.sensitivityReason != nil }

    /// The first of an `autocomplete` value's tokens (any of them: `current-password webauthn` ends with another)
    /// that names a secret or a card.
    static func sensitiveAutocompleteToken(_ autocomplete: String?) -> String? {
        guard let autocomplete else { return nil }
        return autocomplete.lowercased().unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map(String.init).first { token in
            autocompleteTokens.contains { $0.hasSuffix("-") ? token.hasPrefix($0) : token == $0 }
        }
    }

    /// The first listed word that `text` contains as whole words, or nil: looked for in the normalised text cut at
    /// anything but letters, digits and marks, then (when the text has punctuation) with the punctuation removed.
    static func identityWord(in text: String) -> String? {
        guard mayContainFirstWord(text) else { return nil }
        let folded = normalised(text)
        if let word = identityWord(inWords: words(folded)) { return word }
        let joined = removingPunctuation(folded)
        guard joined != folded else { return nil }
        return identityWord(inWords: words(joined))
    }

    private static func identityWord(inWords words: [Substring]) -> String? {
        var candidates: [Int] = []
        for word in words { candidates += needlesByFirstWord[word] ?? [] }
        guard !candidates.isEmpty else { return nil }
        for index in Set(candidates).sorted() where contains(words, identityWordTokens[index].tokens) { return identityWordTokens[index].word }
        return nil
    }

    /// The text as words are compared: ASCII lower-cased; any other text in NFKC (full-width letters as ASCII),
    /// without format characters (zero-width spaces and joiners, soft hyphens), case and diacritics folded.
    static func normalised(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var kept = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCompatibilityMapping.unicodeScalars where scalar.properties.generalCategory != .format {
            kept.append(scalar)
        }
        return String(kept).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The text with every scalar that is neither part of a word nor white space removed (`s.s.n.` as `ssn`).
    static func removingPunctuation(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isWordScalar(scalar) || scalar.properties.isWhitespace { kept.append(scalar) }
        return String(kept)
    }

    /// An id's camel-case words apart (`apiKey` as `api Key`), so that they are compared as words.
    static func splittingCamelCase(_ id: String) -> String {
        if id.utf8.allSatisfy({ $0 < UInt8(ascii: "A") || ($0 > UInt8(ascii: "Z") && $0 < 0x80) }) { return id }
        var output = String.UnicodeScalarView()
        var previousIsLower = false
        for scalar in id.unicodeScalars {
            if previousIsLower && scalar.properties.isUppercase { output.append(" ") }
            output.append(scalar)
            previousIsLower = scalar.properties.isLowercase
        }
        return String(output)
    }

    /// Whether a text may have a word (lower-cased, as `words` cuts it, or with the punctuation inside it removed, as
    /// `removingPunctuation` joins it) that starts one of `identityWords`: each word's FNV-1a hash is looked up, so
    /// that most labels are passed over without cutting them into strings. Text that is not ASCII always may (it is
    /// normalised first, and `words` reads its letters by their Unicode properties).
    private static func mayContainFirstWord(_ text: String) -> Bool {
        var hash: UInt64 = fnvBasis, joinedHash: UInt64 = fnvBasis
        var inWord = false, inJoinedWord = false
        for byte in text.utf8 {
            if byte >= 0x80 { return true }
            let lower = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
            if (lower >= 0x61 && lower <= 0x7a) || (lower >= 0x30 && lower <= 0x39) {
                hash = (hash ^ UInt64(lower)) &* fnvPrime
                joinedHash = (joinedHash ^ UInt64(lower)) &* fnvPrime
                inWord = true
                inJoinedWord = true
                continue
            }
            if inWord {
                if firstWordHashes.contains(hash) { return true }
                hash = fnvBasis
                inWord = false
            }
            let whiteSpace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if whiteSpace, inJoinedWord {
                if firstWordHashes.contains(joinedHash) { return true }
                joinedHash = fnvBasis
                inJoinedWord = false
            }
        }
        return (inWord && firstWordHashes.contains(hash)) || (inJoinedWord && firstWordHashes.contains(joinedHash))
    }

    private static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let fnvPrime: UInt64 = 0x100_0000_01b3

    /// The FNV-1a hashes of the words that start an entry of `identityWords`.
    private static let firstWordHashes: Set<UInt64> = Set(needlesByFirstWord.keys.map { word in
        word.utf8.reduce(fnvBasis) { ($0 ^ UInt64($1)) &* fnvPrime }
    })

    /// The positions in `identityWordTokens` of the entries that start with each word.
    private static let needlesByFirstWord: [Substring: [Int]] = Dictionary(grouping: identityWordTokens.indices.filter { !identityWordTokens[$0].tokens.isEmpty }) {
        identityWordTokens[$0].tokens[0]
    }

    /// `identityWords` in their order (languages sorted), each with its words.
    private static let identityWordTokens: [(word: String, tokens: [Substring])] = identityWords.keys.sorted().flatMap { language in
        (identityWords[language] ?? []).map { ($0, words(normalised($0))) }
    }

    /// Whether `needle` occurs in `words` as consecutive whole words.
    private static func contains(_ words: [Substring], _ needle: [Substring]) -> Bool {
        guard !needle.isEmpty, needle.count <= words.count else { return false }
        for start in 0...(words.count - needle.count) where words[start] == needle[0] {
            if (1..<needle.count).allSatisfy({ words[start + $0] == needle[$0] }) { return true }
        }
        return false
    }

    /// The text lower-cased and cut into runs of letters, digits and marks (anything else separates words).
    private static func words(_ text: String) -> [Substring] {
        let lowered = text.lowercased()
        var words: [Substring] = []
        var start: String.Index?
        if lowered.utf8.allSatisfy({ $0 < 0x80 }) {
            let utf8 = lowered.utf8
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let byte = utf8[index]
                if (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) {
                    if start == nil { start = index }
                } else if let open = start {
                    words.append(lowered[open..<index])
                    start = nil
                }
                index = utf8.index(after: index)
            }
            if let open = start { words.append(lowered[open...]) }
            return words
        }
        var index = lowered.startIndex
        for scalar in lowered.unicodeScalars {
            let next = lowered.unicodeScalars.index(after: index)
            if isWordScalar(scalar) {
                if start == nil { start = index }
            } else if let open = start {
                words.append(lowered[open..<index])
                start = nil
            }
            index = next
        }
        if let open = start { words.append(lowered[open...]) }
        return words
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7a) || (value >= 0x41 && value <= 0x5a) || (value >= 0x30 && value <= 0x39)
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return properties.isAlphabetic
        }
    }
}
