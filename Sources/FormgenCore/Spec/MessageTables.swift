import Foundation

/// The message tables a site's pages are written with: formgen's built-in tables, with a site's
/// `templates/i18n/<lang>.json` over them. A value: the theme carries it (`Theme.messages`) and whatever writes a
/// text (the page spec, the renderer, the JSON Schema, the reference page, the no-JS answers) is given it; no table is
/// kept process-wide.
public struct MessageTables: Sendable {
    /// The tables by language, before English fills the gaps of each.
    public let tables: [String: [String: String]]
    /// What is made from the tables, by primary language tag, made once per value.
    private let made = Made()

    public init(tables: [String: [String: String]]) {
        self.tables = tables
    }

    /// The built-in tables as shipped.
    public static let builtin = MessageTables(tables: Messages.builtin)

    /// The built-in tables with a site's `i18n/*.json` under its templates folder over them (the built-in ones when it
    /// has none), and the files that could not be read, with why.
    public static func reading(templatesDirectory: String?) -> (tables: MessageTables, problems: [String]) {
        guard let templatesDirectory else { return (.builtin, []) }
        var problems: [String] = []
        let own = Messages.readTables(in: (templatesDirectory as NSString).appendingPathComponent("i18n"), problems: &problems,
                                      copies: (Messages.builtinFolder, Messages.builtin))
        guard !own.isEmpty else { return (.builtin, problems) }
        // A table the same as the built-in one (a site's copy of the templates) replaces it as it is.
        let merged = Messages.builtin.merging(own) { builtin, own in builtin == own ? own : Messages.replacing(builtin, with: own) }
        return (MessageTables(tables: merged), problems)
    }

    /// The table for a language tag (`nl-NL` → Dutch), English when there is none; keys the language's table lacks
    /// come from English.
    public func table(for language: String) -> [String: String] {
        let primary = Messages.primaryTag(language)
        return made.value(primary, in: \.resolved) {
            let english = tables["en"] ?? [:]
            guard let own = tables[primary] else { return english }
            return Messages.replacing(english, with: own)
        }
    }

    /// `table(for:)` as the value templates read as `t`.
    func templateTable(for language: String) -> TemplateValue {
        made.value(Messages.primaryTag(language), in: \.templateTables) { TemplateValue.texts(table(for: language)) }
    }

    /// The texts of `Messages.runtimeKeys` in a language (each counted one in the language's plural forms,
    /// `tooLong.one`, …), for the page spec.
    public func runtimeTable(for language: String) -> [String: String] {
        made.value(Messages.primaryTag(language), in: \.runtimeTables) {
            table(for: language).filter { Messages.runtimeKeys.contains(Messages.pluralBase($0.key)) }
        }
    }

    /// `rtl` or `ltr`: the table's `dir`, else right to left for Arabic, Hebrew, Persian and Urdu.
    public func direction(for language: String) -> String {
        let primary = Messages.primaryTag(language)
        if let own = tables[primary]?["dir"] { return own }
        return ["ar", "he", "fa", "ur"].contains(primary) ? "rtl" : "ltr"
    }

    /// The language whose rules a message follows: the primary tag when there is a table for it, else English.
    func primaryLanguage(_ language: String) -> String {
        let primary = Messages.primaryTag(language)
        return tables[primary] == nil ? "en" : primary
    }

    /// What tells these tables from others: copies of one value share it; tables read again have another.
    var identity: AnyObject { made }

    /// Tables made from the value's, kept once made (every field asks for its page's).
    private final class Made: @unchecked Sendable {
        let lock = NSLock()
        var resolved: [String: [String: String]] = [:]
        var templateTables: [String: TemplateValue] = [:]
        var runtimeTables: [String: [String: String]] = [:]

        func value<Value>(_ key: String, in store: ReferenceWritableKeyPath<Made, [String: Value]>, make: () -> Value) -> Value {
            lock.lock()
            let kept = self[keyPath: store][key]
            lock.unlock()
            if let kept { return kept }
            let value = make()
            lock.lock()
            self[keyPath: store][key] = value
            lock.unlock()
            return value
        }
    }
}
