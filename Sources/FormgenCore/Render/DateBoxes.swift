/// GOV.UK's date input (`dateStyle: boxes`): day, month and year boxes in a fieldset, with their labels and hint
/// in the page's language and the native constraints that check them without JavaScript.
struct DateBoxes {
    let field: Field
    let language: String
    /// The tables the boxes' words come from.
    let tables: MessageTables

    /// The three parts: name suffix, HTML pattern (1–31, 1–12, four digits) and size class.
    static let parts: [(part: String, pattern: String, maxLength: Int)] = [
        ("day", "0?[1-9]|[12][0-9]|3[01]", 2),
        ("month", "0?[1-9]|1[0-2]", 2),
        ("year", "[0-9]{4}", 4),
    ]

    private var words: (day: String, month: String, year: String, hint: String) {
        let texts = tables.table(for: language)
        return (texts["dateDay"] ?? "", texts["dateMonth"] ?? "", texts["dateYear"] ?? "", texts["dateHint"] ?? "")
    }

    /// The hint under the legend: the field's own help, else the example date.
    var hintHTML: String {
        field.help.map(Markdown.inlineHTML) ?? HTMLEscaping.escape(words.hint)
    }

    /// One box: its part (`day`), id, name, label and attributes as escaped HTML.
    struct Box {
        let part: String
        let id: String
        let name: String
        let label: String
        let attributes: String
    }

    /// The three boxes, in order.
    func parts(required: Bool, readOnly: Bool, autocomplete: String?) -> [Box] {
        let labels = [words.day, words.month, words.year]
        let value = field.defaultValue.flatMap(CalendarDate.init(iso:))
        let values = value.map { [String($0.day), String($0.month), String(format: "%04d", $0.year)] }
        return Self.parts.enumerated().map { index, part in
            var html = " inputmode=\"numeric\" pattern=\"\(part.pattern)\" maxlength=\"\(part.maxLength)\""
            if required { html += " required" }
            if readOnly { html += " readonly" }
            if autocomplete == "bday" { html += " autocomplete=\"bday-\(part.part)\"" }
            if let values { html += " value=\"\(values[index])\"" }
            return Box(part: part.part, id: "f-\(field.id)-\(part.part)", name: "\(field.id)-\(part.part)", label: labels[index], attributes: html)
        }
    }

    /// One entry per box: `boxId`, `boxLabel`, `part` and its attributes as escaped HTML.
    func boxes(required: Bool, readOnly: Bool, autocomplete: String?) -> [[String: TemplateValue]] {
        parts(required: required, readOnly: readOnly, autocomplete: autocomplete).map { box in
            ["part": .text(box.part), "boxId": .text(box.id), "boxName": .text(box.name), "boxLabel": .text(box.label),
             "boxAttributes": .text(box.attributes)]
        }
    }
}
