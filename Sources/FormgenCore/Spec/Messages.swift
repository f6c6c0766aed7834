import Foundation
import FormgenRuntime
import FormgenTemplates

/// Default messages and interface text in formgen's twelve languages, one table per language in
/// `templates/i18n/<lang>.json`; a site's `templates/i18n/<lang>.json` overrides keys of a table or adds a language.
///
/// Placeholders: `{label}` the field's label, `{value}` the rule's value, `{other}` the other field's label,
/// `{current}`/`{total}` the wizard step, `{source}` a data source, `{count}` in plural forms (`days.one`, `days.other`).
extension Messages {
    /// The built-in languages, sorted.
    public static var languages: [String] { builtin.keys.sorted() }

    /// The built-in tables as shipped, by language (`MessageTables` puts a site's over them).
    public static let builtin: [String: [String: String]] = readTables(in: builtinFolder)

    /// Where the built-in tables are read from.
    static let builtinFolder = BuiltinTemplates.directory.appendingPathComponent("i18n").path

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

    /// `copies`: a folder of tables already read, with what was read; a file whose bytes are those of its namesake
    /// there is that table, not parsed again (a site's copy of the built-in templates, on every build).
    static func readTables(in folder: String, problems: inout [String],
                           copies: (folder: String, tables: [String: [String: String]])? = nil) -> [String: [String: String]] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
        var tables: [String: [String: String]] = [:]
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = (folder as NSString).appendingPathComponent(name)
            // Read with the single-pass parser (a UTF-8 byte order mark skipped): Foundation's took a tenth of a small rebuild.
            guard var data = FileManager.default.contents(atPath: path) else {
                problems.append("\(path): expected a JSON object of message keys to texts")
                continue
            }
            if let copies, let table = copies.tables[String(name.dropLast(".json".count)).lowercased()],
               FileManager.default.contents(atPath: (copies.folder as NSString).appendingPathComponent(name)) == data {
                tables[String(name.dropLast(".json".count)).lowercased()] = table
                continue
            }
            if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
            var parser = JSONParser(Data(data))
            guard case .object(let object)? = try? parser.parse() else {
                problems.append("\(path): expected a JSON object of message keys to texts")
                continue
            }
            var table: [String: String] = [:]
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                if case .string(let text) = value { table[key] = text } else { problems.append("\(path): '\(key)' is not text") }
            }
            tables[String(name.dropLast(".json".count)).lowercased()] = table
        }
        return tables
    }
}
