import Foundation

/// formgen's version, and the git revision of the checkout a binary was built in, when it runs from one.
public enum FormgenVersion {
    /// The release number.
    public static let number = "0.2.0"

    /// `formgen 0.2.0 (git 1a2b3c4d5e6f)`, or without the revision when it is not known.
    public static func description(executable: String = CommandLine.arguments.first ?? "") -> String {
        "formgen \(number)" + (revision(executable: executable).map { " (git \($0))" } ?? "")
    }

    /// The commit checked out in the repository whose `.build/` holds `executable`, read from the files in
    /// `.git` (no `git` process); nil for an installed binary.
    public static func revision(executable: String) -> String? {
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent()
            let dotGit = folder.appendingPathComponent(".git")
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                  FileManager.default.fileExists(atPath: dotGit.path) else { continue }
            return commit(gitDirectory: gitDirectory(dotGit))
        }
        return nil
    }

    /// `.git` itself, or the folder a worktree's `.git` file names.
    private static func gitDirectory(_ dotGit: URL) -> URL {
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return dotGit }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, relativeTo: dotGit.deletingLastPathComponent()).standardizedFileURL
    }

    private static func commit(gitDirectory: URL) -> String? {
        guard let head = try? String(contentsOf: gitDirectory.appendingPathComponent("HEAD"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard head.hasPrefix("ref: ") else { return short(head) }
        let ref = String(head.dropFirst("ref: ".count))
        var folders = [gitDirectory]
        if let common = try? String(contentsOf: gitDirectory.appendingPathComponent("commondir"), encoding: .utf8) {
            folders.append(URL(fileURLWithPath: common.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: gitDirectory).standardizedFileURL)
        }
        for folder in folders {
            if let text = try? String(contentsOf: folder.appendingPathComponent(ref), encoding: .utf8) { return short(text) }
            if let packed = try? String(contentsOf: folder.appendingPathComponent("packed-refs"), encoding: .utf8),
               let line = packed.split(separator: "\n").first(where: { $0.hasSuffix(" " + ref) }) {
                return short(String(line.prefix { $0 != " " }))
            }
        }
        return nil
    }

    private static func short(_ hash: String) -> String? {
        let hash = hash.trimmingCharacters(in: .whitespacesAndNewlines)
        return hash.count >= 12 && hash.allSatisfy(\.isHexDigit) ? String(hash.prefix(12)) : nil
    }
}
