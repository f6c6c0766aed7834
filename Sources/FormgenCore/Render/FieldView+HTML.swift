/// A field's HTML written in Swift: byte for byte what the built-in `partials/field.mustache` (with `choices`, `grid`,
/// `scale`, `date-boxes`, `checkbox` and `attributes`) writes from ``context``, without building the context. The page
/// renderer uses it only while the theme's field partials are the built-in ones (``Theme/rendersFieldsInSwift``); a
/// site that overrides one gets its templates. `CompiledTemplateTests` and `FieldHTMLTests` hold both paths equal.
extension FieldView {
    /// What a choice group's option reveals: the id of its container and the fields' HTML in it.
    typealias Reveal = (id: String, html: String)

    /// Appends the field's HTML to `out`. `src` is an image's address as the page links it; `choose` the select's
    /// first option (`t.choose`); `reveal` gives an option's reveal by index and value (nil: the field reveals nothing).
    func html(into out: inout String, src: String, choose: String?, reveal: ((Int, String) -> Reveal?)?) {
        let kind = field.kind
        let basics = basics
        if field.type == .image {
            out += "<figure class=\"fg-field fg-image\" id=\"fg-field-"
            out.appendEscaped(field.id)
            out += "\">"
            if field.imageUnavailable {
                out += "<p class=\"fg-image-alt\">"
                out.appendEscaped(field.label)
                out += "</p>"
            } else {
                out += "<img"
                out.appendAttribute("src", src)
                out.appendAttribute("alt", field.label)
                out += " loading=\"lazy\" decoding=\"async\">"
            }
            out += "</figure>\n"
        }
        if field.type == .paragraph {
            out += "<div class=\"fg-field fg-paragraph\" id=\"fg-field-"
            out.appendEscaped(field.id)
            out += "\">"
            out += field.content.map(Markdown.html) ?? ""
            out += "</div>\n"
        }
        // The built-in `field.mustache` writes a line break before each of these partials, none after.
        if kind.isGroup {
            out += "\n"
            choicesHTML(into: &out, basics, inline: field.type == .yesno && reveal == nil, reveal: reveal)
        }
        if kind == .grid {
            out += "\n"
            gridHTML(into: &out, basics)
        }
        if kind == .scale {
            out += "\n"
            scaleHTML(into: &out, basics)
        }
        if let boxes = basics.dateBoxes {
            out += "\n"
            dateBoxesHTML(into: &out, basics, boxes)
        }
        guard basics.isControl else { return }
        out += "<div class=\"fg-field\" id=\"fg-field-"
        out.appendEscaped(field.id)
        out += "\">\n"
        if kind == .checkbox {
            checkboxHTML(into: &out, basics)
        } else {
            out += "<label class=\"fg-label\""
            out.appendAttribute("for", basics.inputID)
            out += ">"
            out.appendEscaped(field.label)
            optional(into: &out, basics)
            out += "</label>\n"
            hint(into: &out, basics)
            error(into: &out, basics)
            if kind == .textarea {
                out += "<textarea class=\"fg-input\""
                out.appendAttribute("id", basics.inputID)
                out.appendAttribute("name", field.id)
                out += " rows=\"5\""
                out += attributes(basics, limits)
                out += ">"
                if let value = field.defaultValue { out.appendEscaped(value) }
                out += "</textarea>\n"
            }
            if kind == .select {
                out += "<select class=\"fg-input fg-select\""
                out.appendAttribute("id", basics.inputID)
                out.appendAttribute("name", field.id)
                out += attributes(basics, limits)
                out += ">\n<option value=\"\">"
                if let choose { out.appendEscaped(choose) }
                out += "</option>\n"
                for choice in choices {
                    out += "<option"
                    out.appendAttribute("value", choice.value)
                    if let synonyms = choice.synonyms { out.appendAttribute("data-fg-synonyms", synonyms) }
                    if choice.selected { out += " selected" }
                    out += ">"
                    out.appendEscaped(choice.label)
                    out += "</option>\n"
                }
                out += "</select>\n"
            }
            if kind == .input || kind == .file {
                out += "<input class=\"fg-input"
                if let width = widthClass {
                    out += " "
                    out.appendEscaped(width)
                }
                out += "\""
                out.appendAttribute("id", basics.inputID)
                out.appendAttribute("name", field.id)
                let type = inputType
                if type != "text" { out.appendAttribute("type", type) }
                if let value = field.defaultValue { out.appendAttribute("value", value) }
                out += attributes(basics, limits)
                out += ">\n"
            }
            if let count = basics.countHint {
                out += "<div class=\"fg-hint fg-count\""
                out.appendAttribute("id", basics.countID)
                out += ">"
                out.appendEscaped(count)
                out += "</div>\n"
            }
        }
        out += "</div>\n"
    }

