extension ReferenceWriter {
    /// The "Repeating sections" block: each list's key, its item counts and its item fields.
    func repeatingSections() -> String? {
        let sections = form.repeatingSections.filter { $0.id != nil }
        guard !sections.isEmpty else { return nil }
        return sections.map { section in
            let id = section.id ?? ""
            let policy = section.repeat ?? RepeatPolicy(at: SourceLocation(file: "", line: 0, column: 0))
            let counts = policy.max.map { "\(policy.min) to \($0) items" } ?? "\(policy.min) or more items"
            let fields = section.itemFields.filter { !$0.kind.isDisplayOnly }.map { Markdown.code($0.id) }.joined(separator: ", ")
            let title = section.title.map { Markdown.escape($0) + " " } ?? ""
            return "- \(title)(\(Markdown.code(id))): submitted as a list of \(counts), each an object of \(fields)"
                + " (errors name a field of an item as \(Markdown.code(FormSpec.itemKey(id, 0, section.itemFields.first?.id ?? "field"))), counting from 0)."
        }.joined(separator: "\n")
    }

    /// The fact a field inside a repeating section adds to its description.
    func repeatFact(_ field: Field) -> String? {
        guard let owner = form.repeatOf[field.id] else { return nil }
        return "**Repeats:** once in each item of the list \(Markdown.code(owner)), as \(Markdown.code(FormSpec.itemKey(owner, 0, field.id))), \(Markdown.code(FormSpec.itemKey(owner, 1, field.id))), …"
    }
}
