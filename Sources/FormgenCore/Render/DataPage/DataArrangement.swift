import FormgenRuntime

/// The entries a block shows, arranged as `data.js` arranges them: found at `items`, `dropIf` leaving some out,
/// sorted (`sort`: numbers as numbers, text by code units, missing values last, ties in the answer's order) and
/// grouped (`groupBy`: a group per value, or per day with `format: date`, in the order the groups first occur).
struct DataArrangement {
    struct Group: Equatable {
        /// The group's heading; nil when the block is not grouped.
        var label: String?
        var entries: [JSONValue]
    }

    /// The value at a dot path (`data.rates`); the answer itself without a path.
    static func value(in body: JSONValue, path: String?) -> JSONValue? {
        guard let path, !path.isEmpty else { return body }
        var current = body
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let members) = current, let next = members[String(key)] else { return nil }
            current = next
        }
        return current
    }

    /// The block's groups of entries; no group when the answer holds no list at `items` or every entry is dropped.
    static func groups(_ block: DataBlock, body: JSONValue, formatter: DataValueFormatter) -> [Group] {
        guard case .array(let all)? = value(in: body, path: block.items) else { return [] }
        var entries = all.filter { !(block.dropIf?.drops($0) ?? false) }
        if let sort = block.sort {
            entries = entries.enumerated().sorted { left, right in
                let order = compare(DataValueFormatter.member(sort.key, of: left.element), DataValueFormatter.member(sort.key, of: right.element),
                                    descending: sort.descending)
                return order == 0 ? left.offset < right.offset : order < 0
            }.map(\.element)
        }
        guard let group = block.groupBy else { return entries.isEmpty ? [] : [Group(label: nil, entries: entries)] }
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for entry in entries {
            let value = DataValueFormatter.member(group.key, of: entry)
            let text = value.map(DataValueFormatter.plainText) ?? ""
            let key = group.format == .date && DataValueFormatter.dateParts(text) != nil ? String(text.prefix(10)) : text
            if let at = index[key] {
                groups[at].entries.append(entry)
            } else {
                index[key] = groups.count
                groups.append(Group(label: formatter.groupLabel(value, format: group.format), entries: [entry]))
            }
        }
        return groups
    }

    /// -1, 0 or 1: numbers (and plainly written numbers) by value, else text by UTF-16 code units; a missing
    /// value or null after every other in both orders.
    static func compare(_ left: JSONValue?, _ right: JSONValue?, descending: Bool) -> Int {
        let leftMissing = left == nil || left == .null, rightMissing = right == nil || right == .null
        if leftMissing || rightMissing { return leftMissing == rightMissing ? 0 : leftMissing ? 1 : -1 }
        var order: Int
        if let a = DataValueFormatter.number(left!), let b = DataValueFormatter.number(right!) {
            order = a < b ? -1 : a > b ? 1 : 0
        } else {
            let a = Array(DataValueFormatter.plainText(left!).utf16), b = Array(DataValueFormatter.plainText(right!).utf16)
            order = a.lexicographicallyPrecedes(b) ? -1 : a == b ? 0 : 1
        }
        return descending ? -order : order
    }
}
