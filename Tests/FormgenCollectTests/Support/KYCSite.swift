@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import GRDB

/// A built site with a KYC form (a BSN, an IBAN marked `sensitive: true`, a repeating section with a passport number
/// per item, and a name that is not sensitive), and the keys the encryption tests use.
enum KYCSite {
    static let form = """
    id: kyc
    title: Know your customer
    submit:
      retention: 30d
    fields:
      - {id: name, label: Full name, required: true}
      - {id: bsn, label: BSN, required: true}
      - {id: iban, label: Payout account, sensitive: true}
    sections:
      - id: owners
        repeat: {min: 0, max: 3}
        fields:
          - {id: owner, label: Owner}
          - {id: passport, label: Passport number}

    """

    static let bsn = "111222333"
    static let body = #"{"name":"Ann Smit","bsn":"111222333","iban":"NL91ABNA0417164300","owners":[{"owner":"Bob","passport":"XR1234567"}]}"#
    static let keyA = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    static let keyB = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8="

    static func make() throws -> TestSite {
        let site = try TestSite([
            "configs/site.yaml": "title: Test site\nbaseURL: /\nlanguage: en\n",
            "configs/forms/kyc.yaml": form,
            "configs/forms/contact.yaml": TestSite.contactForm,
        ], prefix: "formgen-kyc-test")
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil, outputDirectory: site.output.path)).build()
        return site
    }

    static func keyring(_ keys: String...) throws -> SubmissionKeyring {
        try SubmissionKeyring(text: keys.joined(separator: "\n"), source: "test")
    }

    /// The raw `data` and `key_id` columns of the SQLite file, as `sqlite3` would show them.
    static func rawRows(_ path: String) throws -> [(data: String, keyID: String?)] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT data, key_id FROM submissions ORDER BY id").map { ($0["data"], $0["key_id"]) }
        }
    }
}
