/// The values a field's templates read, every key present (false when unused) so that
/// Mustache never falls back to a value of an enclosing section.
struct FieldView {
    let field: Field
    let language: String
    /// The tables the field's interface words come from.
    let tables: MessageTables
    /// The field's form, for context such as a register form's password autocomplete.
    var form: Form? = nil
    /// Whether a rule or the journey may leave the field out: then it is required only on the journeys that ask it, so
    /// its controls get no native `required` (a page without JavaScript shows every field; the server checks).
    var sometimesAsked = false

    /// The values both the template context and the Swift-written HTML (``html(into:src:choose:reveal:)``) read,
    /// worked out once.
    struct Basics {
        let inputID: String
        let hintID: String
        let countID: String
        let dateBoxes: DateBoxes?
        let readOnly: Bool
        let autocomplete: String?
        let countHint: String?
        let describedBy: String?
        let helpHTML: String?
        let nativeRequired: Bool
        let isControl: Bool
        let spellcheckOff: Bool
        let ltr: Bool
        let optionalText: String
    }

    var basics: Basics {
        let inputID = "f-\(field.id)"
        let hintID = "\(inputID)-hint"
        let type = field.type
        let kind = field.kind
        let dateBoxes = type == .date && field.dateStyle == .boxes ? DateBoxes(field: field, language: language, tables: tables) : nil
        let countHint = FieldCount.hint(for: field, language: language, tables: tables)
        let countID = "\(inputID)-count"
        let describedBy = [field.help == nil ? nil : hintID, countHint == nil ? nil : countID].compactMap { $0 }
        return Basics(
            inputID: inputID, hintID: hintID, countID: countID, dateBoxes: dateBoxes,
            readOnly: field.readOnly || field.dataSource != nil,
            autocomplete: kind == .file ? nil : field.autocomplete ?? Autocomplete.infer(for: field, in: form),
            countHint: countHint,
            describedBy: describedBy.isEmpty ? nil : describedBy.joined(separator: " "),
            helpHTML: field.help.map(Markdown.inlineHTML),
            nativeRequired: field.required && !sometimesAsked,
            isControl: !kind.isDisplayOnly && !kind.isGroup && dateBoxes == nil && kind != .grid && kind != .scale,
            spellcheckOff: [.email, .password, .formattednumeric, .tel].contains(type) || field.mask != nil,
            // Masked, numeric, email, phone and date inputs stay left to right inside a right-to-left page.
            ltr: tables.direction(for: language) == "rtl"
                && (field.mask != nil || [.number, .email, .tel, .date, .formattednumeric].contains(type)),
            optionalText: tables.table(for: language)["optional"] ?? "")
    }

    var context: [String: TemplateValue] {
        let basics = basics
        let inputID = basics.inputID
        let hintID = basics.hintID
        let type = field.type
        let kind = field.kind
        let dateBoxes = basics.dateBoxes
        let readOnly = basics.readOnly
        let autocomplete = basics.autocomplete
        let countHint = basics.countHint
        let countID = basics.countID
        var view: [String: TemplateValue] = [
            "id": .text(field.id),
            "inputId": .text(inputID),
            "hintId": .text(hintID),
            "errorId": "\(inputID)-error",
            "label": .text(field.label),
            "helpHTML": .text(basics.helpHTML),
            "describedBy": .text(basics.describedBy),
            "countHint": .text(countHint),
            "countId": .text(countID),
            "required": .bool(field.required),
            "nativeRequired": .bool(basics.nativeRequired),
            "readOnly": .bool(readOnly),
            "dataSource": .text(field.dataSource),
            "mask": .text(field.mask),
            "placeholder": .text(field.placeholder),
            "value": .text(field.defaultValue),
            "checked": .bool(field.defaultValue.map { ["true", "yes", "on", "1"].contains($0.lowercased()) } ?? false),
            "src": .text(field.src ?? ""),
            "contentHTML": .text(field.content.map(Markdown.html) ?? ""),
            "isImage": .bool(type == .image),
            "imageMissing": .bool(field.imageUnavailable),
            "isParagraph": .bool(type == .paragraph),
            "isChoiceGroup": .bool(kind.isGroup),
            "isControl": .bool(basics.isControl),
            "isGrid": .bool(kind == .grid),
            "isScale": .bool(kind == .scale),
            "isDateBoxes": .bool(dateBoxes != nil),
            "dateHintHTML": .text(dateBoxes?.hintHTML),
            "isCheckbox": .bool(kind == .checkbox),
            "isTextarea": .bool(kind == .textarea),
            "isSelect": .bool(kind == .select),
            "isInput": .bool(kind == .input || kind == .file),
            // `text` is what an input without a type is: left out.
            "inputType": .text(inputType == "text" ? nil : inputType),
            "inline": .bool(type == .yesno),
            "spellcheckOff": .bool(basics.spellcheckOff),
            "autocomplete": .text(autocomplete),
            "accept": .text(accept),
            "multiple": .bool(multiple),
            "inputMode": .text(inputMode),
            "step": type == .number ? "any" : false,
            "widthClass": .text(widthClass),
            "options": .objects(options),
            "columns": kind == .grid ? .objects(field.options.map { ["label": .text($0.label)] }) : false,
            "rows": kind == .grid ? .objects(gridRows(required: field.required && !sometimesAsked)) : false,
            "scaleEnds": kind == .scale ? .objects(scaleEnds) : false,
            "hasScaleEnds": .bool(kind == .scale && !scaleEnds.isEmpty),
            "scaleDescribedBy": .text(kind == .scale ? scaleDescribedBy : nil),
            "boxes": dateBoxes.map { .objects($0.boxes(required: field.required && !sometimesAsked, readOnly: readOnly,
                                                       autocomplete: autocomplete)) } ?? false,
            "optionalText": .text(basics.optionalText),
            "ltr": .bool(basics.ltr),
        ]
        // Everything else in the one literal, sized at once: growing a dictionary of fifty views per field was a
        // fiftieth of a build.
        let limits = limits
        view["pattern"] = .text(limits.pattern)
        view["minLength"] = .text(limits.minLength)
        view["maxLength"] = .text(limits.maxLength)
        view["min"] = .text(limits.min)
        view["max"] = .text(limits.max)
        view["attributes"] = .text(attributes(basics, limits))
        return view
    }

