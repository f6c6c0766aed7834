import Foundation
import FormgenTemplates

/// Default messages and interface text in formgen's twelve languages, one table per language in
/// `templates/i18n/<lang>.json`; a site's `templates/i18n/<lang>.json` overrides keys of a table or adds a language.
///
/// Placeholders: `{label}` the field's label, `{value}` the rule's value, `{other}` the other field's label,
/// `{current}`/`{total}` the wizard step, `{source}` a data source, `{count}` in plural forms (`days.one`, `days.other`).
extension Messages {
    /// The built-in languages, sorted.
    public static var languages: [String] { builtin.keys.sorted() }

    /// The table for a language tag (`nl-NL` → Dutch), English when formgen has none; keys the language's table
    /// lacks come from English.
    public static func table(for language: String) -> [String: String] {
        let primary = primaryTag(language)
        overrides.lock.lock()
        defer { overrides.lock.unlock() }
        if let resolved = overrides.resolved[primary] { return resolved }
        let tables = overrides.merged ?? builtin
        let english = tables["en"] ?? [:]
        var table = english
        if let own = tables[primary] {
            table = replacing(english, with: own)
        }
        overrides.resolved[primary] = table
        return table
    }

    /// `table(for:)` as the value templates read as `t`, made once per language.
    static func templateTable(for language: String) -> TemplateValue {
        let primary = primaryTag(language)
        overrides.lock.lock()
        let made = overrides.templateTables[primary]
        overrides.lock.unlock()
        if let made { return made }
        let value = TemplateValue.texts(table(for: language))
        overrides.lock.lock()
        overrides.templateTables[primary] = value
        overrides.lock.unlock()
        return value
    }

    /// `runtimeTable(for:)`, made once per language and set of tables.
    static func cachedRuntimeTable(for language: String, make: () -> [String: String]) -> [String: String] {
        let primary = primaryTag(language)
        overrides.lock.lock()
        let made = overrides.runtimeTables[primary]
        overrides.lock.unlock()
        if let made { return made }
        let table = make()
        overrides.lock.lock()
        overrides.runtimeTables[primary] = table
        overrides.lock.unlock()
        return table
    }

    /// The built-in tables as shipped, by language.
    public static let builtin: [String: [String: String]] = readTables(in: BuiltinTemplates.directory.appendingPathComponent("i18n").path)

    /// The tables in use: the built-in ones with the site's overrides (`useOverrides(from:)`) over them.
    static var tables: [String: [String: String]] {
        overrides.lock.lock()
        defer { overrides.lock.unlock() }
        return overrides.merged ?? builtin
    }

    /// Reads a site's `i18n/*.json` under its templates folder over the built-in tables (none: the built-in ones).
    /// Returns the files it could not read, with why.
    @discardableResult
    public static func useOverrides(from templatesDirectory: String?) -> [String] {
        var merged: [String: [String: String]]?
        var problems: [String] = []
        let folder = templatesDirectory.map { ($0 as NSString).appendingPathComponent("i18n") }
        let digest = folder.map(tablesDigest) ?? ""
        overrides.lock.lock()
        let unchanged = overrides.digest == digest ? overrides.problems : nil
        overrides.lock.unlock()
        if let unchanged { return unchanged }
        if let folder {
            let own = readTables(in: folder, problems: &problems)
            if !own.isEmpty {
                merged = builtin.merging(own) { builtin, own in replacing(builtin, with: own) }
            }
        }
        overrides.lock.lock()
        overrides.merged = merged
        overrides.resolved = [:]
        overrides.templateTables = [:]
        overrides.runtimeTables = [:]
        overrides.digest = digest
        overrides.problems = problems
        overrides.lock.unlock()
        return problems
    }

    /// A digest of the names and bytes of a folder's `.json` files: the same tables are not read and merged again.
    private static func tablesDigest(_ folder: String) -> String {
        var hasher = FNV1a()
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where name.hasSuffix(".json") {
            hasher.add(name)
            hasher.add(FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)) ?? Data())
        }
        return hasher.hex
    }

    /// A table with a site's texts over it: a key the site gives replaces every form of it (a single `minLength`
    /// replaces `minLength.one` and `minLength.other`, and plural forms replace a single text).
    static func replacing(_ table: [String: String], with own: [String: String]) -> [String: String] {
        let bases = Set(own.keys.map(pluralBase))
        return table.filter { !bases.contains(pluralBase($0.key)) }.merging(own) { _, own in own }
    }

    /// Every `<lang>.json` in a folder: a flat object of key to text.
    static func readTables(in folder: String) -> [String: [String: String]] {
        var problems: [String] = []
        return readTables(in: folder, problems: &problems)
    }

    static func readTables(in folder: String, problems: inout [String]) -> [String: [String: String]] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
        var tables: [String: [String: String]] = [:]
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                problems.append("\(path): expected a JSON object of message keys to texts")
                continue
            }
            var table: [String: String] = [:]
            for (key, value) in object {
                if let text = value as? String { table[key] = text } else { problems.append("\(path): '\(key)' is not text") }
            }
            tables[String(name.dropLast(".json".count)).lowercased()] = table
        }
        return tables
    }

    /// `rtl` or `ltr`: the table's `dir`, else right to left for Arabic, Hebrew, Persian and Urdu.
    public static func direction(for language: String) -> String {
        let primary = primaryTag(language)
        if let own = tables[primary]?["dir"] { return own }
        return ["ar", "he", "fa", "ur"].contains(primary) ? "rtl" : "ltr"
    }

    private final class Overrides: @unchecked Sendable {
        let lock = NSLock()
        var merged: [String: [String: String]]?
        /// `table(for:)` by primary language tag, made once per set of tables (every field asks for its page's).
        var resolved: [String: [String: String]] = [:]
        /// `templateTable(for:)` by primary language tag.
        var templateTables: [String: TemplateValue] = [:]
        /// `runtimeTable(for:)` by primary language tag.
        var runtimeTables: [String: [String: String]] = [:]
        /// The digest of the site's tables last read (`""`: none) and what was wrong with them.
        var digest: String?
        var problems: [String] = []
    }

    private static let overrides = Overrides()
}
