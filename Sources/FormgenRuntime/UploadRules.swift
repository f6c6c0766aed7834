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
