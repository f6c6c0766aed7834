/// A value's full description with every dictionary's entries in sorted order, so that the same value gives the
/// same text in every process (`String(describing:)` lists a dictionary in its hash order, which Swift seeds per
/// process). Used for cache keys made from settings. `files` says a position's file as the key should (relative to the
/// config folder, so that the folder's spelling on the command line does not change the key).
enum StableDescription {
    static func of(_ value: Any, files: (String) -> String = { $0 }) -> String {
        var text = ""
        write(value, into: &text, files: files)
        return text
    }

    private static func write(_ value: Any, into text: inout String, files: (String) -> String) {
        var value = value
        if var location = value as? SourceLocation {
            location.file = files(location.file)
            value = location
        }
        // The leaves most settings are made of, written as `String(reflecting:)` writes them, without a mirror each (an
        // optional holding one is written as its value; an empty optional stays `nil`).
        switch value {
        case let string as String: text += string.debugDescription; return
        case let number as Int: text += String(number); return
        case let flag as Bool: text += flag ? "true" : "false"; return
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary:
            let entries = mirror.children.map { entry -> String in
                var part = ""
                let pair = Mirror(reflecting: entry.value).children.map(\.value)
                for (index, element) in pair.enumerated() {
                    if index > 0 { part += ": " }
                    write(element, into: &part, files: files)
                }
                return part
            }
            text += "[" + entries.sorted().joined(separator: ", ") + "]"
        case .set:
            text += "{" + mirror.children.map { of($0.value, files: files) }.sorted().joined(separator: ", ") + "}"
        case .struct, .class, .tuple, .collection, .enum, .optional:
            if mirror.children.isEmpty {
                text += String(describing: value)
                return
            }
            text += "\(mirror.subjectType)("
            for (index, child) in mirror.children.enumerated() {
                if index > 0 { text += ", " }
                if let label = child.label { text += label + ": " }
                write(child.value, into: &text, files: files)
            }
            text += ")"
        default:
            text += String(reflecting: value)
        }
    }
}
