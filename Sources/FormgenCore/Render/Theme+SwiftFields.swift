import Foundation
import FormgenTemplates

extension Theme {
    /// The templates a form page's fields are drawn with: while each is the built-in one, fields are written in Swift
    /// (``FieldView/html(into:src:choose:reveal:)``) and a page reads none of their values but the HTML.
    static let fieldTemplates = ["form", "items", "section", "repeat", "field", "choices", "grid", "scale", "date-boxes",
                                 "checkbox", "attributes"]

    /// The key of a field item whose HTML was written in Swift; the `field` partial then writes it as it is.
    static let fieldHTMLKey = "fieldHTML"

    /// Whether this theme's fields can be written in Swift: it renders compiled, every template in ``fieldTemplates``
    /// is the built-in one, and nothing on the way from `form` to a field is indented (an indented partial indents
    /// each line the template writes; the Swift HTML is one piece).
    var rendersFieldsInSwift: Bool {
        guard let compiled else { return false }
        guard Self.fieldTemplates.allSatisfy({ compiled[$0] != nil && builtinTemplates.contains($0) }) else { return false }
        var seen = Set<String>()
        return Self.isUnindented("form", in: compiled, seen: &seen)
    }

    /// This theme with its `field` partial writing the HTML a field item carries under ``fieldHTMLKey``.
    var writingFieldsInSwift: Theme {
        var theme = self
        theme.compiled?["field"] = CompiledTemplate(tokens: [.variable(.init(parts: [Self.fieldHTMLKey], anchored: false), escaped: false)])
        return theme
    }

    /// Whether template `name`, the partials it includes and the blocks it fills render without indentation.
    private static func isUnindented(_ name: String, in templates: [String: CompiledTemplate], seen: inout Set<String>) -> Bool {
        guard seen.insert(name).inserted else { return true }
        guard let template = templates[name] else { return true }
        return isUnindented(template, in: templates, seen: &seen)
    }

    private static func isUnindented(_ template: CompiledTemplate, in templates: [String: CompiledTemplate], seen: inout Set<String>) -> Bool {
        for token in template.tokens {
            switch token {
            case .text, .variable:
                continue
            case .section(_, let body, _), .blockDefinition(_, let body):
                if !isUnindented(body, in: templates, seen: &seen) { return false }
            case .blockExpansion(_, let body, let indentation):
                if !indentation.isEmpty || !isUnindented(body, in: templates, seen: &seen) { return false }
            case .partial(let name, let indentation, let overrides):
                if !(indentation ?? "").isEmpty { return false }
                for body in (overrides ?? [:]).values where !isUnindented(body, in: templates, seen: &seen) { return false }
                if !isUnindented(name, in: templates, seen: &seen) { return false }
            }
        }
        return true
    }
}
