import ArgumentParser
import FormgenCollect
import Foundation

extension Formgen {
    struct Rekey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rekey",
            abstract: "Encrypt the sensitive fields of every stored submission again with the current key.",
            discussion: """
            The keys come from --key-file (one base64 key a line) or FORMGEN_KEY (keys separated by commas): the first is \
            the current one, the others open the rows sealed before. Put a new key first, keep the old ones after it, \
            restart collect, run rekey, then drop the old keys. Each row is rewritten in its own transaction, and each \
            sealed upload (<sha256>.sealed in the uploads folder) atomically, so a rekey cut short is finished by running \
            it again. With --site, rows stored before encryption (by an earlier version) get their sensitive fields \
            encrypted too, and the files of their sensitive file fields are sealed (the clear copies removed).
            """
        )

        @Option(help: "The database: sqlite:FILE (or a file path) or postgres://user:password@host:port/database (default: collect's).")
        var db: String?

        @Option(name: .customLong("key-file"), help: "The keys, the current one first (default: the FORMGEN_KEY environment variable).")
        var keyFile: String?

        @Option(help: "The built site: rows stored before encryption get their sensitive fields (as its pages mark them) encrypted too.")
        var site: String?

        @Option(name: .customLong("uploads"), help: "The uploads folder (default: uploads/ beside the SQLite file, as collect's).")
        var uploads: String?

        func run() async throws {
            do {
                guard let keyring = try SubmissionKeyring.load(keyFile: keyFile) else {
                    throw CollectError.badKey("rekey needs the keys: --key-file FILE or FORMGEN_KEY (the new key first, then the old ones)")
                }
                var options = CollectOptions(site: site ?? "", database: db ?? CollectOptions.databaseByDefault().database)
                options.uploadsDirectory = uploads
                let store = try await CollectServer.openStore(options.database)
                let outcome: KeyRotation.Outcome
                do {
                    outcome = try await KeyRotation(store: store, keyring: keyring, forms: try site.map { try SiteForms(site: $0) },
                                                    uploadsDirectory: options.uploads).run()
                } catch {
                    await (store as? PostgresSubmissionStore)?.close()
                    throw error
                }
                await (store as? PostgresSubmissionStore)?.close()
                print("rekeyed \(outcome.resealed.count) submission(s) to key \(keyring.current.id); \(outcome.current) already on it"
                    + "; sealed \(outcome.files.count) upload(s) again"
                    + (site == nil ? "" : "; encrypted the sensitive fields of \(outcome.sealed.count) stored in the clear"
                        + " and \(outcome.sealedFiles.count) upload(s)"))
            } catch let error as CollectError {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
