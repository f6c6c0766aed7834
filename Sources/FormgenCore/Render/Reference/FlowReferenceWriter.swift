/// Writes the reference page of a country flow: which fields each country asks for, and how their checks differ,
/// side by side. Config strings stay text (see `ReferenceDocument`).
public struct FlowReferenceWriter {
    public let flow: CountryFlow
    /// The tables formgen's messages come from.
    let tables: MessageTables

    public init(flow: CountryFlow, tables: MessageTables = .builtin) {
        self.flow = flow
        self.tables = tables
    }

    public var title: String { "Field reference: \(flow.title)" }

    /// The reference page, as Markdown.
    public func markdown() -> String { document().markdown() }

    /// The reference page.
    func document() -> ReferenceDocument {
        let countries = flow.countries
        var document = ReferenceDocument()
        document.heading(1, .text(title))
        document.paragraph("""
        Each country has its own form. This page compares them; each country's reference lists every check \
        with its message, and each country's JSON Schema describes its submission.
        """)
        var list = ReferenceDocument.Table(header: ["Country", "Language", "Form", "Reference", "JSON Schema"])
        for country in countries {
            let folder = "../\(country.code.lowercased())/"
            list.rows.append(["\(words: country.code) \(text: country.name)", .code(country.form.language), .link(.text(country.form.title), to: folder),
                              .link("reference", to: "\(folder)reference/"), .link("schema.json", to: "\(folder)schema.json")])
        }
        document.table(list)
        guard !countries.isEmpty else { return document }

        let ids = Self.fieldIDs(countries)
        let fieldsByID = countries.map { country in
            Dictionary(country.form.allFields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let header = ["Field"] + countries.map { ReferenceInline.words($0.code) }
        let centred = Set(1...countries.count)

        document.heading(2, "Which fields each country asks for")
        document.paragraph("Each cell gives the field's label in that country; “required” when it must be filled in, “—” when the country does not ask for it.")
        var asked = ReferenceDocument.Table(header: header, centred: centred)
        for id in ids {
            let cells = countries.indices.map { index -> ReferenceInline in
                guard let field = fieldsByID[index][id] else { return "—" }
                var cell: ReferenceInline = field.label.isEmpty ? .words(field.type.rawValue) : .text(field.label)
                var notes: [ReferenceInline] = []
                if field.kind.isDisplayOnly { notes.append("not submitted") }
                else if field.dataSource != nil { notes.append("from \(code: field.dataSource ?? ""), read-only") }
                else if field.required { notes.append("required") }
                if !notes.isEmpty { cell += " (\(notes.joined(separator: ", ")))" }
                return cell
            }
            asked.rows.append([.code(id)] + cells)
        }
        document.table(asked)

        document.heading(2, "How their checks differ")
        document.paragraph("Each cell lists the field's type and checks in that country; messages are on each country's reference.")
        let writers = Dictionary(countries.map { ($0.code, ReferenceWriter(form: $0.form, tables: tables)) }, uniquingKeysWith: { first, _ in first })
        var rules = ReferenceDocument.Table(header: header, centred: centred)
        for id in ids {
            let cells = countries.indices.map { index -> ReferenceInline in
                guard let field = fieldsByID[index][id] else { return "—" }
                let writer = writers[countries[index].code]!
                let checks: [ReferenceInline] = (ReferenceWriter.isUnchecked(field) ? ["read-only"] : []) + writer.checks(field).map(\.check)
                return ([.words(field.type.rawValue)] + checks).joined(separator: "; ")
            }
            rules.rows.append([.code(id)] + cells)
        }
        document.table(rules)

        let withSources = countries.filter { !$0.form.dataSources.isEmpty }
        if !withSources.isEmpty {
            document.heading(2, "Data sources")
            document.blocks.append(.bulletList(withSources.map { country in
                let sources = country.form.dataSources.map { source -> ReferenceInline in
                    "\(code: source.id) (GET \(code: source.endpoint)) fills \(source.fields.map { ReferenceInline.code($0) }.joined(separator: ", "))"
                }
                return "\(.strong("\(words: country.code):")) " + sources.joined(separator: "; ")
            }))
        }
        let withRules = countries.filter { !$0.form.rules.isEmpty }
        if !withRules.isEmpty {
            document.heading(2, "Rules")
            document.blocks.append(.bulletList(withRules.map { country in
                let wording = RuleWording(form: country.form)
                return "\(.strong("\(words: country.code):")) " + country.form.rules.map(wording.sentence).joined(separator: " ")
            }))
        }
        return document
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
