extension PageRenderer {
    /// A repeating section's view: `max(min, 1)` items (an optional list's one item marked "(optional)"), each a `fieldset` whose fields are named and identified
    /// `id[index].field` (so ids, `for`s and names are unique per item and a form posted without JavaScript
    /// carries every item), with Add and Remove buttons the runtime shows. An item field a rule may hide gets no
    /// native `required`, as outside repeating sections.
    func repeatContext(_ section: Section, form: Form, reveals: Reveals) -> [String: TemplateValue] {
        let spec = FormSpec.FieldSpec(repeating: section, policy: section.repeat ?? RepeatPolicy(at: form.location), form: form, tables: theme.messages)
        let policy = spec.repeat
        let id = section.id ?? ""
        let count = section.repeat?.initialItems ?? 1
        // An optional list (`min: 0`) draws one item for a page without JavaScript, which may be left empty: its fields
        // are required only once one of them is answered (the server's check), so none is natively `required`.
        let optional = section.repeat?.min == 0
        let asked = section.itemFields.map(\.id).filter { optional || reveals.sometimesAsked.contains($0) }
        let optionalText = optional ? " " + (theme.messages.table(for: form.language)["optional"] ?? "") : ""
        let entries: [[String: TemplateValue]] = (0..<count).map { index in
            let renamed = section.items.map { item in
                item.mappingFields { $0.id = FormSpec.itemKey(id, index, $0.id) }
            }
            var inItem = reveals
            inItem.sometimesAsked.formUnion(asked.map { FormSpec.itemKey(id, index, $0) })
            return [
                "index": .number(index),
                "legend": .text(Messages.format(policy?.itemLabel ?? "", ["n": String(index + 1)]) + optionalText),
                "items": .objects(items(renamed, form: form, reveals: inItem)),
            ]
        }
        return [
            "id": .text(id),
            "title": .text(section.title),
            "titleHidden": false,
            "descriptionHTML": .text(section.description.map(Markdown.html)),
            "addLabel": .text(policy?.addLabel ?? ""),
            "removeLabel": .text(policy?.removeLabel ?? ""),
            "entries": .objects(entries),
        ]
    }
}
