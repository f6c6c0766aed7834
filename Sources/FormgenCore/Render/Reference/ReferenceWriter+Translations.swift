import Foundation

extension ReferenceWriter {
    /// `## Translations` for a form published in several languages: each language's page, and every text the config
    /// does not give in a language (its key, the text shown instead and where it is written); nothing for one language.
    func translations() -> [String] {
        guard form.alternates.count > 1 else { return [] }
        let root = PageRenderer.rootPrefix(for: form.path + "/reference")
        var lines = ["The form is published in \(form.alternates.count) languages: "
            + form.alternates.map { "[\(Markdown.escape($0.language))](\(root)\($0.path)/)" }.joined(separator: ", ") + "."]
        let defaultLanguage = form.alternates[0].language
        for alternate in form.alternates.dropFirst() {
            let missing = form.untranslated(in: alternate.language)
            guard !missing.isEmpty else {
                lines.append("Every text has its \(Markdown.code(alternate.language)) translation.")
                continue
            }
            var table = ["Untranslated into \(Markdown.code(alternate.language)) (the \(Markdown.code(defaultLanguage)) text is shown):", "",
                         "| Key | Text shown | Written at |", "| --- | --- | --- |"]
            for text in missing {
                let file = (text.location.file as NSString).lastPathComponent
                table.append("| \(Markdown.code(text.key, inTable: true)) | \(Markdown.escape(text.text)) | \(Markdown.code("\(file):\(text.location.line):\(text.location.column)", inTable: true)) |")
            }
            lines.append(table.joined(separator: "\n"))
        }
        return ["## Translations"] + lines
    }
}
