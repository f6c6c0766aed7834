import Foundation

/// Finds data paths that sit inside a git work tree without being ignored, so `git add .` would put personal data in
/// the repository. Asks `git check-ignore`; says nothing when git is not installed or a path is outside any work tree.
public enum GitIgnoreCheck {
    /// Whether git would add `path` (a file, or a path inside a folder) with `git add .`.
    public static func isExposed(_ path: String) -> Bool {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        var folder = absolute.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" { folder = folder.deletingLastPathComponent() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "check-ignore", "-q", "--", absolute.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        // 0: ignored; 1: not ignored; 128: not in a work tree; 127: no git.
        return process.terminationReason == .exit && process.terminationStatus == 1
    }

    /// Warnings for the SQLite file `database` (nil with PostgreSQL) and the `uploads` folder that git would add.
    public static func warnings(database: String?, uploads: String) -> [String] {
        var warnings: [String] = []
        if let database, isExposed(database) {
            warnings.append("\(database) is inside a git work tree and not ignored: submissions are personal data, one `git add .` "
                + "from the repository. Add it (with its -journal file) to .gitignore, or keep it elsewhere with --db")
        }
        if isExposed((uploads as NSString).appendingPathComponent("0")) {
            warnings.append("\(uploads)/ is inside a git work tree and not ignored: the files people sent are one `git add .` from the "
                + "repository. Add it to .gitignore, or keep them elsewhere with --uploads")
        }
        return warnings
    }
}
