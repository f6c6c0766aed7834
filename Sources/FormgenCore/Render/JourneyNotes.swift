/// The journey in words for a page without JavaScript, where every page shows at once: "Skip this page if you
/// answered “No” to “Do you have pets?”." on the pages a branch jumps over, and "This applies if …:" on an exit page
/// for each branch that leads to it. Plain text in the form's language (the theme escapes it).
struct JourneyNotes {
    /// Notes by page index.
    let byPage: [Int: [String]]
    /// Pages a branch can jump over.
    let skippable: Set<Int>

    init(form: Form, tables: MessageTables) {
        let texts = tables.table(for: form.language)
        let fields = Dictionary(form.allFields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let graph = form.journeyGraph
        var notes: [Int: [String]] = [:]
        var skippable: Set<Int> = []
        for (number, page) in form.pages.enumerated() {
            for (position, branch) in page.next.enumerated() {
                guard let goal = graph.forwardTarget(from: number, branch: position) else { continue }
                let condition = Self.condition(branch, field: fields[branch.field], texts: texts)
                for skipped in (number + 1)..<goal where !form.pages[skipped].isExit {
                    skippable.insert(skipped)
                    notes[skipped, default: []].append(Messages.format(texts["journeySkip"] ?? "", ["condition": condition]))
                }
                if goal < form.pages.count, form.pages[goal].isExit {
                    notes[goal, default: []].append(Messages.format(texts["journeyExit"] ?? "", ["condition": condition]))
                }
            }
        }
        byPage = notes.mapValues(Self.uniqued)
        self.skippable = skippable
    }

    /// "you answered “No” to “Do you have pets?”", option labels for values.
    static func condition(_ branch: PageBranch, field: Field?, texts: [String: String]) -> String {
        let quote = { (text: String) in Messages.format(texts["quoted"] ?? "“{label}”", ["label": text]) }
        let label = quote(field?.label.isEmpty == false ? field!.label : branch.field)
        let shown = branch.values.map { value in quote(field?.effectiveOptions.first { $0.value == value }?.label ?? value) }
        let value = shown.joined(separator: texts["answerOr"] ?? " or ")
        let key: String
        switch branch.condition {
        case .equals, .in: key = "answerIs"
        case .notEquals, .notIn: key = "answerIsNot"
        case .empty: key = "answerEmpty"
        case .notEmpty: key = "answerGiven"
        case .greaterThan: key = "answerAbove"
        case .lessThan: key = "answerBelow"
        }
        let number = branch.values.first ?? ""
        let isNumeric = branch.condition == .greaterThan || branch.condition == .lessThan
        return Messages.format(texts[key] ?? "", ["label": label, "value": isNumeric ? number : value])
    }

    /// The strings in order, each once.
    static func uniqued(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