    /// `partials/checkbox`.
    private func checkboxHTML(into out: inout String, _ basics: Basics) {
        error(into: &out, basics)
        out += "<div class=\"fg-choice\"><input class=\"fg-choice-input\""
        out.appendAttribute("id", basics.inputID)
        out.appendAttribute("name", field.id)
        out += " type=\"checkbox\" value=\"true\""
        if field.defaultValue.map({ ["true", "yes", "on", "1"].contains($0.lowercased()) }) ?? false { out += " checked" }
        if basics.nativeRequired { out += " required" }
        describedBy(into: &out, basics.describedBy)
        out += "><label class=\"fg-choice-label\""
        out.appendAttribute("for", basics.inputID)
        out += ">"
        out.appendEscaped(field.label)
        optional(into: &out, basics)
        out += "</label></div>\n"
        hint(into: &out, basics)
    }

    /// `partials/choices`: a radio or checkbox group, an option's reveal under it.
    private func choicesHTML(into out: inout String, _ basics: Basics, inline: Bool, reveal: ((Int, String) -> Reveal?)?) {
        fieldsetStart(into: &out, basics, classes: "fg-choices", describedBy: basics.describedBy)
        out += "<div class=\"fg-choice-list"
        if inline { out += " fg-inline" }
        out += "\">\n"
        let choiceType = field.kind == .checkboxGroup ? "checkbox" : "radio"
        for (index, choice) in choices.enumerated() {
            if let divider = choice.divider {
                out += "<div class=\"fg-choice-divider\">"
                out.appendEscaped(divider)
                out += "</div>\n"
            }
            let revealed = reveal?(index, choice.value)
            out += "<div class=\"fg-choice\"><input class=\"fg-choice-input\""
            out.appendAttribute("id", choice.optionID)
            out.appendAttribute("name", field.id)
            out += " type=\""
            out += choiceType
            out += "\""
            out.appendAttribute("value", choice.value)
            if choice.checked { out += " checked" }
            if choice.nativeRequired { out += " required" }
            if let revealed { out.appendAttribute("aria-controls", revealed.id) }
            out += "><label class=\"fg-choice-label\""
            out.appendAttribute("for", choice.optionID)
            out += ">"
            out.appendEscaped(choice.label)
            out += "</label></div>\n"
            if let revealed {
                out += "<div class=\"fg-reveal\""
                out.appendAttribute("id", revealed.id)
                out += ">"
                out += revealed.html
                out += "</div>\n"
            }
        }
        out += "\n</div>\n</fieldset>\n</div>"
    }

    /// `partials/grid`: a fieldset per row, a cell per column.
    private func gridHTML(into out: inout String, _ basics: Basics) {
        fieldsetStart(into: &out, basics, classes: "fg-choices fg-grid", describedBy: basics.describedBy)
        out += "<div class=\"fg-grid-head\" aria-hidden=\"true\"><span></span>"
        for column in field.options {
            out += "<span>"
            out.appendEscaped(column.label)
            out += "</span>"
        }
        out += "</div>\n"
        let choiceType = field.multiple ? "checkbox" : "radio"
        let rowRequired = basics.nativeRequired && !field.multiple
        for row in field.rows {
            let key = HTMLEscaping.escape("\(field.id).\(row.value)")
            out += "<div class=\"fg-grid-line\" id=\"fg-field-"
            out += key
            out += "\">\n<fieldset class=\"fg-grid-row\" id=\"f-"
            out += key
            out += "\">\n<legend class=\"fg-grid-legend\">"
            out.appendEscaped(row.label)
            out += "</legend>\n<p class=\"fg-error-message\" id=\"f-"
            out += key
            out += "-error\" hidden></p>\n<div class=\"fg-grid-cells\">\n"
            for (index, column) in field.options.enumerated() {
                out += "<div class=\"fg-choice fg-grid-cell\"><input class=\"fg-choice-input\""
                out.appendAttribute("id", "f-\(field.id).\(row.value)-\(index)")
                out += " name=\""
                out += key
                out += "\" type=\""
                out += choiceType
                out += "\""
                out.appendAttribute("value", column.value)
                if rowRequired { out += " required" }
                out += "><label class=\"fg-choice-label\""
                out.appendAttribute("for", "f-\(field.id).\(row.value)-\(index)")
                out += ">"
                out.appendEscaped(column.label)
                out += "</label></div>\n"
            }
            out += "</div>\n</fieldset>\n</div>\n"
        }
        out += "</fieldset>\n</div>"
    }

