import Foundation
import FormgenRuntime

/// Reads `accept`, `maxSize`, `multiple` and `maxFiles` of a `type: file` field.
struct UploadRulesReader {
    func read(_ node: ConfigNode) -> UploadRules {
        var rules = UploadRules()
        if let accept = node["accept"] {
            let entries = (node.stringList("accept") ?? []).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            if entries.isEmpty { accept.error("'accept' is empty: list MIME types (image/png, image/*) or extensions (.pdf), or leave it out for any file") }
            for entry in entries where !(entry.hasPrefix(".") && entry.count > 1) && !(entry.split(separator: "/").count == 2 && !entry.hasPrefix("/")) {
                accept.error("'accept' entry '\(entry)' is neither a MIME type (image/png, image/*) nor an extension (.pdf)")
            }
            rules.accept = entries
        }
        if let size = node["maxSize"] {
            if let text = size.scalarText, let bytes = UploadRules.bytes(text), bytes > 0 { rules.maxSize = bytes } else {
                size.error("'maxSize' must be a size such as 5MB, 200KB or 1000 (bytes), found '\(size.scalarText ?? size.kindName)'")
            }
        }
        rules.multiple = node.bool("multiple") ?? false
        if let count = node.int("maxFiles") {
            if count < 1 { node["maxFiles"]?.error("'maxFiles' must be 1 or more, found \(count)") }
            else if !rules.multiple { node["maxFiles"]?.warning("'maxFiles' applies only with 'multiple: true'; this field takes one file") }
            else { rules.maxFiles = count }
        }
        return rules
    }

    /// A file field's keys written on another type of field.
    static func warnMisplaced(_ node: ConfigNode, type: FieldType) {
        for key in ["accept", "maxSize", "multiple", "maxFiles"] where node.has(key) {
            node[key]?.warning("'\(key)' applies only to file fields (type: file); this is a \(type.rawValue) field")
        }
    }
}