    /// The control's attributes as HTML, escaped, in the order the built-in `partials/attributes` has always
    /// written them. Written in Swift because a template with fifteen sections per field is the build's hot path;
    /// every value stays in the context too, for sites that override the partial.
    func attributes(_ basics: Basics, _ limits: Limits) -> String {
        var html = ""
        func value(_ text: String?, _ name: String) {
            guard let text else { return }
            html += " "
            html += name
            html += "=\""
            html += HTMLEscaping.escape(text)
            html += "\""
        }
        if basics.nativeRequired { html += " required" }
        if basics.readOnly { html += " readonly" }
        value(limits.pattern, "pattern")
        value(limits.minLength, "minlength")
        value(limits.maxLength, "maxlength")
        value(limits.min, "min")
        value(limits.max, "max")
        value(field.type == .number ? "any" : nil, "step")
        value(inputMode, "inputmode")
        value(basics.autocomplete, "autocomplete")
        value(accept, "accept")
        if multiple { html += " multiple" }
        value(field.placeholder, "placeholder")
        value(basics.describedBy, "aria-describedby")
        value(field.dataSource, "data-fg-source")
        value(field.mask, "data-fg-mask")
        if basics.spellcheckOff { html += " spellcheck=\"false\"" }
        if basics.ltr { html += " dir=\"ltr\"" }
        return html
    }

    /// The file types a file input accepts, joined; nil for any.
    var accept: String? {
        field.upload.flatMap { $0.accept.isEmpty ? nil : $0.accept.joined(separator: ",") }
    }

    /// Whether a file input takes several files.
    var multiple: Bool { field.upload?.multiple ?? false }

    var inputType: String {
        switch field.type {
        case .number: return "number"
        // A read-only date is text the runtime writes in the page's words ("15 March 1985"), not the browser's date box.
        case .date: return field.readOnly || field.dataSource != nil ? "text" : "date"
        case .email: return "email"
        case .tel: return "tel"
        case .password: return "password"
        case .file: return "file"
        default: return "text"
        }
    }

    var inputMode: String? {
        if let mode = field.keyboard?.inputMode { return mode }
        if let mask = field.mask, mask.allSatisfy({ $0 != "A" && $0 != "*" }) { return "numeric" }
        return nil
    }

    /// A short answer's input is as wide as the answer (GOV.UK's fixed-width inputs): a mask's length, a date's,
    /// `maxLength`, or a number's longest bound (a 2-digit age is not full width); a file input as wide as its button.
    var widthClass: String? {
        if field.type == .file { return "fg-file" }
        if let mask = field.mask { return mask.count <= 10 ? "fg-width-10" : "fg-width-20" }
        if field.type == .date { return "fg-width-10" }
        if let max = field.validations.compactMap({ if case .maxLength(let n) = $0.kind { return n } else { return nil } }).first {
            return Self.widthClass(characters: max)
        }
        if field.type == .number, let digits = numberDigits {
            // One character more for the browser's up and down arrows.
            return Self.widthClass(characters: digits + 1)
        }
        return nil
    }

    /// The class of an input for answers of at most `characters` characters; nil for long ones (full width).
    static func widthClass(characters: Int) -> String? {
        switch characters {
        case ...2: return "fg-width-2"
        case 3: return "fg-width-3"
        case 4: return "fg-width-4"
        case 5: return "fg-width-5"
        case 6...11: return "fg-width-10"
        case 12...20: return "fg-width-20"
        default: return nil
        }
    }

