import Foundation

extension ReferenceWriter {
    /// `## Translations` for a form published in several languages: each language's page, and every text the config
    /// does not give in a language (its key, the text shown instead and where it is written); nothing for one language.
    func translations() -> [ReferenceDocument.Block] {
        guard form.alternates.count > 1 else { return [] }
        let root = PageRenderer.rootPrefix(for: form.path + "/reference")
        var blocks: [ReferenceDocument.Block] = [.heading(level: 2, "Translations")]
        blocks.append(.paragraph("The form is published in \(form.alternates.count) languages: "
            + form.alternates.map { ReferenceInline.link(.text($0.language), to: "\(root)\($0.path)/") }.joined(separator: ", ") + "."))
        let defaultLanguage = form.alternates[0].language
        for alternate in form.alternates.dropFirst() {
            let missing = form.untranslated(in: alternate.language)
            guard !missing.isEmpty else {
                blocks.append(.paragraph("Every text has its \(code: alternate.language) translation."))
                continue
            }
            blocks.append(.paragraph("Untranslated into \(code: alternate.language) (the \(code: defaultLanguage) text is shown):"))
            var table = ReferenceDocument.Table(header: ["Key", "Text shown", "Written at"])
            for text in missing {
                let file = (text.location.file as NSString).lastPathComponent
                table.rows.append([.code(text.key), .text(text.text), .code("\(file):\(text.location.line):\(text.location.column)")])
            }
            blocks.append(.table(table))
        }
        return blocks
    }
}
