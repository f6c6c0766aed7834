/// Reads what a grid (`rows`, `columns`, `multiple`) or a scale (`min`, `max`, `minLabel`, `maxLabel`) field is made
/// of, and reports a shape that cannot be drawn: no rows or columns, a duplicated id, bounds out of order or too far apart.
struct ChoiceShapeReader {
    static let gridKeys = ["rows", "columns"]
    static let scaleKeys = ["min", "max", "minLabel", "maxLabel"]

    /// Reads a grid's rows into `field.rows` and its columns into `field.options`.
    func readGrid(_ node: ConfigNode, into field: inout Field) {
        let id = field.id
        if let rowsNode = node["rows"], let items = rowsNode.expectSequence("'rows'") {
            field.rows = items.compactMap { item in
                if let text = item.scalarText { return FieldOption(value: Self.slug(text), label: text) }
                guard item.expectMapping("a row") else { return nil }
                item.warnUnknownKeys(allowed: ["id", "label"], in: "row")
                guard let rowID = item.string("id") else {
                    item.error("grid row is missing 'id'")
                    return nil
                }
                guard FieldReader.isValidID(rowID) else {
                    item["id"]?.error("grid row id '\(rowID)' may only use letters, digits, '_' and '-', and must start with a letter")
                    return nil
                }
                return FieldOption(value: rowID, label: item.text("label") ?? rowID)
            }
            Self.reportDuplicates(in: items, what: "row", key: "id", field: id)
            if items.isEmpty { rowsNode.error("grid '\(id)' has no rows: give 'rows' at least one {id, label}") }
        } else {
            node.error("grid '\(id)' is missing 'rows' (a list of {id, label})")
        }
        if let columnsNode = node["columns"] {
            if let items = columnsNode.expectSequence("'columns'") {
                field.options = OptionReader(fieldID: id, type: field.type).read(columnsNode)
                Self.reportDuplicates(in: items, what: "column", key: "value", field: id)
                if items.isEmpty { columnsNode.error("grid '\(id)' has no columns: give 'columns' at least one {value, label}") }
            }
        } else {
            node.error("grid '\(id)' is missing 'columns' (a list of {value, label})")
        }
        field.multiple = node.bool("multiple") ?? false
        if node.has("options") { node["options"]?.error("a grid's choices are its 'columns', not 'options'") }
    }

    /// Reads a scale's bounds and end labels into `field.scale`.
    func readScale(_ node: ConfigNode, into field: inout Field) {
        let id = field.id
        let low = node.int("min"), high = node.int("max")
        if low == nil, !node.has("min") { node.error("scale '\(id)' is missing 'min' (its lowest number, such as 0 or 1)") }
        if high == nil, !node.has("max") { node.error("scale '\(id)' is missing 'max' (its highest number, such as 5 or 10)") }
        let minLabel = node.localized("minLabel"), maxLabel = node.localized("maxLabel")
        if let minLabel, !minLabel.translations.isEmpty { field.translations["minLabel"] = minLabel.translations }
        if let maxLabel, !maxLabel.translations.isEmpty { field.translations["maxLabel"] = maxLabel.translations }
        guard let low, let high else { return }
        if low >= high {
            node["max"]?.error("scale '\(id)' must have 'min' below 'max', found min \(low) and max \(high)")
            return
        }
        if high - low > ScaleRange.widest {
            node["max"]?.error("scale '\(id)' offers \(high - low + 1) numbers (\(low) to \(high)); a scale offers at most \(ScaleRange.widest + 1), such as 0 to 10")
            return
        }
        field.scale = ScaleRange(min: low, max: high, minLabel: minLabel?.text, maxLabel: maxLabel?.text)
        if node.has("options") { node["options"]?.error("a scale's choices are the numbers from 'min' to 'max', not 'options'") }
    }

    /// Grid and scale keys written on a field of another type.
    static func warnMisplaced(_ node: ConfigNode, type: FieldType) {
        if type != .grid {
            for key in gridKeys where node.has(key) {
                node[key]?.warning("'\(key)' applies only to grid fields (type: grid); this is a \(type.rawValue) field")
            }
        }
        if type != .scale {
            for key in scaleKeys where node.has(key) {
                node[key]?.warning("'\(key)' applies only to scale fields (type: scale); this is a \(type.rawValue) field")
            }
        }
    }

    /// A second row or column with an id already used, at its own entry.
    private static func reportDuplicates(in items: [ConfigNode], what: String, key: String, field: String) {
        var seen: Set<String> = []
        for item in items {
            guard let value = item.scalarText.map(slug) ?? item[key]?.scalarText else { continue }
            if !seen.insert(value).inserted {
                (item[key] ?? item).error("grid '\(field)' has the \(what) '\(value)' twice; each \(what) needs its own \(key)")
            }
        }
    }

    /// A row written as bare text gets an id from it: lower-case letters and digits, others as `_`, led by a letter.
    static func slug(_ text: String) -> String {
        var id = String(text.lowercased().unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        })
        if id.first.map({ !$0.isLetter }) ?? true { id = "r" + id }
        return id
    }
}