    /// The characters of a number field's longest answer, from both its bounds; nil unless it has both.
    private var numberDigits: Int? {
        var low: Double?, high: Double?
        for rule in field.validations {
            if case .minValue(let n) = rule.kind { low = n }
            if case .maxValue(let n) = rule.kind { high = n }
        }
        guard let low, let high else { return nil }
        return max(formatNumber(low).count, formatNumber(high).count)
    }

    /// One option as a choice group, select or scale shows it.
    struct Choice {
        let value: String
        let label: String
        let optionID: String
        let selected: Bool
        let checked: Bool
        let synonyms: String?
        let nativeRequired: Bool
        let divider: String?
    }

    var choices: [Choice] {
        let table = tables.table(for: language)
        let kind = field.kind
        // A required radio group: one must be chosen. A box of a checkbox group is never required on its own
        // (the browser would ask for every box); the runtime or the server asks for one.
        let nativeRequired = kind != .checkboxGroup && field.required && !sometimesAsked
        return field.effectiveOptions.enumerated().map { index, option in
            var label = option.label
            if field.type == .yesno { label = table[option.value == "Yes" ? "yes" : "no"] ?? option.label }
            return Choice(value: option.value, label: label, optionID: "f-\(field.id)-\(index)",
                          selected: !kind.isGroup && option.value == field.defaultValue,
                          checked: kind.isGroup && option.value == field.defaultValue,
                          synonyms: option.synonyms.isEmpty ? nil : option.synonyms.joined(separator: "|"),
                          nativeRequired: nativeRequired,
                          // GOV.UK's "or" before a checkbox group's "None of these".
                          divider: option.exclusive == true && kind == .checkboxGroup ? table["choiceOr"] ?? "or" : nil)
        }
    }

    private var options: [[String: TemplateValue]] {
        let choiceType: TemplateValue = field.kind == .checkboxGroup ? "checkbox" : "radio"
        return choices.map { choice in
            [
                "value": .text(choice.value),
                "label": .text(choice.label),
                "optionId": .text(choice.optionID),
                "name": .text(field.id),
                "choiceType": choiceType,
                "selected": .bool(choice.selected),
                "checked": .bool(choice.checked),
                "reveal": false,
                "synonyms": .text(choice.synonyms),
                "nativeRequired": .bool(choice.nativeRequired),
                "divider": .text(choice.divider),
            ]
        }
    }

    /// A grid's rows: each a fieldset keyed `grid.row` (its radios' name, its error's id), a cell per column.
    private func gridRows(required: Bool) -> [[String: TemplateValue]] {
        field.rows.map { row in
            let key = "\(field.id).\(row.value)"
            let cells: [[String: TemplateValue]] = field.options.enumerated().map { index, column in
                ["cellId": .text("f-\(key)-\(index)"), "value": .text(column.value), "label": .text(column.label)]
            }
            return ["key": .text(key), "label": .text(row.label), "cells": .objects(cells),
                    "choiceType": field.multiple ? "checkbox" : "radio", "rowRequired": .bool(required && !field.multiple)]
        }
    }

    /// A scale's end labels, each with its number ("0 – Not at all likely"), for the text under the numbers.
    private var scaleEnds: [[String: TemplateValue]] {
        guard let scale = field.scale else { return [] }
        var ends: [[String: TemplateValue]] = []
        if let label = scale.minLabel { ends.append(["number": .text(String(scale.min)), "text": .text(label), "place": "fg-scale-min"]) }
        if let label = scale.maxLabel { ends.append(["number": .text(String(scale.max)), "text": .text(label), "place": "fg-scale-max"]) }
        return ends
    }

    /// What a scale's group is described by: its hint and its end labels.
    var scaleDescribedBy: String? {
        var ids: [String] = []
        if field.help != nil { ids.append("f-\(field.id)-hint") }
        if field.scale.map({ $0.minLabel != nil || $0.maxLabel != nil }) ?? false { ids.append("f-\(field.id)-ends") }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    /// Native constraint attributes from the validation rules.
    struct Limits {
        var pattern: String?
        var minLength: String?
        var maxLength: String?
        var min: String?
        var max: String?
    }

    var limits: Limits {
        var values = Limits()
        if let mask = field.mask {
            values.pattern = Mask.regex(for: mask)
            values.maxLength = String(mask.count)
        }
        for rule in field.validations {
            switch rule.kind {
            case .regex(let pattern) where values.pattern == nil:
                values.pattern = RegexSyntax.htmlPattern(RegexSyntax.anchoredForPatternAttribute(pattern))
            case .minLength(let n): values.minLength = String(n)
            // No `maxlength` for a maxLength rule: it would cut what is typed or pasted without a word; the count
            // and the check say it instead.
            case .minValue(let n) where field.type == .number: values.min = formatNumber(n)
            case .maxValue(let n) where field.type == .number: values.max = formatNumber(n)
            case .minDate(let bound) where field.type == .date:
                if case .fixed = bound { values.min = bound.description }
            case .maxDate(let bound) where field.type == .date:
                if case .fixed = bound { values.max = bound.description }
            default: break
            }
        }
        return values
    }
}
