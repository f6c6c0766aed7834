/// Writes the reference page of one form: every field with its type, whether it is required, its checks in plain
/// words with their messages, the rules that show, hide, require or unrequire it, its data source; then the rules,
/// data sources and submission settings.
///
/// The page is a `ReferenceDocument`, so every config string stays text and the structure is the writer's alone.
public struct ReferenceWriter {
    public let form: Form
    let wording: RuleWording
    /// The repeating section each item field belongs to (`Form.repeatOf`, found once per page, not per field).
    let repeatOwners: [String: String]
    /// The tables formgen's messages come from.
    let tables: MessageTables

    public init(form: Form, tables: MessageTables = .builtin) {
        self.form = form
        self.tables = tables
        wording = RuleWording(form: form)
        repeatOwners = form.repeatOf
    }

    /// The page's title.
    public var title: String { "Field reference: \(form.title)" }

    /// The reference page, as Markdown.
    public func markdown() -> String { document().markdown() }

    /// The reference page.
    func document() -> ReferenceDocument {
        var anchors = HeadingAnchors()
        var document = ReferenceDocument()
        document.heading(1, .text(title))
        anchors.add("Field reference: \(form.title)")
        let inputs = form.inputFields
        document.paragraph("""
        This page describes every field of \(.link("the form", to: "../")): \(inputs.count) field\(words: inputs.count == 1 ? "" : "s") \
        to fill in on \(form.pages.count) page\(words: form.pages.count == 1 ? "" : "s"). A back end can check a submission \
        with the \(.link("JSON Schema", to: "../schema.json")) or with \(code: "formgen validate \(form.id) DATA.json").
        """)

        var fieldBlocks: [ReferenceDocument.Block] = []
        var table = ReferenceDocument.Table(header: ["Field", "Id", "Type", "Required", "Shown", "Submitted as"])
        anchors.add("Fields")
        for (index, page) in form.pages.enumerated() {
            if form.pages.count > 1 || page.title != nil {
                let number = "Page \(index + 1)"
                let heading = page.title.map { $0 == number ? number : "\(number): \($0)" } ?? number
                anchors.add(heading)
                fieldBlocks.append(.heading(level: 2, .text(heading)))
            }
            for (field, sections) in Self.fields(of: page.items, in: []) {
                let heading = headingText(field)
                let anchor = anchors.add(heading)
                fieldBlocks += describe(field, sections: sections)
                table.rows.append(row(field, anchor: anchor))
            }
        }
        document.heading(2, "Fields")
        document.table(table)
        document.blocks += fieldBlocks
        if !form.rules.isEmpty {
            document.heading(2, "Rules")
            document.blocks.append(.numberedList(form.rules.map { (wording.sentence(for: $0), []) }))
        }
        if let lists = repeatingSections() {
            anchors.add("Repeating sections")
            document.heading(2, "Repeating sections")
            document.blocks.append(.bulletList(lists))
        }
        if hasJourneySection {
            anchors.add("Journey")
            document.heading(2, "Journey")
            document.blocks += journey()
        }
        if !form.dataSources.isEmpty {
            document.heading(2, "Data sources")
            document.blocks += dataSources()
        }
        document.heading(2, "Submission")
        document.paragraph(submission())
        document.blocks += translations()
        return document
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

    private func heading(_ field: Field) -> ReferenceInline {
        field.label.isEmpty ? .code(field.id) : "\(text: field.label) (\(code: field.id))"
    }

    // MARK: Summary table

    private func row(_ field: Field, anchor: String) -> [ReferenceInline] {
        [
            .link(.text(field.label.isEmpty ? field.id : field.label), to: "#\(anchor)"),
            .code(field.id),
            .words(field.type.rawValue),
            .words(field.kind.isDisplayOnly ? "—" : requiredSummary(field)),
            .words(rulesTargeting(field, actions: [.show, .hide]).isEmpty ? "always" : "by a rule"),
            Self.submittedAs(field),
        ]
    }

    private func requiredSummary(_ field: Field) -> String {
        if Self.isUnchecked(field) { return field.required ? "yes, filled in (read-only)" : "no (read-only)" }
        let base = field.required ? "yes" : "no"
        return rulesTargeting(field, actions: [.require, .unrequire]).isEmpty ? base : "\(base), or by a rule"
    }

    /// The JSON a submission carries for the field, in words.
    static func submittedAs(_ field: Field) -> ReferenceInline {
        switch field.kind {
        case .display: return "not submitted"
        case .checkbox: return "\(code: "true") or \(code: "false")"
        case .checkboxGroup: return "a list of strings"
        case .file: return field.upload?.multiple == true ? "a list of file details \(code: "{name, size, type}")" : "file details \(code: "{name, size, type}")"
        case .grid: return field.multiple ? "an object of row id → a list of columns" : "an object of row id → column"
        case .scale:
            guard let range = field.scale else { return "a whole number" }
            return "a whole number from \(code: String(range.min)) to \(code: String(range.max))"
        default:
            if field.type == .number { return "a number" }
            return field.type == .yesno ? "\(code: "\"Yes\"") or \(code: "\"No\"")" : "a string"
        }
    }

