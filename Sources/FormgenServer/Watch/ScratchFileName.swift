import Foundation

/// Names of files that editors and tools write for a moment beside the real one (swap files, backups,
/// `sed -i`'s temporary copy), which can never be a config or a template: the watcher ignores them.
public enum ScratchFileName {
    /// True for `sedXXXXXX` (`sed -i`), vim's `.swp`/`.swx`/`.swo` and its `4913` probe, `~` backups,
    /// emacs' `.#name` locks and `#name#` autosaves, `.DS_Store`, `*.tmp`, and formgen's own `.formgen-*`.
    public static func matches(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix(".#") || name.hasPrefix(".formgen-") || name.hasSuffix("~") { return true }
        if name.count > 1, name.hasPrefix("#"), name.hasSuffix("#") { return true }
        if name == "4913" || name == ".DS_Store" { return true }
        let lowered = name.lowercased()
        if [".swp", ".swx", ".swo", ".tmp"].contains(where: lowered.hasSuffix) { return true }
        return isSedTemporary(name)
    }

    /// `sed -i` writes its output to `sed` plus six letters or digits, then renames it over the file.
    private static func isSedTemporary(_ name: String) -> Bool {
        guard name.count == 9, name.hasPrefix("sed") else { return false }
        return name.dropFirst(3).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
