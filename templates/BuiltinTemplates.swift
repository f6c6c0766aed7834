import Foundation

/// The built-in templates, CSS and runtime that ship with formgen.
///
/// A site's own `templates/` folder overrides these file by file.
public enum BuiltinTemplates {
    /// The folder holding `layouts/`, `partials/` and `assets/`: the resource bundle beside the running binary, as
    /// SwiftPM's `Bundle.module` looks for it first, found with one `readlink` and one `stat` (making `Bundle.main`
    /// and the bundle took 1.5 ms of every start); else wherever `Bundle.module` finds it (the build folder).
    public static let directory: URL = besideRunningBinary ?? bundled()

    /// The resource bundle beside the running binary, looked for once; nil when it is not there (then finding the
    /// folder goes through `Bundle.module`, which stops a process that has none).
    public static let besideRunningBinary: URL? = besideExecutable()

    /// The folder as `Bundle.module` finds it.
    static func bundled() -> URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    /// The name SwiftPM gives this target's resource bundle (package `formgen`, target `FormgenTemplates`).
    static let bundleName = "formgen_FormgenTemplates.resources"

    /// `formgen_FormgenTemplates.resources` in the folder of the running binary (links resolved), when it is a folder.
    static func besideExecutable(executable: String? = runningExecutable()) -> URL? {
        guard let executable, let slash = executable.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = String(executable[..<slash]) + "/" + bundleName
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return URL(fileURLWithPath: folder, isDirectory: true)
    }

    /// The running binary's path from `/proc/self/exe`, its links resolved (nil where there is none).
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
