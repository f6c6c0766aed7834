import Foundation

/// Infers an HTML `autocomplete` token from a field's id, label and type when the config gives none.
enum Autocomplete {
    private static let byWord: [(words: [String], token: String)] = [
        (["first_name", "firstname", "given_name", "givenname", "vorname", "voornaam"], "given-name"),
        (["last_name", "lastname", "family_name", "surname", "nachname", "achternaam"], "family-name"),
        (["full_name", "fullname", "your_fullname", "name", "your_name"], "name"),
        (["birth_date", "birthdate", "date_of_birth", "dob", "birthday", "geburtsdatum", "geboortedatum"], "bday"),
        (["email", "email_address", "e_mail"], "email"),
        (["phone", "phone_number", "telephone", "tel", "mobile", "telefon", "telefoon"], "tel"),
        (["postal_code", "postcode", "zip", "zip_code", "zipcode", "postleitzahl"], "postal-code"),
        (["street_address", "address", "street"], "street-address"),
        (["city", "town", "stadt", "woonplaats", "plaats"], "address-level2"),
        (["country"], "country-name"),
        (["organization", "organisation", "company"], "organization"),
        (["username", "user_name"], "username"),
    ]

    /// The token for `field`; a password is `new-password` on a register form or one with a confirmation
    /// (`equalsField`), `current-password` otherwise.
    static func infer(for field: Field, in form: Form? = nil) -> String? {
        switch field.type {
        case .email: return "email"
        case .tel: return "tel"
        case .password:
            if let kind = form?.submission.kind { return kind == .register ? "new-password" : "current-password" }
            let confirms: (Field) -> Bool = { $0.validations.contains { if case .equalsField = $0.kind { return true } else { return false } } }
            let confirmed = confirms(field) || (form?.allFields.contains { $0.type == .password && confirms($0) } ?? false)
            return confirmed ? "new-password" : "current-password"
        case .image, .paragraph, .checkbox, .yesno, .radio, .grid, .scale: return nil
        default: break
        }
        let id = normalise(field.id)
        let label = normalise(field.label)
        switch (groupOfWord[id], groupOfWord[label]) {
        case let (byID?, byLabel?): return byWord[min(byID, byLabel)].token
        case let (group?, nil), let (nil, group?): return byWord[group].token
        case (nil, nil): break
        }
        var email = false, phone = false, birth = false, fullName = false
        let note = { (word: Substring) in
            switch word {
            case "email": email = true
            case "phone": phone = true
            case "birth": birth = true
            case "fullname": fullName = true
            default: break
            }
        }
        if label.utf8.allSatisfy({ $0 < 0x80 }) {
            ASCIIWords.forEach(in: label, separator: UInt8(ascii: "_"), note)
        } else {
            label.split(separator: "_").forEach(note)
        }
        if email { return "email" }
        if phone { return "tel" }
        if birth { return "bday" }
        if fullName { return "name" }
        return nil
    }

    /// Each word of `byWord` with the position of the first entry that lists it: the earliest entry wins.
    private static let groupOfWord: [String: Int] = {
        var groups: [String: Int] = [:]
        for (index, entry) in byWord.enumerated() {
            for word in entry.words where groups[word] == nil { groups[word] = index }
        }
        return groups
    }()

    /// The text lower-cased, each run of other characters than letters and digits one `_`, none at the ends.
    private static func normalise(_ text: String) -> String {
        var output = ""
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
                default: if bytes.last != UInt8(ascii: "_") { bytes.append(UInt8(ascii: "_")) }
                }
            }
            output = String(decoding: bytes, as: UTF8.self)
        } else {
            for scalar in text.lowercased().unicodeScalars {
                if isWordScalar(scalar) {
                    output.unicodeScalars.append(scalar)
                } else if output.unicodeScalars.last != "_" {
                    output.unicodeScalars.append("_")
                }
            }
        }
        let scalars = output.unicodeScalars
        guard scalars.first == "_" || scalars.last == "_" else { return output }
        return String(String.UnicodeScalarView(scalars.drop { $0 == "_" }.reversed().drop { $0 == "_" }.reversed()))
    }

    /// A letter, digit or mark (a combining mark stays with its letter); compared scalar by scalar, never by cluster.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return scalar.properties.isAlphabetic
        }
    }
}

