/// A value's full description with every dictionary's entries in sorted order, so that the same value gives the
/// same text in every process (`String(describing:)` lists a dictionary in its hash order, which Swift seeds per
/// process). Used for cache keys made from settings.
enum StableDescription {
    static func of(_ value: Any) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    private static func write(_ value: Any, into text: inout String) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary:
            let entries = mirror.children.map { entry -> String in
                var part = ""
                let pair = Mirror(reflecting: entry.value).children.map(\.value)
                for (index, element) in pair.enumerated() {
                    if index > 0 { part += ": " }
                    write(element, into: &part)
                }
                return part
            }
            text += "[" + entries.sorted().joined(separator: ", ") + "]"
        case .set:
            text += "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ", ") + "}"
        case .struct, .class, .tuple, .collection, .enum, .optional:
            if mirror.children.isEmpty {
                text += String(describing: value)
                return
            }
            text += "\(mirror.subjectType)("
            for (index, child) in mirror.children.enumerated() {
                if index > 0 { text += ", " }
                if let label = child.label { text += label + ": " }
                write(child.value, into: &text)
            }
            text += ")"
        default:
            text += String(reflecting: value)
        }
    }
}
