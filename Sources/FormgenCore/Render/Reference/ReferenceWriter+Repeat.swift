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

    /// What a file field takes: its types, its size limit, how many files; sent as multipart/form-data.
    func fileFact(_ field: Field) -> String? {
        guard let upload = field.upload else { return nil }
        var parts = [upload.accept.isEmpty ? "any type" : upload.accept.map { Markdown.code($0) }.joined(separator: ", ")]
        if let size = upload.maxSize { parts.append("at most \(UploadRules.sizeText(size)) each") }
        parts.append(upload.multiple ? upload.maxFiles.map { "up to \($0) files" } ?? "any number of files" : "one file")
        return "**Files:** \(parts.joined(separator: "; ")); the page sends the form as `multipart/form-data`, and a server checks the type by the file's bytes."
    }

    /// The fact a field inside a repeating section adds to its description.
    func repeatFact(_ field: Field) -> String? {
        guard let owner = form.repeatOf[field.id] else { return nil }
        return "**Repeats:** once in each item of the list \(Markdown.code(owner)), as \(Markdown.code(FormSpec.itemKey(owner, 0, field.id))), \(Markdown.code(FormSpec.itemKey(owner, 1, field.id))), …"
    }
}
