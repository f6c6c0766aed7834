import ArgumentParser
import FormgenCollect
import Foundation

extension Formgen {
    struct Erase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "erase",
            abstract: "Delete a person's submissions to a form (with their webhook outbox entries and uploads), and print what went.",
            discussion: """
            --match FIELD=VALUE finds the submissions whose field (or a repeating section's item field) has that value, \
            compared as text with white space trimmed; encrypted fields are decrypted to compare (give the key). \
            --dry-run prints what would be deleted.
            """
        )

        @Option(help: "The database: sqlite:FILE (or a file path) or postgres://user:password@host:port/database (default: collect's).")
        var db: String?

        @Option(help: "The form's path, e.g. kyc/nl.")
        var form: String

        @Option(help: "FIELD=VALUE: the submissions to delete.")
        var match: String

        @Option(name: .customLong("uploads"), help: "The uploads folder (default: uploads/ beside the SQLite file, as collect's).")
        var uploads: String?

        @Option(name: .customLong("key-file"), help: "The keys that open encrypted fields (default: the FORMGEN_KEY environment variable).")
        var keyFile: String?

        @Flag(name: .customLong("dry-run"), help: "Print what would be deleted, delete nothing.")
        var dryRun = false

        func validate() throws {
            let parts = match.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty else { throw ValidationError("--match expects FIELD=VALUE, found '\(match)'") }
        }

        func run() async throws {
            let parts = match.split(separator: "=", maxSplits: 1).map(String.init)
            let formPath = form.split(separator: "/").joined(separator: "/")
            do {
                var options = CollectOptions(site: "", database: db ?? CollectOptions.databaseByDefault().database)
                options.uploadsDirectory = uploads
                let store = try await CollectServer.openStore(options.database)
                let erasure = Erasure(removal: SubmissionRemoval(store: store, uploadsDirectory: options.uploads),
                                      keyring: try SubmissionKeyring.load(keyFile: keyFile))
                do {
                    if dryRun {
                        let records = try await erasure.matches(form: formPath, field: parts[0], value: parts[1])
                        for record in records { print("would delete submission \(record.id) of \(record.form) received \(SubmissionDigest.timestamp(record.receivedAt))") }
                        print("\(records.count) submission(s) would be deleted")
                    } else {
                        let (records, outcome) = try await erasure.erase(form: formPath, field: parts[0], value: parts[1])
                        for record in records {
                            print("deleted submission \(record.id) of \(record.form) received \(SubmissionDigest.timestamp(record.receivedAt))")
                        }
                        for file in outcome.files { print("deleted upload \(file)") }
                        for file in outcome.kept { print("kept upload \(file): a submission being stored now uses it") }
                        print("\(outcome.rows.count) submission(s) and \(outcome.files.count) upload(s) deleted")
                    }
                } catch {
                    await (store as? PostgresSubmissionStore)?.close()
                    throw error
                }
                await (store as? PostgresSubmissionStore)?.close()
            } catch let error as CollectError {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