    // MARK: One field

    private func describe(_ field: Field, sections: [String]) -> [ReferenceDocument.Block] {
        var blocks: [ReferenceDocument.Block] = [.heading(level: 3, heading(field))]
        if field.kind.isDisplayOnly {
            blocks.append(.paragraph("Type: \(words: field.type.rawValue). Shown on the page only; not submitted."))
            return blocks
        }
        var facts: [ReferenceInline] = ["\(.strong("Type:")) \(words: field.type.rawValue), submitted as \(Self.submittedAs(field))."]
        facts.append("\(.strong("Required:")) \(words: field.required ? "yes" : "no").")
        if let fact = repeatFact(field) { facts.append(fact) }
        if let fact = fileFact(field) { facts.append(fact) }
        if !sections.isEmpty { facts.append("\(.strong("Section:")) \(sections.map(ReferenceInline.text).joined(separator: " › ")).") }
        if let source = field.dataSource {
            facts.append("\(.strong("Filled from:")) the data source \(code: source); read-only, so only its presence is checked.")
        } else if field.readOnly {
            facts.append("\(.strong("Read-only:")) only its presence is checked.")
        }
        if let options = optionsText(field) { facts.append("\(.strong("Options:")) \(options)") }
        if field.kind == .grid {
            facts.append("\(.strong("Rows:")) \(Self.choiceList(field.rows)) Each is posted as \(code: "\(field.id).<row>") without JavaScript.")
            facts.append("\(.strong("Columns:")) \(Self.choiceList(field.options))")
        }
        if let range = field.scale {
            var ends: [ReferenceInline] = []
            if let label = range.minLabel { ends.append("\(code: String(range.min)) \(text: label)") }
            if let label = range.maxLabel { ends.append("\(code: String(range.max)) \(text: label)") }
            if !ends.isEmpty { facts.append("\(.strong("Ends:")) \(ends.joined(separator: ", ")).") }
        }
        if field.other != nil {
            facts.append("\(.strong("Other:")) choosing \(code: OtherChoice.value) asks what it is in \(code: OtherChoice.textFieldID(for: field.id)).")
        }
        if let owner = field.otherOf {
            facts.append("\(.strong("Other of:")) the text of \(code: owner)'s \(code: OtherChoice.value), asked (and required) only when it is chosen.")
        }
        if field.searches {
            let synonyms = field.options.filter { !$0.synonyms.isEmpty }.count
            let how: ReferenceInline = field.search == nil ? "on, as the list has more than \(Field.searchThreshold) options" : "on"
            facts.append("\(.strong("Search:")) \(how); type to filter, arrow keys and Enter to choose\(synonyms > 0 ? ReferenceInline(", matching \(synonyms) option\(synonyms == 1 ? "" : "s") on \(synonyms == 1 ? "its" : "their") synonyms too") : ""). Without JavaScript, the list.")
        }
        if let rule = FieldCount.rule(of: field) {
            facts.append("\(.strong("Count:")) shows the \(rule.name == "maxWords" ? "words" : "characters") left of \(rule.limit) as the person types.")
        }
        if let value = field.defaultValue { facts.append("\(.strong("Default:")) \(code: value).") }
        if let reason = field.sensitivityReason { facts.append("\(.strong("Never saved:")) kept out of browser drafts (\(words: reason)).") }
        blocks.append(.paragraph(facts.joined(separator: .lineBreak)))
        let checks = self.checks(field)
        if !checks.isEmpty {
            blocks.append(.table(ReferenceDocument.Table(header: ["Check", "Message"], rows: checks.map { [$0.check, Self.shown($0.message)] })))
        }
        let effects = rulesTargeting(field, actions: VisibilityRule.Action.allCases).map { wording.effect(of: $0, on: field.id) }
        if !effects.isEmpty { blocks.append(.paragraph(effects.joined(separator: .lineBreak))) }
        return blocks
    }

