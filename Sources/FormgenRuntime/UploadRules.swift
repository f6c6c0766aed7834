/// A file field's limits: which files (`accept`: MIME types, `image/*`, extensions), how big, how many.
public struct UploadRules: Sendable, Hashable {
    /// `image/png`, `image/*`, `.pdf`, lower-cased; empty: any file.
    public var accept: [String] = []
    /// Largest file in bytes; nil: no limit.
    public var maxSize: Int?
    /// Whether more than one file may be chosen.
    public var multiple = false
    /// Most files when `multiple`; nil: no limit.
    public var maxFiles: Int?

    public init() {}

    /// `5MB` → 5,000,000; `200KB`, `1.5 MB`, `300kB`, `2MiB` (1,024-based), `1000` (bytes); nil when it is none of these.
    public static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let number = Double(digits), number >= 0 else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let scale: [String: Double] = ["": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824]
        guard let factor = scale[unit] else { return nil }
        let bytes = number * factor
        return bytes < Double(Int.max) ? Int(bytes.rounded()) : nil
    }

    /// `5 MB`, `200 KB`, `1.5 MB`, `800 bytes`: a size as a message says it.
    public static func sizeText(_ bytes: Int) -> String {
        func short(_ value: Double) -> String { formatNumber((value * 10).rounded() / 10) }
        if bytes >= 1_000_000 { return short(Double(bytes) / 1e6) + " MB" }
        if bytes >= 1_000 { return short(Double(bytes) / 1e3) + " KB" }
        return "\(bytes) bytes"
    }

    /// The MIME type of the extensions whose files formgen tells by their bytes (`FileSniffer`).
    public static let extensionTypes = [".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
                                        ".webp": "image/webp", ".pdf": "application/pdf"]

    /// Whether a file of this name and MIME type is one `accept` allows (any file when `accept` is empty). An extension
    /// formgen knows the type of (`.png`, `.jpg`, `.pdf` …) is matched by that type, so a renamed file does not pass; any
    /// other extension by the name.
    public static func allows(_ accept: [String], name: String, type: String) -> Bool {
        guard !accept.isEmpty else { return true }
        let mime = type.lowercased(), lowerName = name.lowercased()
        return accept.contains { entry in
            if let known = extensionTypes[entry] { return mime == known }
            if entry.hasPrefix(".") { return lowerName.hasSuffix(entry) }
            if entry.hasSuffix("/*") { return mime.hasPrefix(String(entry.dropLast())) }
            return mime == entry
        }
    }
}

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
