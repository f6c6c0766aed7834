import ArgumentParser
import Foundation
import FormgenCore

extension Formgen {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Validate one submission with the same rules as the form's page.",
            discussion: """
            Prints 'field: message' for every invalid field. Exits 0 when valid, 1 when invalid or the configs have errors, 2 on usage errors.

            Example: formgen validate contact submission.json --today 2025-06-15
            """
        )

        @OptionGroup var site: SiteOptions

        @Argument(help: "The form: its path in the output (kyc/nl, pet-adoption) or its config file.")
        var form: String

        @Argument(help: "The submission: a JSON object of field ids to values ('-' reads standard input).")
        var data: String

        @Option(help: "Today's date (YYYY-MM-DD, UTC) for date and age rules; default: today.")
        var today: String?

        @Option(help: "The language of the messages (fr, ar, nl-BE…): the form's texts and formgen's messages in it; default: the form's.")
        var lang: String?

        @Flag(help: "Print the result as JSON: {valid, errors, hidden, data, prefilled}.")
        var json = false

        @Option(help: "The largest submission read, in bytes (default 10000000).")
        var maxInputBytes = 10_000_000

        func validate() throws {
            if let today, Self.date(today) == nil { throw ValidationError("--today expects a date such as 2025-06-15, found '\(today)'") }
        }

        static func date(_ text: String) -> Date? {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
            return formatter.date(from: text + "T12:00").flatMap { formatter.string(from: $0) == text + "T12:00" ? $0 : nil }
        }

        func run() throws {
            try site.requireConfigFolder()
            let loaded: Site, theme: Theme
            do {
                (loaded, theme) = try SiteBuilder(options: site.buildOptions).loadAndCheck(log: DiagnosticLog())
            } catch let errors as ConfigErrors {
                DiagnosticPrinter.print(errors.diagnostics, excerpt: !site.noExcerpt)
                FileHandle.standardError.write(Data("Validation stopped: the configs have \(DiagnosticPrinter.summary(errors.diagnostics)).\n".utf8))
                throw ExitCode(1)
            }
            guard let target = loaded.form(named: form) else {
                let known = loaded.allForms.map(\.path).joined(separator: ", ")
                throw ValidationError("no form '\(form)' in \(site.config)/ (known: \(known))")
            }
            let spec = FormSpec(lang.map { target.translated(to: $0) } ?? target, tables: theme.messages)
            let values = try readSubmission(spec)
            let result = FormValidator(spec: spec, now: today.flatMap(Self.date) ?? Date()).validate(values)
            if json {
                let errors = JSONValue.object(result.messages.mapValues(JSONValue.string))
                let report = JSONValue.object(["valid": .bool(result.isValid), "errors": errors,
                                               "hidden": .array(result.hidden.map(JSONValue.string)), "data": .object(result.data),
                                               "prefilled": .array(result.prefilled.map(JSONValue.string))])
                Swift.print(report.pretty(), terminator: "")
            } else if result.isValid {
                Swift.print("\(source): valid for \(spec.path)")
            } else {
                for error in result.errors { Swift.print(error.description) }
            }
            for id in result.prefilled {
                let source = spec.fields.first { $0.id == id }?.dataSource ?? "?"
                FileHandle.standardError.write(Data("note: '\(id)' is prefilled from data source '\(source)': fetch it again on the server; the sent value is not to be trusted\n".utf8))
            }
            if !result.isValid {
                let count = result.errors.count
                FileHandle.standardError.write(Data("\(source): \(count) invalid field\(count == 1 ? "" : "s") for \(spec.path)\n".utf8))
                throw ExitCode(1)
            }
        }

        /// How the submission is named in messages.
        private var source: String { data == "-" ? "<stdin>" : data }

        private func readSubmission(_ spec: FormSpec) throws -> [String: JSONValue] {
            if data != "-" {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: data, isDirectory: &isDirectory) else { throw fail("cannot read the file: it does not exist") }
                if isDirectory.boolValue { throw fail("cannot read the file: it is a folder") }
            }
            let handle = data == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: data)
            guard let handle, let bytes = try? handle.read(upToCount: maxInputBytes + 1) ?? Data() else {
                throw fail("cannot read the file: permission denied")
            }
            guard bytes.count <= maxInputBytes else {
                throw fail("the submission is larger than \(maxInputBytes) bytes (raise the limit with --max-input-bytes)")
            }
            guard String(data: bytes, encoding: .utf8) != nil else { throw fail("cannot read the file: it is not UTF-8 text") }
            let value: JSONValue
            do {
                value = try spec.decodeSubmission(bytes)
            } catch let failure as JSONParser.Failure {
                throw fail("not valid JSON: \(failure.reason) at byte \(failure.offset)")
            }
            guard case .object(let values) = value else { throw fail(SubmissionError.notAnObject.description) }
            return values
        }

        private func fail(_ message: String) -> ExitCode {
            FileHandle.standardError.write(Data("\(source): error: \(message)\n".utf8))
            return ExitCode(1)
        }
    }
}
