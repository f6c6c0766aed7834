/// A value a template reads: typed, so that rendering looks names up in dictionaries and never casts.
///
/// Contexts are `[String: TemplateValue]` built with literals (`["title": .text(form.title), "required": true]`);
/// a section over `.list` repeats, over `.bool` shows or hides, over anything else pushes the value, as Mustache does.
public enum TemplateValue: Sendable {
    case text(String)
    case bool(Bool)
    case number(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// The text, or `false` when there is none (templates test such keys with `{{#key}}`).
    public static func text(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.text) ?? .bool(false)
    }

    /// The object, or `false` when there is none.
    public static func object(_ object: [String: TemplateValue]?) -> TemplateValue {
        object.map(TemplateValue.object) ?? .bool(false)
    }

    /// A list of objects.
    public static func objects(_ objects: [[String: TemplateValue]]) -> TemplateValue {
        .list(objects.map(TemplateValue.object))
    }

    /// A table of texts by key (a language's messages, `t` in templates).
    public static func texts(_ texts: [String: String]) -> TemplateValue {
        .object(texts.mapValues(TemplateValue.text))
    }

    /// The value as swift-mustache reads it: `String`, `Bool`, `Int`, `[Any]` and `[String: Any]`.
    var mustacheValue: Any {
        switch self {
        case .text(let text): return text
        case .bool(let bool): return bool
        case .number(let number): return number
        case .list(let items): return items.map(\.mustacheValue)
        case .object(let object): return object.mapValues(\.mustacheValue)
        }
    }

    /// The value written by `{{name}}` (before escaping), as swift-mustache writes a `String`, `Bool` or `Int`.
    var renderedText: String {
        switch self {
        case .text(let text): return text
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return String(number)
        case .list, .object: return String(describing: mustacheValue)
        }
    }

    /// The member `name` of an object; nothing for any other value.
    func member(_ name: String) -> TemplateValue? {
        if case .object(let object) = self { return object[name] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
