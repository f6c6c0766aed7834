import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a site's configs come from: a config folder on disk, or its files held in memory (path under the
/// config folder → text). Loading, checking and building read only through it, so a test or a tool can
/// build a site that was never written to disk, and diagnostics name files as `<directory>/<path>` either way.
public struct SiteSource: Sendable {
    /// The config folder as the user named it; diagnostics name files under it.
    public var directory: String
    /// The files by path under `directory`, when they are held in memory; nil for a folder on disk.
    private var texts: [String: String]?
    /// Every entry under the config folder as one walk found it (``FolderWalk/entries(under:)``), when the folder was
    /// walked once for the whole build; nil to walk it at each listing.
    private var listing: [FolderWalk.Entry]?

    /// The config folder at `path` (as the user named it).
    public static func folder(_ path: String) -> SiteSource {
        SiteSource(directory: path, texts: nil, listing: nil)
    }

    /// The config folder at `path` as `entries` (its walk, ``FolderWalk/entries(under:)``) found it: listing its
    /// files and links reads those entries, not the disk (a build's fingerprint and its loading share one walk).
    static func folder(_ path: String, listing entries: [FolderWalk.Entry]) -> SiteSource {
        SiteSource(directory: path, texts: nil, listing: entries)
    }

    /// A site whose files are `files` (path under the config folder, such as `forms/contact.yaml` → text),
    /// named as if they were under `directory`.
    public static func memory(_ files: [String: String], directory: String = "configs") -> SiteSource {
        SiteSource(directory: directory, texts: files, listing: nil)
    }

    /// Whether the files are those of a folder on disk (not held in memory).
    public var isFolder: Bool { texts == nil }

    /// The full path (as diagnostics show it) of a file under the config folder.
    public func path(_ relative: String) -> String {
        (directory as NSString).appendingPathComponent(relative)
    }

    /// The files under `folder` whose extension is one of `extensions` (lower case, no dot), as full paths,
    /// sorted; files and folders whose name starts with a dot are left out when `skipHidden` is set.
    public func files(in folder: String, extensions: Set<String>, skipHidden: Bool = false) -> [String] {
        let relatives: [String]
        if let texts {
            let prefix = folder + "/"
            relatives = texts.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        } else if let listing {
            let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
            relatives = listing.filter { $0.kind == .file && $0.path.hasPrefix(prefix) }.map { String($0.path.dropFirst(prefix.count)) }
        } else {
            relatives = FolderWalk.entries(under: path(folder)).filter { $0.kind == .file }.map(\.path)
        }
        let base = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        return relatives.filter { relative in
            extensions.contains(Self.fileExtension(of: relative))
                && !(skipHidden && relative.split(separator: "/").contains { $0.hasPrefix(".") })
        }.map { path(base + $0) }.sorted()
    }

    /// The lower-cased extension of a path's last component (`yaml` for `forms/a.YAML`), empty when it has none.
    static func fileExtension(of path: String) -> String {
        // Found in the bytes: a thousand forms are listed on every build.
        let bytes = path.utf8
        let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[name...].lastIndex(of: UInt8(ascii: ".")), dot != name else { return "" }
        return path[bytes.index(after: dot)...].lowercased()
    }

    /// The symbolic links anywhere under the config folder, as full paths, sorted. formgen reads and copies none
    /// of them: a link could bring a file from outside the site (`assets/p.txt -> /etc/passwd`) into the output.
    public func symbolicLinks() -> [String] {
        guard texts == nil else { return [] }
        return (listing ?? FolderWalk.entries(under: directory)).filter { $0.kind == .link }.map { path($0.path) }.sorted()
    }

    /// The regular files under `folder` (`assets`) of a folder on disk, by path under it, sorted; links are left out.
    func regularFiles(under folder: String) -> [String] {
        guard texts == nil else { return [] }
        let prefix = folder + "/"
        let entries = listing.map { $0.filter { $0.path.hasPrefix(prefix) }.map { FolderWalk.Entry(path: String($0.path.dropFirst(prefix.count)), kind: $0.kind) } }
            ?? FolderWalk.entries(under: path(folder))
        return entries.filter { entry in
            guard entry.kind == .file else { return false }
            var info = stat()
            return lstat(path(prefix + entry.path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }.map(\.path)
    }

    /// Whether a file exists at this path under the config folder.
    public func exists(_ relative: String) -> Bool {
        if let texts { return texts[relative] != nil }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(relative), isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The text of the file at a full path (one `files(in:)` or `path(_:)` gave); a file that cannot be read
    /// or is not UTF-8 is an error at its first line.
    func text(of file: String, log: DiagnosticLog) -> String? {
        guard let texts else { return ConfigFile.readText(file, log: log) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        guard file.hasPrefix(prefix), let text = texts[String(file.dropFirst(prefix.count))] else {
            log.error("cannot read file", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        return text
    }
}
