import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// The submission schemas' building blocks and their shape for the example forms. Their verdicts on sample
/// submissions are compared with `formgen validate` in Tests/python/test_schema_agreement.py and test_schema_rules.py.
@Suite struct SchemaTests {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A day of the proleptic Gregorian calendar, as the page and `formgen validate` read dates.
    static func isRealDate(_ year: Int, _ month: Int, _ day: Int) -> Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return year >= 1 && (1...12).contains(month) && (1...lengths[month - 1]).contains(day)
    }

    @Test(arguments: [1, 4, 100, 400, 1900, 1999, 2000, 2023, 2024, 2100, 9999])
    func realDatePatternAcceptsExactlyTheRealDays(_ year: Int) {
        for month in 0...13 {
            for day in 0...32 {
                let text = String(format: "%04d-%02d-%02d", year, month, day)
                #expect(Self.matches(SchemaPatterns.realDate, text) == Self.isRealDate(year, month, day), "\(text)")
            }
        }
        #expect(!Self.matches(SchemaPatterns.realDate, "0000-01-01"))
        #expect(!Self.matches(SchemaPatterns.realDate, "2024-1-01"))
        #expect(!Self.matches(SchemaPatterns.realDate, " 2024-01-01"))
    }

    static let samples: [String] = {
        var dates: [String] = []
        for year in [1, 999, 1899, 1900, 1901, 1999, 2000, 2009, 2010, 2024, 9999] {
            for (month, day) in [(1, 1), (1, 9), (1, 10), (2, 28), (2, 29), (9, 30), (10, 1), (10, 9), (10, 10), (12, 31)] {
                dates.append(String(format: "%04d-%02d-%02d", year, month, day))
            }
        }
        return dates
    }()

    @Test(arguments: ["1900-01-01", "2024-02-29", "1999-12-31", "2000-10-09", "0001-01-01", "9999-12-31", "2010-01-10"])
    func dateBoundPatternsCompareLikeDates(_ bound: String) {
        for sample in Self.samples + [bound] {
            #expect(Self.matches(SchemaPatterns.date(bound, atLeast: true), sample) == (sample >= bound), "\(sample) ≥ \(bound)")
            #expect(Self.matches(SchemaPatterns.date(bound, atLeast: false), sample) == (sample <= bound), "\(sample) ≤ \(bound)")
        }
    }

    @Test func maskPatternsMatchTheFullShape() {
        #expect(SchemaPatterns.mask("####-###-####") == "^[0-9]{4}-[0-9]{3}-[0-9]{4}$")
        #expect(SchemaPatterns.mask("##.##.##-###.##") == #"^[0-9]{2}\.[0-9]{2}\.[0-9]{2}-[0-9]{3}\.[0-9]{2}$"#)
        #expect(SchemaPatterns.mask("AA-**") == "^[A-Za-z]{2}-[A-Za-z0-9]{2}$")
        #expect(Self.matches(SchemaPatterns.mask("(###) $"), "(123) $"))
        #expect(!Self.matches(SchemaPatterns.mask("(###) $"), "(123) x"))
        #expect(!Self.matches(SchemaPatterns.mask("##.##"), "12x34"))
    }

    @Test(arguments: [("abc", true), ("a b", true), ("line 1\nline 2", true), ("", false), (" ", false), (" a", false), ("a ", false),
                      ("a\n", false), ("\u{A0}a", false), ("a\u{FEFF}", false), ("a\u{3000}", false), ("é", true)])
    func trimmedMeansWhatThePageTrims(_ text: String, _ accepted: Bool) {
        #expect(Self.matches(SchemaPatterns.trimmed, text) == accepted)
        #expect((FieldValue.trim(text) == text && !text.isEmpty) == accepted)
    }

    @Test(arguments: [("a@b.co", true), ("name@example.org", true), ("a@b", false), ("a b@c.d", false), ("@b.c", false), ("a@@b.c", false)])
    func emailPatternIsThePages(_ text: String, _ accepted: Bool) {
        #expect(Self.matches(SchemaPatterns.email, text) == accepted)
    }

    @Test(arguments: [("5", JSONValue.number(5)), ("-0.25", .number(-0.25)), ("10", .number(10))])
    func canonicalNumbersEqualTheirText(_ text: String, _ value: JSONValue) {
        #expect(SubmissionSchema.canonicalNumber(text) == value)
    }

    @Test(arguments: ["5.0", "1e3", "+5", "05", "abc", "-0", ""])
    func otherNumberTextsNeverEqualASubmittedNumber(_ text: String) {
        #expect(SubmissionSchema.canonicalNumber(text) == nil)
    }

    static func schema(_ path: String, baseURL: String = "/") throws -> JSONValue {
        SubmissionSchema(form: try #require(ExampleSite.form(path)), baseURL: baseURL).document()
    }

    /// A prefilled field is required to be there (its source filled it in; the page does not send without it) and
    /// its value is not checked.
    @Test func dutchFormRequiresWhatThePageRequiresAndLeavesPrefilledFieldsUnchecked() throws {
        let schema = try Self.schema("kyc/nl")
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["required"] == ["first_name", "last_name", "bsn", "birth_date", "email", "consent"])
        #expect(schema["errorMessage"]?["required"]?["first_name"] == "First Name is missing: we could not fill it in for you")
        #expect(schema["additionalProperties"] == false)
        #expect(schema["properties"]?["first_name"] == ["title": "First Name", "type": "string", "readOnly": true, "allOf": [["$ref": "#/$defs/trimmed"]]])
        #expect(schema["properties"]?["bsn"]?["pattern"] == #"^\d{9}$"#)
        #expect(schema["properties"]?["bsn"]?["errorMessage"] == ["pattern": "BSN must be 9 digits"])
        #expect(schema["properties"]?["consent"]?["const"] == true)
        #expect(schema["errorMessage"]?["required"]?["consent"] == "Confirm that your details are correct")
        #expect(schema["$id"] == nil)
        #expect(try Self.schema("kyc/nl", baseURL: "https://forms.example.org/")["$id"] == "https://forms.example.org/kyc/nl/schema.json")
    }

    @Test func rulesBecomeConditions() throws {
        let schema = try Self.schema("pet-adoption")
        #expect(schema["allOf"] == [[
            "if": ["properties": ["yesno_1": ["const": "Yes"]], "required": ["yesno_1"]],
            "else": ["not": ["required": ["text_3"]]],
        ]])
        let registration = try Self.schema("registration")
        guard case .array(let conditions)? = registration["allOf"] else { Issue.record("no allOf"); return }
        #expect(conditions.first == [
            "if": ["properties": ["contact_method": ["const": "phone"]], "required": ["contact_method"]],
            "then": ["required": ["phone"], "errorMessage": ["required": ["phone": "Enter phone number"]]],
        ])
        #expect(registration["required"]?.arrayCount == 9)
    }

    @Test func checksJSONSchemaCannotSayAreListed() throws {
        let birth = try Self.schema("registration")["properties"]?["birth_date"]
        #expect(birth?["x-formgen-unchecked"] == [
            ["rule": "maxDate", "value": "today", "message": "Date of birth must be in the past"],
            ["rule": "minAge", "value": 18, "message": "You must be at least 18 years old to register"],
            ["rule": "maxAge", "value": 120, "message": "Enter a real date of birth"],
        ])
        #expect(birth?["formatMinimum"] == "1900-01-01")
        let confirm = try Self.schema("registration")["properties"]?["password_confirm"]
        #expect(confirm?["x-formgen-unchecked"] == [["rule": "equalsField", "value": "password", "message": "The passwords do not match"]])
    }

    @Test func aRuleJSONSchemaCannotDecideLeavesItsTargetsOpen() throws {
        let (site, _) = try TestSite.form("open.yaml", """
            title: Open
            fields:
              - { id: amount, label: Amount }
              - { id: reason, label: Reason, required: true }
            rules:
              - { when: amount, condition: greaterThan, value: "100", action: show, otherwise: hide, targets: [reason] }
            """).load()
        let schema = SubmissionSchema(form: try #require(site.forms.first)).document()
        #expect(schema["required"] == nil)
        #expect(schema["allOf"] == nil)
        #expect(schema["properties"]?["reason"]?["x-formgen-unchecked"] != nil)
    }

    @Test func schemasAreDeterministic() throws {
        for form in ExampleSite.loaded.site.allForms {
            #expect(SubmissionSchema(form: form).json() == SubmissionSchema(form: form).json())
            let parsed = try JSONSerialization.jsonObject(with: Data(SubmissionSchema(form: form).json().utf8))
            #expect(parsed is [String: Any])
        }
    }

    // MARK: The config format's schema

    static func keys(_ value: JSONValue?) -> Set<String> {
        guard case .object(let members)? = value?["properties"] else { return [] }
        return Set(members.keys)
    }

    @Test func configSchemasFollowTheReaders() {
        let form = ConfigSchema.document(.form)
        let definitions = form["definitions"]
        #expect(Self.keys(form) == NativeFormReader.keys)
        #expect(Self.keys(definitions?["field"]) == FieldReader.keys)
        #expect(Self.keys(definitions?["rule"]) == RuleReader.formLevelKeys)
        #expect(Self.keys(definitions?["fieldRule"]) == RuleReader.fieldLevelKeys)
        #expect(Self.keys(ConfigSchema.document(.country)) == CountryReader.keys)
        #expect(Self.keys(ConfigSchema.document(.site)) == SiteLoader.settingsKeys)
        #expect(SiteLoader.settingsKeys.contains("forms"))
        let page = ConfigSchema.document(.page)
        #expect(Self.keys(page) == DataPageReader.keys)
        #expect(Self.keys(page["properties"]?["blocks"]?["items"]) == DataPageReader.blockKeys)
        #expect(Self.keys(page["properties"]?["blocks"]?["items"]?["properties"]?["columns"]?["items"]) == DataPageReader.columnKeys)
        guard case .array(let shapes)? = definitions?["validation"]?["oneOf"] else { Issue.record("no validation shapes"); return }
        #expect(Self.keys(shapes.first).isSuperset(of: Set(ValidationRule.names)))
    }

    @Test(arguments: ConfigSchema.Kind.allCases)
    func committedConfigSchemasAreCurrent(_ kind: ConfigSchema.Kind) throws {
        let committed = try String(contentsOf: Repository.root.appendingPathComponent("configs/schemas/\(kind.fileName)"), encoding: .utf8)
        #expect(committed == ConfigSchema.json(kind), "run: .build/debug/formgen schema \(kind.rawValue) > configs/schemas/\(kind.fileName)")
    }
}

extension JSONValue {
    var arrayCount: Int? {
        if case .array(let items) = self { return items.count }
        return nil
    }
}
