extension Form {
    /// The form in another language: its fields' texts and messages where the config gives them, the rest as
    /// written, and formgen's own messages from that language's table.
    public func translated(to language: String) -> Form {
        var form = self
        form.language = language
        form.pages = pages.map { page in
            var copy = page
            copy.items = page.items.map { $0.translated(to: language) }
            return copy
        }
        form.submission = submission.translated(to: language)
        return form
    }
}