    /// `id` (Label), … as the options list writes them.
    static func choiceList(_ entries: [FieldOption]) -> ReferenceInline {
        entries.map { entry -> ReferenceInline in
            entry.label == entry.value ? .code(entry.value) : "\(code: entry.value) (\(text: entry.label))"
        }.joined(separator: ", ") + "."
    }

    private func optionsText(_ field: Field) -> ReferenceInline? {
        if let source = field.optionsSource {
            return "from the data source \(code: source.dataSource) (value \(code: source.valueKey), label \(code: source.labelKey))."
        }
        guard field.kind.isChoice, !field.effectiveOptions.isEmpty else { return nil }
        return field.effectiveOptions.map { option -> ReferenceInline in
            let shown: ReferenceInline = option.label == option.value ? .code(option.value) : "\(code: option.value) (\(text: option.label))"
            return option.exclusive == true ? "\(shown), only on its own" : shown
        }.joined(separator: ", ") + "."
    }

    /// Read-only and prefilled fields are filled in for the person: the page and `formgen validate` check only that
    /// a required one is there.
    static func isUnchecked(_ field: Field) -> Bool { field.readOnly || field.dataSource != nil }

    /// Every check the page makes on the field, with the message it shows (the default when the config gives none).
    func checks(_ field: Field) -> [(check: ReferenceInline, message: FieldMessages.Text)] {
        guard !field.kind.isDisplayOnly else { return [] }
        let texts = FieldMessages(field: field, form: form, tables: tables)
        if Self.isUnchecked(field) { return field.required ? [(ReferenceInline("Filled in"), texts.format("readOnlyMissing"))] : [] }
        var checks: [(check: ReferenceInline, message: FieldMessages.Text)] = []
        if field.required { checks.append(("Required", texts.required)) }
        let hasMaskRule = field.validations.contains { $0.name == "mask" }
        for check in texts.formatChecks where !(check == "mask" && hasMaskRule) {
            let name: ReferenceInline
            switch check {
            case "number": name = "A number"
            case "date": name = "A real date, written YYYY-MM-DD"
            case "option": name = field.kind == .grid ? "Only its rows and columns" : "One of the options"
            case "gridRow": name = "Every row answered, when required"
            case "scale": name = "A whole number within the scale"
            case "exclusive": name = "\(code: field.options.first { $0.exclusive == true }?.value ?? "") not with another option"
            default: name = wording.check(.mask(field.mask ?? ""))
            }
            checks.append((name, texts.format(check)))
        }
        for rule in field.validations {
            let value = Messages.ruleValue(rule.kind, dateText: RuleWording.date)
            checks.append((wording.check(rule.kind), texts.rule(rule, value: value)))
        }
        if field.type == .email, !field.validations.contains(where: { $0.name == "email" }) {
            checks.append((wording.check(.email), texts.format("email")))
        }
        return checks
    }

