/// Writes the reference page of one form as Markdown: every field with its type, whether it is
/// required, its checks in plain words with their messages, the rules that show, hide, require or
/// unrequire it, its data source; then the rules, data sources and submission settings.
///
/// Every config string is escaped, so the document's structure is the writer's alone.
public struct ReferenceWriter {
    public let form: Form
    let wording: RuleWording

    public init(form: Form) {
        self.form = form
        wording = RuleWording(form: form)
    }

    /// The page's title.
    public var title: String { "Field reference: \(form.title)" }

    /// The reference page, as Markdown.
    public func markdown() -> String {
        var anchors = HeadingAnchors()
        var blocks = ["# \(Markdown.escape(title))"]
        anchors.add("Field reference: \(form.title)")
        let inputs = form.inputFields
        blocks.append("""
        This page describes every field of [the form](../): \(inputs.count) field\(inputs.count == 1 ? "" : "s") \
        to fill in on \(form.pages.count) page\(form.pages.count == 1 ? "" : "s"). A back end can check a submission \
        with the [JSON Schema](../schema.json) or with \(Markdown.code("formgen validate \(form.id) DATA.json")).
        """)

        var fieldBlocks: [String] = []
        var rows: [String] = []
        anchors.add("Fields")
        for (index, page) in form.pages.enumerated() {
            if form.pages.count > 1 || page.title != nil {
                let number = "Page \(index + 1)"
                let heading = page.title.map { $0 == number ? number : "\(number): \($0)" } ?? number
                anchors.add(heading)
                fieldBlocks.append("## \(Markdown.escape(heading))")
            }
            for (field, sections) in Self.fields(of: page.items, in: []) {
                let heading = headingText(field)
                let anchor = anchors.add(heading)
                fieldBlocks.append(contentsOf: describe(field, sections: sections))
                rows.append(row(field, anchor: anchor))
            }
        }
        blocks.append("## Fields")
        blocks.append((["| Field | Id | Type | Required | Shown | Submitted as |", "| --- | --- | --- | --- | --- | --- |"] + rows).joined(separator: "\n"))
        blocks += fieldBlocks
        if !form.rules.isEmpty {
            blocks.append("## Rules")
            blocks.append(form.rules.enumerated().map { "\($0.offset + 1). \(wording.sentence(for: $0.element))" }.joined(separator: "\n"))
        }
        if let lists = repeatingSections() {
            anchors.add("Repeating sections")
            blocks.append("## Repeating sections")
            blocks.append(lists)
        }
        if hasJourneySection {
            anchors.add("Journey")
            blocks.append("## Journey")
            blocks.append(journey())
        }
        if !form.dataSources.isEmpty {
            blocks.append("## Data sources")
            blocks.append(dataSources())
        }
        blocks.append("## Submission")
        blocks.append(submission())
        blocks += translations()
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Fields in page order with the titles of the sections around them.
    static func fields(of items: [FormItem], in sections: [String]) -> [(Field, [String])] {
        items.flatMap { item -> [(Field, [String])] in
            switch item {
            case .field(let field): return [(field, sections)]
            case .section(let section): return fields(of: section.items, in: sections + [section.title].compactMap { $0 })
            }
        }
    }

    private func headingText(_ field: Field) -> String {
        field.label.isEmpty ? field.id : "\(field.label) (\(field.id))"
    }

    private func headingMarkdown(_ field: Field) -> String {
        field.label.isEmpty ? Markdown.code(field.id) : "\(Markdown.escape(field.label)) (\(Markdown.code(field.id)))"
    }

    // MARK: Summary table

    private func row(_ field: Field, anchor: String) -> String {
        let name = field.label.isEmpty ? field.id : field.label
        let cells = [
            "[\(Markdown.escape(name))](#\(anchor))",
            Markdown.code(field.id, inTable: true),
            field.type.rawValue,
            field.kind.isDisplayOnly ? "—" : requiredSummary(field),
            rulesTargeting(field, actions: [.show, .hide]).isEmpty ? "always" : "by a rule",
            Self.submittedAs(field),
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    private func requiredSummary(_ field: Field) -> String {
        if Self.isUnchecked(field) { return "not checked (read-only)" }
        let base = field.required ? "yes" : "no"
        return rulesTargeting(field, actions: [.require, .unrequire]).isEmpty ? base : "\(base), or by a rule"
    }

    /// The JSON a submission carries for the field, in words.
    static func submittedAs(_ field: Field) -> String {
        switch field.kind {
        case .display: return "not submitted"
        case .checkbox: return "`true` or `false`"
        case .checkboxGroup: return "a list of strings"
        case .file: return field.upload?.multiple == true ? "a list of file details `{name, size, type}`" : "file details `{name, size, type}`"
        default:
            if field.type == .number { return "a number" }
            return field.type == .yesno ? "`\"Yes\"` or `\"No\"`" : "a string"
        }
    }

    // MARK: One field

    private func describe(_ field: Field, sections: [String]) -> [String] {
        var blocks = ["### \(headingMarkdown(field))"]
        if field.kind.isDisplayOnly {
            blocks.append("Type: \(field.type.rawValue). Shown on the page only; not submitted.")
            return blocks
        }
        let skipped = Self.isUnchecked(field)
        var facts = ["**Type:** \(field.type.rawValue), submitted as \(Self.submittedAs(field))."]
        facts.append("**Required:** \(skipped ? "not checked" : field.required ? "yes" : "no").")
        if let fact = repeatFact(field) { facts.append(fact) }
        if let fact = fileFact(field) { facts.append(fact) }
        if !sections.isEmpty { facts.append("**Section:** \(sections.map(Markdown.escape).joined(separator: " › ")).") }
        if let source = field.dataSource {
            facts.append("**Filled from:** the data source \(Markdown.code(source)); read-only, so the page does not check it.")
        } else if field.readOnly {
            facts.append("**Read-only:** the page does not check it.")
        }
        if let options = optionsText(field) { facts.append("**Options:** \(options)") }
        if let value = field.defaultValue { facts.append("**Default:** \(Markdown.code(value)).") }
        if let reason = Sensitivity.reason(for: field) { facts.append("**Never saved:** kept out of browser drafts (\(reason)).") }
        blocks.append(facts.joined(separator: "  \n"))
        let checks = self.checks(field)
        if !checks.isEmpty {
            blocks.append((["| Check | Message |", "| --- | --- |"] + checks.map { "| \($0.check) | \($0.message) |" }).joined(separator: "\n"))
        }
        let effects = rulesTargeting(field, actions: VisibilityRule.Action.allCases).map { wording.effect(of: $0, on: field.id) }
        if !effects.isEmpty { blocks.append(effects.joined(separator: "  \n")) }
        return blocks
    }

    private func optionsText(_ field: Field) -> String? {
        if let source = field.optionsSource {
            return "from the data source \(Markdown.code(source.dataSource)) (value \(Markdown.code(source.valueKey)), label \(Markdown.code(source.labelKey)))."
        }
        guard field.kind.isChoice, !field.effectiveOptions.isEmpty else { return nil }
        return field.effectiveOptions.map { option in
            option.label == option.value ? Markdown.code(option.value) : "\(Markdown.code(option.value)) (\(Markdown.escape(option.label)))"
        }.joined(separator: ", ") + "."
    }

    /// Read-only and prefilled fields are not checked, on the page or by `formgen validate`.
    static func isUnchecked(_ field: Field) -> Bool { field.readOnly || field.dataSource != nil }

    /// Every check the page makes on the field, with the message it shows (the default when the config gives none).
    func checks(_ field: Field) -> [(check: String, message: String)] {
        guard !Self.isUnchecked(field), !field.kind.isDisplayOnly else { return [] }
        let texts = FieldMessages(field: field, form: form)
        var checks: [(String, String)] = []
        if field.required { checks.append(("Required", Self.shown(texts.required))) }
        let hasMaskRule = field.validations.contains { $0.name == "mask" }
        for check in texts.formatChecks where !(check == "mask" && hasMaskRule) {
            let name: String
            switch check {
            case "number": name = "A number"
            case "date": name = "A real date, written YYYY-MM-DD"
            case "option": name = "One of the options"
            default: name = wording.check(.mask(field.mask ?? ""))
            }
            checks.append((name, Self.shown(texts.format(check))))
        }
        for rule in field.validations {
            let value = Messages.ruleValue(rule.kind, dateText: RuleWording.date)
            checks.append((wording.check(rule.kind), Self.shown(texts.rule(rule, value: value))))
        }
        if field.type == .email, !field.validations.contains(where: { $0.name == "email" }) {
            checks.append((wording.check(.email), Self.shown(texts.format("email"))))
        }
        return checks
    }

    /// A message as the page lists it: escaped, formgen's own marked *(default)*.
    private static func shown(_ message: FieldMessages.Text) -> String {
        Markdown.escape(message.text) + (message.isDefault ? " *(default)*" : "")
    }

    private func rulesTargeting(_ field: Field, actions: [VisibilityRule.Action]) -> [VisibilityRule] {
        form.rules.filter { rule in
            rule.targets.contains(field.id) && (actions.contains(rule.action) || rule.otherwise.map(actions.contains) == true)
        }
    }

    // MARK: Form-wide sections

    private func dataSources() -> String {
        var lines = ["| Data source | Endpoint | Fills |", "| --- | --- | --- |"]
        for source in form.dataSources {
            let filled = source.fields.map { wording.fieldName($0) + " (" + Markdown.code($0, inTable: true) + ")" }
            var uses = filled
            let optionUsers = form.allFields.filter { $0.optionsSource?.dataSource == source.id }
            uses += optionUsers.map { "options of " + wording.fieldName($0.id) }
            lines.append("| \(Markdown.code(source.id, inTable: true)) | GET \(Markdown.code(source.endpoint, inTable: true)) | \(uses.isEmpty ? "—" : uses.joined(separator: ", ")) |")
        }
        return lines.joined(separator: "\n") + "\n\nThe page makes one request per data source and fills the fields with the values of the answer's keys of the same name."
    }

    private func submission() -> String {
        let submit = form.submission
        var lines: [String] = []
        if let action = submit.action(forPath: form.path) {
            let encoding = submit.encoding == .json ? "as JSON (`application/json`)" : "as a form (`application/x-www-form-urlencoded`)"
            lines.append("The answers are sent with \(submit.method.uppercased()) to \(Markdown.code(action)) \(encoding).")
        } else {
            lines.append("The form has no `submit.action`: the page shows the collected answers as JSON.")
        }
        if let message = submit.successMessage { lines.append("On success it says: “\(Markdown.escape(message))”.") }
        if let redirect = submit.redirect { lines.append("On success it goes to \(Markdown.code(redirect)).") }
        lines.append("Fields that are hidden, display-only or left empty are not submitted.")
        return lines.joined(separator: " ")
    }
}

/// The anchors a rendered page will give its headings, in document order, so that a writer can link to them.
struct HeadingAnchors {
    private var used = DocPage.reservedIDs

    @discardableResult
    mutating func add(_ plainText: String) -> String {
        Markdown.uniqueID(Markdown.slug(Self.folded(plainText)), used: &used)
    }

    /// The text as a heading shows it once escaped: line breaks folded as `Markdown.escape` folds them, ends trimmed.
    static func folded(_ text: String) -> String {
        var output = ""
        for character in text {
            if character == "\n" || character == "\r" || character == "\t" || character == "\r\n" {
                if output.last != " " { output.append(" ") }
            } else {
                output.append(character)
            }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }
}
