import Foundation

/// A position-aware view of one parsed YAML/JSON node: a node of a ``ConfigTree``.
///
/// Loaders read configs through it so that every problem is reported with the
/// file, line and column of the value at fault, and reading goes on after an error.
struct ConfigNode {
    /// What every node of one file shares, in one object: handing a node on retains one reference, not three.
    private final class File: @unchecked Sendable {
        let tree: ConfigTree
        let log: DiagnosticLog
        let texts: TextCatalog

        init(tree: ConfigTree, log: DiagnosticLog, texts: TextCatalog) {
            self.tree = tree
            self.log = log
            self.texts = texts
        }
    }

    private let shared: File
    let index: Int32

    var tree: ConfigTree { shared.tree }
    var log: DiagnosticLog { shared.log }
    /// The file's translatable texts, shared by every node of the file.
    var texts: TextCatalog { shared.texts }

    init(tree: ConfigTree, index: Int32, log: DiagnosticLog, texts: TextCatalog = TextCatalog()) {
        shared = File(tree: tree, log: log, texts: texts)
        self.index = index
    }

    private init(shared: File, index: Int32) {
        self.shared = shared
        self.index = index
    }

    private var node: ConfigTree.Node { shared.tree.nodes[Int(index)] }
    private func child(_ index: Int32) -> ConfigNode { ConfigNode(shared: shared, index: index) }

    var file: String { tree.file }

    var location: SourceLocation {
        let node = node
        return SourceLocation(file: tree.file, line: Int(node.line), column: Int(node.column))
    }

    func error(_ message: String) { log.error(message, at: location) }
    func warning(_ message: String) { log.warning(message, at: location) }

