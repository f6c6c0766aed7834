extension ReferenceWriter {
    /// The "Repeating sections" list: each list's key, its item counts and its item fields.
    func repeatingSections() -> [ReferenceInline]? {
        let sections = form.repeatingSections.filter { $0.id != nil }
        guard !sections.isEmpty else { return nil }
        return sections.map { section in
            let id = section.id ?? ""
            let policy = section.repeat ?? RepeatPolicy(at: SourceLocation(file: "", line: 0, column: 0))
            let counts = policy.max.map { "\(policy.min) to \($0) items" } ?? "\(policy.min) or more items"
            let fields = section.itemFields.filter { !$0.kind.isDisplayOnly }.map { ReferenceInline.code($0.id) }.joined(separator: ", ")
            let title: ReferenceInline = section.title.map { "\(text: $0) " } ?? ""
            return "\(title)(\(code: id)): submitted as a list of \(words: counts), each an object of \(fields)"
                + " (errors name a field of an item as \(code: FormSpec.itemKey(id, 0, section.itemFields.first?.id ?? "field")), counting from 0)."
        }
    }

    /// What a file field takes: its types, its size limit, how many files; sent as multipart/form-data.
    func fileFact(_ field: Field) -> ReferenceInline? {
        guard let upload = field.upload else { return nil }
        var parts: [ReferenceInline] = [upload.accept.isEmpty ? "any type" : upload.accept.map { ReferenceInline.code($0) }.joined(separator: ", ")]
        if let size = upload.maxSize { parts.append("at most \(words: UploadRules.sizeText(size)) each") }
        parts.append(.words(upload.multiple ? upload.maxFiles.map { "up to \($0) files" } ?? "any number of files" : "one file"))
        return "\(.strong("Files:")) \(parts.joined(separator: "; ")); the page sends the form as \(code: "multipart/form-data"), and a server checks the type by the file's bytes."
    }

    /// The fact a field inside a repeating section adds to its description.
    func repeatFact(_ field: Field) -> ReferenceInline? {
        guard let owner = repeatOwners[field.id] else { return nil }
        return "\(.strong("Repeats:")) once in each item of the list \(code: owner), as \(code: FormSpec.itemKey(owner, 0, field.id)), \(code: FormSpec.itemKey(owner, 1, field.id)), …"
    }
}
