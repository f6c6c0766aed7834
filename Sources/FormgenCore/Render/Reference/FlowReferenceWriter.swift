/// Writes the reference page of a country flow as Markdown: which fields each country asks for,
/// and how their checks differ, side by side. Config strings are escaped.
public struct FlowReferenceWriter {
    public let flow: CountryFlow

    public init(flow: CountryFlow) {
        self.flow = flow
    }

    public var title: String { "Field reference: \(flow.title)" }

    public func markdown() -> String {
        let countries = flow.countries
        var blocks = ["# \(Markdown.escape(title))"]
        blocks.append("""
        Each country has its own form. This page compares them; each country's reference lists every check \
        with its message, and each country's JSON Schema describes its submission.
        """)
        var list = ["| Country | Language | Form | Reference | JSON Schema |", "| --- | --- | --- | --- | --- |"]
        for country in countries {
            let folder = "../\(country.code.lowercased())/"
            list.append("| \(country.code) \(Markdown.escape(country.name)) | \(Markdown.code(country.form.language, inTable: true)) | [\(Markdown.escape(country.form.title))](\(folder)) | [reference](\(folder)reference/) | [schema.json](\(folder)schema.json) |")
        }
        blocks.append(list.joined(separator: "\n"))
        guard !countries.isEmpty else { return blocks.joined(separator: "\n\n") + "\n" }

        let ids = Self.fieldIDs(countries)
        let fieldsByID = countries.map { country in
            Dictionary(country.form.allFields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let header = "| Field | " + countries.map(\.code).joined(separator: " | ") + " |"
        let divider = "| --- | " + countries.map { _ in ":---:" }.joined(separator: " | ") + " |"

        blocks.append("## Which fields each country asks for")
        blocks.append("Each cell gives the field's label in that country; “required” when it must be filled in, “—” when the country does not ask for it.")
        var asked = [header, divider]
        for id in ids {
            let cells = countries.indices.map { index -> String in
                guard let field = fieldsByID[index][id] else { return "—" }
                var cell = field.label.isEmpty ? field.type.rawValue : Markdown.escape(field.label)
                var notes: [String] = []
                if field.kind.isDisplayOnly { notes.append("not submitted") }
                else if field.dataSource != nil { notes.append("from \(Markdown.code(field.dataSource ?? "", inTable: true)), read-only") }
                else if field.required { notes.append("required") }
                if !notes.isEmpty { cell += " (\(notes.joined(separator: ", ")))" }
                return cell
            }
            asked.append("| \(Markdown.code(id, inTable: true)) | " + cells.joined(separator: " | ") + " |")
        }
        blocks.append(asked.joined(separator: "\n"))

        blocks.append("## How their checks differ")
        blocks.append("Each cell lists the field's type and checks in that country; messages are on each country's reference.")
        let writers = Dictionary(countries.map { ($0.code, ReferenceWriter(form: $0.form)) }, uniquingKeysWith: { first, _ in first })
        var rules = [header, divider]
        for id in ids {
            let cells = countries.indices.map { index -> String in
                guard let field = fieldsByID[index][id] else { return "—" }
                let writer = writers[countries[index].code]!
                let checks = ReferenceWriter.isUnchecked(field) ? ["read-only, not checked"] : writer.checks(field).map(\.check)
                return ([field.type.rawValue] + checks).joined(separator: "; ")
            }
            rules.append("| \(Markdown.code(id, inTable: true)) | " + cells.joined(separator: " | ") + " |")
        }
        blocks.append(rules.joined(separator: "\n"))

        let withSources = countries.filter { !$0.form.dataSources.isEmpty }
        if !withSources.isEmpty {
            blocks.append("## Data sources")
            blocks.append(withSources.map { country in
                let sources = country.form.dataSources.map { source in
                    "\(Markdown.code(source.id)) (GET \(Markdown.code(source.endpoint))) fills \(source.fields.map { Markdown.code($0) }.joined(separator: ", "))"
                }
                return "- **\(country.code):** " + sources.joined(separator: "; ")
            }.joined(separator: "\n"))
        }
        let withRules = countries.filter { !$0.form.rules.isEmpty }
        if !withRules.isEmpty {
            blocks.append("## Rules")
            blocks.append(withRules.map { country in
                let wording = RuleWording(form: country.form)
                return "- **\(country.code):** " + country.form.rules.map(wording.sentence).joined(separator: " ")
            }.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Field ids, those more countries ask for first; ties in the order the countries list them.
    static func fieldIDs(_ countries: [CountryForm]) -> [String] {
        var order: [String] = []
        var count: [String: Int] = [:]
        for country in countries {
            for field in country.form.allFields {
                if count[field.id] == nil { order.append(field.id) }
                count[field.id, default: 0] += 1
            }
        }
        return order.enumerated().sorted { (-count[$0.element]!, $0.offset) < (-count[$1.element]!, $1.offset) }.map(\.element)
    }
}
