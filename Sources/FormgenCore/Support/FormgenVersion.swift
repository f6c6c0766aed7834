import Foundation
import FormgenTemplates

/// formgen's version, and the git revision a binary was built from: its checkout's, or the one a release recorded.
public enum FormgenVersion {
    /// The release number.
    public static let number = "0.2.0"

    /// `formgen 0.2.0 (git 1a2b3c4d5e6f)`, or without the revision when it is not known.
    public static func description(executable: String = runningExecutable()) -> String {
        "formgen \(number)" + (revision(executable: executable).map { " (git \($0))" } ?? "")
    }

    /// The file beside a packaged binary that records its revision (`scripts/package` writes it).
    public static let revisionFileName = "formgen.revision"

    /// The path of the running binary with its links resolved: `/proc/self/exe` on Linux, so a binary run by name
    /// through `PATH` or through a symlink is found where it is; else the first argument.
    public static func runningExecutable() -> String {
        BuiltinTemplates.runningExecutable() ?? CommandLine.arguments.first ?? ""
    }

    /// The commit checked out in the repository whose `.build/` holds `executable`, read from the files in
    /// `.git` (no `git` process); else the one recorded in `formgen.revision` beside it; else nil.
    public static func revision(executable: String) -> String? {
        let binaryFolder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        return checkoutRevision(binaryFolder: binaryFolder)
            ?? (try? String(contentsOf: binaryFolder.appendingPathComponent(revisionFileName), encoding: .utf8)).flatMap(short)
    }

    private static func checkoutRevision(binaryFolder: URL) -> String? {
        var folder = binaryFolder
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