    /// `partials/scale`: a row of numbered radios, the end labels under them.
    private func scaleHTML(into out: inout String, _ basics: Basics) {
        fieldsetStart(into: &out, basics, classes: "fg-choices fg-scale", describedBy: scaleDescribedBy)
        out += "<div class=\"fg-scale-body\">\n<div class=\"fg-scale-list\">\n"
        for choice in choices {
            out += "<div class=\"fg-scale-choice\"><input class=\"fg-scale-input\""
            out.appendAttribute("id", choice.optionID)
            out.appendAttribute("name", field.id)
            out += " type=\"radio\""
            out.appendAttribute("value", choice.value)
            if choice.nativeRequired { out += " required" }
            out += "><label class=\"fg-scale-label\""
            out.appendAttribute("for", choice.optionID)
            out += ">"
            out.appendEscaped(choice.label)
            out += "</label></div>\n"
        }
        out += "</div>\n"
        if let scale = field.scale, scale.minLabel != nil || scale.maxLabel != nil {
            out += "<div class=\"fg-scale-ends\" id=\""
            out.appendEscaped(basics.inputID)
            out += "-ends\">"
            for (number, text, place) in [(scale.min, scale.minLabel, "fg-scale-min"), (scale.max, scale.maxLabel, "fg-scale-max")] {
                guard let text else { continue }
                out += "<span class=\""
                out += place
                out += "\">"
                out.appendEscaped(String(number))
                out += " – "
                out.appendEscaped(text)
                out += "</span>"
            }
            out += "</div>\n"
        }
        out += "</div>\n</fieldset>\n</div>"
    }

    /// `partials/date-boxes`: day, month and year boxes.
    private func dateBoxesHTML(into out: inout String, _ basics: Basics, _ boxes: DateBoxes) {
        out += "<div class=\"fg-field\" id=\"fg-field-"
        out.appendEscaped(field.id)
        out += "\">\n<fieldset class=\"fg-choices\""
        out.appendAttribute("id", basics.inputID)
        out += " role=\"group\""
        out.appendAttribute("aria-describedby", basics.hintID)
        out += ">\n<legend class=\"fg-label\">"
        out.appendEscaped(field.label)
        optional(into: &out, basics)
        out += "</legend>\n<div class=\"fg-hint\""
        out.appendAttribute("id", basics.hintID)
        out += ">"
        out += boxes.hintHTML
        out += "</div>\n"
        error(into: &out, basics)
        out += "<div class=\"fg-date\">\n"
        for box in boxes.parts(required: basics.nativeRequired, readOnly: basics.readOnly, autocomplete: basics.autocomplete) {
            out += "<div><label"
            out.appendAttribute("for", box.id)
            out += ">"
            out.appendEscaped(box.label)
            out += "</label><input class=\"fg-input fg-date-"
            out.appendEscaped(box.part)
            out += "\""
            out.appendAttribute("id", box.id)
            out.appendAttribute("name", box.name)
            out.appendAttribute("data-fg-date", field.id)
            out += box.attributes
            out += "></div>\n"
        }
        out += "</div>\n</fieldset>\n</div>"
    }

    /// The opening every group partial shares: the field's `div`, the fieldset, its legend, hint and error.
    private func fieldsetStart(into out: inout String, _ basics: Basics, classes: String, describedBy: String?) {
        out += "<div class=\"fg-field\" id=\"fg-field-"
        out.appendEscaped(field.id)
        out += "\">\n<fieldset class=\""
        out += classes
        out += "\""
        out.appendAttribute("id", basics.inputID)
        self.describedBy(into: &out, describedBy)
        out += ">\n<legend class=\"fg-label\">"
        out.appendEscaped(field.label)
        optional(into: &out, basics)
        out += "</legend>\n"
        hint(into: &out, basics)
        error(into: &out, basics)
    }

    private func describedBy(into out: inout String, _ ids: String?) {
        guard let ids else { return }
        out.appendAttribute("aria-describedby", ids)
    }

    /// `(optional)` after the label of a field that is not required.
    private func optional(into out: inout String, _ basics: Basics) {
        guard !field.required else { return }
        out += " <span class=\"fg-optional\">"
        out.appendEscaped(basics.optionalText)
        out += "</span>"
    }

    private func hint(into out: inout String, _ basics: Basics) {
        guard let help = basics.helpHTML else { return }
        out += "<div class=\"fg-hint\""
        out.appendAttribute("id", basics.hintID)
        out += ">"
        out += help
        out += "</div>\n"
    }

    private func error(into out: inout String, _ basics: Basics) {
        out += "<p class=\"fg-error-message\" id=\""
        out.appendEscaped(basics.inputID)
        out += "-error\" hidden></p>\n"
    }
}

extension String {
    /// Appends `text` escaped as `{{…}}` escapes it (``HTMLEscaping``).
    mutating func appendEscaped(_ text: String) {
        append(HTMLEscaping.escape(text))
    }

    /// Appends ` name="value"`, the value escaped as `{{…}}` escapes it.
    mutating func appendAttribute(_ name: String, _ value: String) {
        append(" ")
        append(name)
        append("=\"")
        appendEscaped(value)
        append("\"")
    }
}
