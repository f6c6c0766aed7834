import Foundation
import Testing

/// Runs the built `formgen validate` from the repository root.
enum ValidateRunner {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let binary: URL = {
        let beside = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent("formgen") }
        let candidates = beside + [repository.appendingPathComponent(".build/debug/formgen")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["validate"] + arguments
        process.currentDirectoryURL = repository
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func file(_ text: String, named name: String = "data.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-validate-\(UUID().uuidString)")
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

@Suite("formgen validate")
struct ValidateCommandTests {
    static let invalidKYC = #"{"first_name": "Jan", "last_name": "van der Berg", "bsn": "12345678", "birth_date": "1985-03-15", "email": "jan@", "consent": false}"#
    static let kycErrors = """
        bsn: BSN must be 9 digits
        email: Enter an email address in the correct format, like name@example.com
        consent: Confirm that your details are correct

        """

    @Test(arguments: ["kyc/nl", "kyc/nl/", "/kyc/nl/index.html", "configs/countries/nl.yaml", "kyc-nl"])
    func printsOneLinePerInvalidFieldAndExits1(form: String) throws {
        let outcome = try ValidateRunner.run([form, try ValidateRunner.file(Self.invalidKYC)])
        #expect(outcome.status == 1)
        #expect(outcome.stdout == Self.kycErrors)
        #expect(outcome.stderr.contains("3 invalid fields for kyc/nl"))
    }

    @Test func aValidSubmissionExits0() throws {
        let outcome = try ValidateRunner.run(["kyc/nl", "-"], input: #"{"first_name": "Jan", "last_name": "van der Berg", "birth_date": "1985-03-15", "bsn": "123456789", "email": "jan@example.nl", "consent": true}"#)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "<stdin>: valid for kyc/nl\n")
    }

    /// A required read-only field the profile API left out (null or absent) is missing: refused, in words (#35).
    @Test func aRequiredReadOnlyFieldLeftOutIsRefused() throws {
        let outcome = try ValidateRunner.run(["kyc/nl", "-"], input: #"{"first_name": "Jan", "last_name": null, "bsn": "123456789", "email": "jan@example.nl", "consent": true}"#)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == """
            last_name: Last Name is missing: we could not fill it in for you
            birth_date: Birth Date is missing: we could not fill it in for you

            """)
    }

    @Test func jsonOutputCarriesErrorsHiddenFieldsAndCleanedData() throws {
        let submission = #"{"text_1": " Ann ", "text_2": "ann@example.org", "formattednumeric_1": "0612-345-6789", "datetime_1": "1990-01-31", "yesno_1": "No", "text_3": "never sent", "text_5": "Bob"}"#
        let outcome = try ValidateRunner.run(["pet-adoption", "--json", "-"], input: submission)
        #expect(outcome.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(report?["valid"] as? Bool == true)
        #expect(report?["hidden"] as? [String] == ["text_3"])
        let data = report?["data"] as? [String: Any]
        #expect(data?["text_1"] as? String == "Ann")
        #expect(data?["text_3"] == nil)
        #expect(data?.count == 6)
    }

    /// The customer survey (#37): a grid's unanswered rows and an unknown column, each under its row's key, and a
    /// scale out of its bounds; then a complete answer, the grid as an object and the scale as a number.
    @Test func aGridIsCheckedRowByRowAndAScaleWithinItsBounds() throws {
        let refused = try ValidateRunner.run(["customer-survey", "-"], input: #"{"recommend": 11, "satisfaction": {"speed": "great", "staff": "neutral"}, "visit_reason": "Just looking", "contact": "No"}"#)
        #expect(refused.status == 1)
        #expect(refused.stdout == """
            recommend: Select a whole number from 0 to 10 for “How likely are you to recommend us to a friend?”
            satisfaction.speed: Select one of the options for “How satisfied were you with each of these?”
            satisfaction.value: Select an answer for Value for money
            satisfaction.cleanliness: Select an answer for Cleanliness of the shop

            """)
        let answer = #"{"recommend": "0", "satisfaction": {"speed": "satisfied", "staff": "neutral", "value": "neutral", "cleanliness": " dissatisfied "}, "visit_reason": "Just looking", "contact": "No"}"#
        let accepted = try ValidateRunner.run(["customer-survey", "--json", "-"], input: answer)
        #expect(accepted.status == 0)
        let data = (try JSONSerialization.jsonObject(with: Data(accepted.stdout.utf8)) as? [String: Any])?["data"] as? [String: Any]
        #expect(data?["recommend"] as? Int == 0)
        #expect(data?["satisfaction"] as? [String: String] == ["speed": "satisfied", "staff": "neutral", "value": "neutral", "cleanliness": "dissatisfied"])
    }

    @Test func aSkippedPageIsNotDemandedAndAnExitPageIsRefused() throws {
        let skipped = #"{"adult": "Yes", "full_name": "Ann", "email": "a@b.co", "phone": "0612-345-6789", "birth_date": "1990-01-01", "yard": "No", "has_pets": "No", "pet_count": "99", "reference": "Bob"}"#
        let outcome = try ValidateRunner.run(["pet-adoption-journey", "--json", "-"], input: skipped)
        #expect(outcome.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(report?["hidden"] as? [String] == ["fence", "pet_count", "pet_kinds"])
        #expect((report?["data"] as? [String: Any])?["pet_count"] == nil)
        let exit = try ValidateRunner.run(["pet-adoption-journey", "-"], input: #"{"adult": "No"}"#)
        #expect(exit.status == 1)
        #expect((exit.stdout + exit.stderr).contains("too-young: You must be 18 or over to adopt a pet\n"))
    }

    @Test func prefilledValuesThatWereSentAreNamedAsUntrusted() throws {
        let submission = #"{"first_name": "Jan", "last_name": "van der Berg", "birth_date": "1985-03-15", "bsn": "123456782", "email": "jan@example.org", "consent": true}"#
        let outcome = try ValidateRunner.run(["kyc/nl", "--json", "-"], input: submission)
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(report?["prefilled"] as? [String] == ["first_name", "last_name", "birth_date"])
        #expect(outcome.stderr.contains("note: 'first_name' is prefilled from data source 'user_profile': fetch it again on the server; the sent value is not to be trusted\n"))
    }

    @Test func aShownRequiredFieldIsReported() throws {
        let submission = #"{"has_pets": "Yes", "pet_notes": "x"}"#
        let outcome = try ValidateRunner.run(["registration", "--json", "-"], input: submission)
        #expect(outcome.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let errors = report?["errors"] as? [String: String]
        #expect(errors?["full_name"] == "Enter full name")
        #expect(errors?["terms"] == "You must accept the terms of service")
        #expect(errors?["pet_kinds"] == nil)
        #expect((report?["hidden"] as? [String])?.contains("pet_kinds") == false)
        #expect((report?["hidden"] as? [String])?.contains("best_time") == true)
    }

    @Test(arguments: [("2025-06-15", true), ("2025-06-16", false)])
    func todayDecidesAgeRules(today: String, tooYoung: Bool) throws {
        let submission = #"{"birth_date": "2007-06-16"}"#
        let outcome = try ValidateRunner.run(["--today", today, "--json", "kyc/be", "-"], input: submission)
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let errors = report?["errors"] as? [String: String]
        #expect((errors?["birth_date"] == "U moet minstens 18 jaar oud zijn om te registreren") == tooYoung)
    }

    @Test func anUnknownFormIsAUsageError() throws {
        let outcome = try ValidateRunner.run(["kyc/xx", try ValidateRunner.file("{}")])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("no form 'kyc/xx'"))
        #expect(outcome.stderr.contains("kyc/nl, kyc/us"))
    }

    @Test func aMissingArgumentIsAUsageError() throws {
        #expect(try ValidateRunner.run(["kyc/nl"]).status == 2)
        #expect(try ValidateRunner.run(["--today", "yesterday", "kyc/nl", "-"], input: "{}").status == 2)
    }

    @Test(arguments: [("[1, 2]", "the submission must be a JSON object"), ("{oops", "not valid JSON: expected a key at byte 1")])
    func badSubmissionsExit1WithALocatedError(text: String, message: String) throws {
        let path = try ValidateRunner.file(text)
        let outcome = try ValidateRunner.run(["kyc/nl", path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(path): error: \(message)"))
    }

    @Test func deepNestingIsRefusedAndATinyNumberIsValidJSON() throws {
        let deep = try ValidateRunner.file(#"{"x": "# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}")
        let outcome = try ValidateRunner.run(["kyc/nl", deep])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(deep): error: not valid JSON: nested deeper than 64 levels at byte 69"))
        let tiny = try ValidateRunner.file(#"{"x": 1e-400}"#)
        #expect(!(try ValidateRunner.run(["kyc/nl", tiny]).stderr.contains("not valid JSON")))
    }

    @Test func aSubmissionOverTheInputCapIsRefusedUnlessTheCapIsRaised() throws {
        let path = try ValidateRunner.file(#"{"x": ""# + String(repeating: "a", count: 2_000) + #""}"#)
        let outcome = try ValidateRunner.run(["--max-input-bytes", "1000", "kyc/nl", path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(path): error: the submission is larger than 1000 bytes (raise the limit with --max-input-bytes)"))
        #expect(!(try ValidateRunner.run(["--max-input-bytes", "3000", "kyc/nl", path]).stderr.contains("larger than")))
    }

    @Test func anUnreadableFileExits1SayingWhy() throws {
        let outcome = try ValidateRunner.run(["kyc/nl", "/nonexistent/data.json"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "/nonexistent/data.json: error: cannot read the file: it does not exist\n")

        let folder = try CommandRunner.temporaryDirectory()
        let inFolder = try ValidateRunner.run(["kyc/nl", folder.path])
        #expect(inFolder.status == 1)
        #expect(inFolder.stderr == "\(folder.path): error: cannot read the file: it is a folder\n")

        let latin1 = folder.appendingPathComponent("latin1.json")
        try Data([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]).write(to: latin1)
        let notUTF8 = try ValidateRunner.run(["kyc/nl", latin1.path])
        #expect(notUTF8.status == 1)
        #expect(notUTF8.stderr == "\(latin1.path): error: cannot read the file: it is not UTF-8 text\n")
    }

    @Test func configErrorsExit1WithDiagnostics() throws {
        let form = try ValidateRunner.file("""
            id: broken
            title: Broken
            fields:
              - id: code
                label: Code
                type: text
                validation:
                  regex: '(?i)^abc$'
            """, named: "forms/broken.yaml")
        let configs = URL(fileURLWithPath: form).deletingLastPathComponent().deletingLastPathComponent()
        try "title: Test\n".write(to: configs.appendingPathComponent("site.yaml"), atomically: true, encoding: .utf8)
        let outcome = try ValidateRunner.run(["--config", configs.path, "broken", try ValidateRunner.file("{}")])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("broken.yaml:8:"))
        #expect(outcome.stderr.contains("inline flags"))
    }
}

@Suite("formgen validate --lang")
struct ValidateLanguageTests {
    /// formgen's messages come from the asked language's table; the form's own texts stay as written when it has none.
    @Test func theMessagesAreInTheAskedLanguage() throws {
        let data = try ValidateRunner.file(#"{"full_name": "", "email": "jan@"}"#)
        let french = try ValidateRunner.run(["registration", data, "--lang", "fr", "--today", "2025-06-15"])
        #expect(french.status == 1)
        #expect(french.stdout.contains("full_name: Saisissez full name\n"), "\(french.stdout)")
        #expect(french.stdout.contains("contact_method: Répondez à la question « How should we contact you? »\n"), "\(french.stdout)")
        // The config's own message stays as written.
        #expect(french.stdout.contains("email: Enter an email address like name@example.com\n"), "\(french.stdout)")
        let polish = try ValidateRunner.run(["registration", data, "--lang", "pl-PL", "--today", "2025-06-15"])
        #expect(polish.stdout.contains("full_name: Wpisz full name\n"), "\(polish.stdout)")
    }

    /// A counted message takes the plural form of the rule's number in the asked language, as the page shows it.
    @Test func countedMessagesTakeTheLanguagesPluralForm() throws {
        let form = try ValidateRunner.file("""
            id: counted
            title: Counted
            fields:
              - {id: a, label: Kod, validation: {minLength: 2}}
              - {id: b, label: Numer, validation: {minLength: 5}}
              - {id: c, label: Nazwa, validation: {minLength: 22}}
              - {id: d, label: Urodzony, type: date, validation: {minAge: 22}}
              - {id: e, label: Inicjał, validation: {maxLength: 1}}
            """, named: "forms/counted.yaml")
        let configs = URL(fileURLWithPath: form).deletingLastPathComponent().deletingLastPathComponent()
        try "title: Test\n".write(to: configs.appendingPathComponent("site.yaml"), atomically: true, encoding: .utf8)
        let data = try ValidateRunner.file(#"{"a": "x", "b": "x", "c": "x", "d": "2025-01-01", "e": "xy"}"#)
        let polish = try ValidateRunner.run(["--config", configs.path, "counted", data, "--lang", "pl", "--today", "2025-06-15"])
        #expect(polish.status == 1)
        #expect(polish.stdout == """
            a: Kod musi mieć co najmniej 2 znaki
            b: Numer musi mieć co najmniej 5 znaków
            c: Nazwa musi mieć co najmniej 22 znaki
            d: Musisz mieć co najmniej 22 lata
            e: Inicjał może mieć najwyżej 1 znak

            """)
        let english = try ValidateRunner.run(["--config", configs.path, "counted", data, "--today", "2025-06-15"])
        #expect(english.stdout.hasSuffix("e: Inicjał must be 1 character or fewer\n"), "\(english.stdout)")
        let arabic = try ValidateRunner.run(["--config", configs.path, "counted", data, "--lang", "ar", "--today", "2025-06-15"])
        #expect(arabic.stdout.hasPrefix("a: يجب ألا يقل Kod عن حرفين\nb: يجب ألا يقل Numer عن 5 أحرف\nc: يجب ألا يقل Nazwa عن 22 حرفًا\n"),
                "\(arabic.stdout)")
    }
}