    var isMapping: Bool { node.kind == .mapping }
    var isSequence: Bool { node.kind == .sequence }
    /// A list with nothing in it (`fields: []`).
    var isEmptySequence: Bool { node.kind == .sequence && node.count == 0 }
    var isNull: Bool {
        let node = node
        guard node.kind == .scalar, node.plain else { return false }
        switch node.text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A scalar written without quotes (`12`, `true`, `null`), which can mean a number, a boolean or nothing.
    var isPlainScalar: Bool { node.kind == .scalar && node.plain }

    /// The scalar text of this node, whatever its YAML type (`Yes`, `12` and `"x"` all read as text).
    var scalarText: String? {
        let node = node
        return node.kind == .scalar ? node.text : nil
    }

    /// Keys of a mapping in file order, each with the node of its value.
    var entries: [(key: String, keyNode: ConfigNode, value: ConfigNode)] {
        guard isMapping else { return [] }
        let members = tree.children(of: index)
        return stride(from: members.startIndex, to: members.endIndex, by: 2).map { position in
            let key = members[position]
            return (tree.nodes[Int(key)].text, child(key), child(members[position + 1]))
        }
    }

    var keys: [String] { entries.map(\.key) }

    /// The index of the value under `key`, if this is a mapping that has it.
    private func valueIndex(_ key: String) -> Int32? {
        guard isMapping else { return nil }
        let members = tree.children(of: index)
        var position = members.startIndex
        while position < members.endIndex {
            if tree.nodes[Int(members[position])].text == key { return members[position + 1] }
            position += 2
        }
        return nil
    }

    func has(_ key: String) -> Bool { valueIndex(key) != nil }

    subscript(key: String) -> ConfigNode? {
        valueIndex(key).map(child)
    }

    /// Location of a key itself, used for errors about the key.
    func keyLocation(_ key: String) -> SourceLocation {
        entries.first { $0.key == key }?.keyNode.location ?? location
    }

    var elements: [ConfigNode] {
        guard isSequence else { return [] }
        return tree.children(of: index).map(child)
    }

    // MARK: Typed reading; each reports a located error and returns nil on mismatch.

    func expectMapping(_ what: String) -> Bool {
        if isMapping { return true }
        error("expected \(what) to be a mapping, found \(kindName)")
        return false
    }

    func expectSequence(_ what: String) -> [ConfigNode]? {
        if isSequence { return elements }
        if isNull { return [] }
        error("expected \(what) to be a list, found \(kindName)")
        return nil
    }

    var kindName: String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            if isNull { return "nothing" }
            return "'\(node.text)'"
        }
    }

    func string(_ key: String) -> String? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let text = value.scalarText else {
            value.error("expected '\(key)' to be text, found \(value.kindName)")
            return nil
        }
        return text
    }

    /// Text that may be written once or per language (`{en: Email, de: E-Mail}`): the default text
    /// (English, else the first written) and every translation by lower-case language tag.
    func localized(_ key: String) -> (text: String, translations: [String: String])? {
        guard let value = self[key], !value.isNull else { return nil }
        if let text = value.scalarText {
            texts.add(TranslatableText(key: key, text: text, translations: [:], location: value.location))
            return (text, [:])
        }
        guard value.isMapping else {
            value.error("expected '\(key)' to be text, or a mapping of language to text, found \(value.kindName)")
            return nil
        }
        var translations: [String: String] = [:]
        var first: String?
        for entry in value.entries {
            guard let text = entry.value.scalarText else {
                entry.value.error("expected the '\(entry.key)' text of '\(key)' to be text, found \(entry.value.kindName)")
                continue
            }
            translations[entry.key.lowercased()] = text
            first = first ?? text
        }
        guard let text = translations["en"] ?? first else {
            value.error("'\(key)' has no text")
            return nil
        }
        texts.add(TranslatableText(key: key, text: text, translations: translations, location: value.location))
        return (text, translations)
    }

    /// A text that may be written per language (see `localized`): its default text.
    func text(_ key: String) -> String? { localized(key)?.text }

    /// Markdown that may be written per language, its links checked in every language.
    func localizedMarkdown(_ key: String) -> String? {
        guard let text = localized(key) else { return nil }
        checkLinks(in: [text.text] + text.translations.values.sorted(), key: key)
        return text.text
    }

    func bool(_ key: String) -> Bool? {
        guard let value = self[key], !value.isNull else { return nil }
        switch value.scalarText?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            value.error("expected '\(key)' to be true or false, found \(value.kindName)")
            return nil
        }
    }

    var intValue: Int? { scalarText.flatMap { Int(Self.trimmed($0)) } }
    var doubleValue: Double? { scalarText.flatMap { Double(Self.trimmed($0)) } }

    /// `text` without white space at either end; the text itself, not a copy made by Foundation, when it starts and
    /// ends with a visible ASCII character (as numbers in configs do).
    static func trimmed(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    func int(_ key: String) -> Int? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let number = value.intValue else {
            value.error("expected '\(key)' to be a whole number, found \(value.kindName)")
            return nil
        }
        return number
    }

    func stringList(_ key: String) -> [String]? {
        guard let value = self[key], !value.isNull else { return nil }
        if let text = value.scalarText { return [text] }
        guard let items = value.expectSequence("'\(key)'") else { return nil }
        return items.compactMap { item in
            guard let text = item.scalarText else {
                item.error("expected each entry of '\(key)' to be text, found \(item.kindName)")
                return nil
            }
            return text
        }
    }

    /// Warns about keys this reader does not know, with a suggestion when one is close. Unknown keys are
    /// warnings in every config kind (errors with `--strict`); the reader goes on with the keys it knows.
    func warnUnknownKeys(allowed: Set<String>, in what: String) {
        guard isMapping else { return }
        let members = tree.children(of: index)
        for position in stride(from: members.startIndex, to: members.endIndex, by: 2) {
            let key = tree.nodes[Int(members[position])].text
            guard !allowed.contains(key) else { continue }
            var message = "unknown key '\(key)' in \(what)"
            if let suggestion = closestMatch(to: key, in: allowed) {
                message += " (did you mean '\(suggestion)'?)"
            }
            log.append(Diagnostic(.warning, at: child(members[position]).location, message))
        }
    }

    /// Where each key's value starts, by key (a field's ``Field/keyLocations``).
    var valueLocations: KeyLocations {
        guard isMapping else { return KeyLocations() }
        let members = tree.children(of: index)
        var locations = KeyLocations(file: tree.file, capacity: members.count / 2)
        for position in stride(from: members.startIndex, to: members.endIndex, by: 2) {
            let value = tree.nodes[Int(members[position + 1])]
            locations.append(tree.nodes[Int(members[position])].text, line: value.line, column: value.column)
        }
        return locations
    }
}
