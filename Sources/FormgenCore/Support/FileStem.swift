/// A file's name without its folders and its extension (`forms/contact.yaml` → `contact`), as
/// `URL(fileURLWithPath:).deletingPathExtension().lastPathComponent` gives it, from the text alone: no `URL`, which
/// on Linux asks the file system whether the path is a folder. Config files, docs and remote sources are named by it.
enum FileStem {
    static func of(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let name = trimmed.lastIndex(of: "/").map { trimmed[trimmed.index(after: $0)...] } ?? trimmed
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex, name.index(after: dot) < name.endIndex else { return String(name) }
        return String(name[..<dot])
    }
}
