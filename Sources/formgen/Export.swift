import ArgumentParser
import FormgenCollect
import Foundation

extension Formgen {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print the submissions 'formgen collect' stored, as CSV or JSON Lines.",
            discussion: """
            CSV (one form, --form required): id, received_at, then one column per field in page order; a checkbox \
            group's items joined with '; ', a single checkbox true/false, an absent (hidden or empty) value empty; \
            cells starting with = + - @ get a leading '. JSON Lines: {id, form, receivedAt, digest, data} per line.
            """
        )

        @Option(help: "The database: sqlite:FILE (or a file path) or postgres://user:password@host:port/database (default: collect's, sqlite:submissions/submissions.db).")
        var db: String?

        @Option(help: "Only this form (its path, e.g. kyc/nl).")
        var form: String?

        @Option(help: "Only submissions received at or after this time (2025-01-31 or 2025-01-31T12:00:00Z).")
        var since: String?

        @Option(help: "csv or jsonl.")
        var format: SubmissionExporter.Format = .jsonl

        @Option(help: "The built site, for the CSV's columns.")
        var site = "public"

        @Option(name: .customLong("key-file"), help: "The keys that open encrypted fields (default: the FORMGEN_KEY environment variable).")
        var keyFile: String?

        func validate() throws {
            if let since, Self.date(since) == nil { throw ValidationError("--since expects 2025-01-31 or 2025-01-31T12:00:00Z, found '\(since)'") }
            if format == .csv, form == nil { throw ValidationError("--format csv needs --form (the columns are that form's fields)") }
        }

        static func date(_ text: String) -> Date? {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.date(from: text) ?? formatter.date(from: text + "T00:00:00Z")
        }

        func run() async throws {
            do {
                let store = try await CollectServer.openStore(db ?? CollectOptions.databaseByDefault().database)
                var records: [SubmissionRecord]
                do {
                    records = try await store.submissions(form: form, since: since.flatMap(Self.date))
                    if let postgres = store as? PostgresSubmissionStore { await postgres.close() }
                } catch {
                    if let postgres = store as? PostgresSubmissionStore { await postgres.close() }
                    throw error
                }
                records = try SubmissionCipher.open(records, keyring: SubmissionKeyring.load(keyFile: keyFile))
                let exporter = SubmissionExporter()
                switch format {
                case .jsonl:
                    FileHandle.standardOutput.write(Data(exporter.jsonLines(records).utf8))
                case .csv:
                    let forms = try SiteForms(site: site)
                    guard let form, let spec = forms.spec(at: form) else {
                        throw ValidationError("no form '\(form ?? "")' in \(site)/ (known: \(forms.specs.keys.sorted().joined(separator: ", ")))")
                    }
                    FileHandle.standardOutput.write(Data(exporter.csv(records, spec: spec).utf8))
                }
            } catch let error as CollectError {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}

extension SubmissionExporter.Format: ExpressibleByArgument {}