    /// A message as the page lists it, formgen's own marked *(default)*.
    private static func shown(_ message: FieldMessages.Text) -> ReferenceInline {
        message.isDefault ? "\(text: message.text) \(.emphasis("(default)"))" : .text(message.text)
    }

    private func rulesTargeting(_ field: Field, actions: [VisibilityRule.Action]) -> [VisibilityRule] {
        form.rules.filter { rule in
            rule.targets.contains(field.id) && (actions.contains(rule.action) || rule.otherwise.map(actions.contains) == true)
        }
    }

    // MARK: Form-wide sections

    private func dataSources() -> [ReferenceDocument.Block] {
        var table = ReferenceDocument.Table(header: ["Data source", "Endpoint", "Fills"])
        for source in form.dataSources {
            var uses = source.fields.map { wording.fieldName($0) + " (\(code: $0))" }
            let optionUsers = form.allFields.filter { $0.optionsSource?.dataSource == source.id }
            uses += optionUsers.map { "options of " + wording.fieldName($0.id) }
            table.rows.append([.code(source.id), "GET \(code: source.endpoint)", uses.isEmpty ? "—" : uses.joined(separator: ", ")])
        }
        var blocks: [ReferenceDocument.Block] = [.table(table), .paragraph("The page makes one request per data source and fills the fields with the values of the answer's keys of the same name.")]
        let withCookies = form.dataSources.filter { $0.credentials != .sameOrigin }
        if !withCookies.isEmpty {
            blocks.append(.paragraph(withCookies.map { source -> ReferenceInline in "\(code: source.id) is asked with \(code: "credentials: \(source.credentials.rawValue)")." }.joined(separator: " ")))
        }
        return blocks
    }

    private func submission() -> ReferenceInline {
        let submit = form.submission
        var lines: [ReferenceInline] = []
        if let action = submit.action(forPath: form.path) {
            let encoding: ReferenceInline = submit.encoding == .json ? "as JSON (\(code: "application/json"))" : "as a form (\(code: "application/x-www-form-urlencoded"))"
            lines.append("The answers are sent with \(words: submit.method.uppercased()) to \(code: action) \(encoding).")
        } else {
            lines.append("The form has no \(code: "submit.action"): the page shows the collected answers as JSON.")
        }
        if let message = submit.successMessage { lines.append("On success it says: “\(text: message)”.") }
        if let redirect = submit.redirect { lines.append("On success it goes to \(code: redirect).") }
        if submit.credentials != .sameOrigin { lines.append("The post is sent with \(code: "credentials: \(submit.credentials.rawValue)").") }
        if let session = form.requiresSession {
            lines.append("The page needs a session: on load it asks the data source \(code: session.check), and an answer of 401 or 403 sends the person to \(code: session.elseGoTo) (with JavaScript only).")
        }
        if let logout = form.logout { lines.append("Its Log out button posts to \(code: logout.endpoint), then goes to \(code: logout.goTo).") }
        lines.append("Fields that are hidden, display-only or left empty are not submitted.")
        return lines.joined(separator: " ")
    }
}

/// The anchors a rendered page will give its headings, in document order, so that a writer can link to them.
struct HeadingAnchors {
    private var ids = UniqueIDs(reserved: DocPage.reservedIDs)

    @discardableResult
    mutating func add(_ plainText: String) -> String {
        ids.make(Markdown.slug(Self.folded(plainText)))
    }

    /// The text as a heading shows it once escaped: line breaks folded as `Markdown.escape` folds them, ends trimmed.
    static func folded(_ text: String) -> String {
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           first.value > 0x20, first.value < 0x7F, last.value > 0x20, last.value < 0x7F,
           !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return text
        }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                if output.last != " " { output.append(" ") }
            } else {
                output.append(scalar)
            }
        }
        return String(output).trimmingCharacters(in: .whitespaces)
    }
}
