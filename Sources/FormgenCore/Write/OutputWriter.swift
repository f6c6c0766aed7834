import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole build at once: into a temporary folder beside the output, then swapped in,
/// so a failed build leaves the previous output exactly as it was.
public struct OutputWriter: Sendable {
    public var outputDirectory: URL
    /// The most threads writing uses (`--jobs`); nil: the file system's own number.
    public var jobs: Int?

    public init(outputDirectory: URL, jobs: Int? = nil) {
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.jobs = jobs
    }

    /// Writes `files` (relative path → bytes) and copies `copies` (relative path → source file), then swaps.
    public func write(files: [String: Data], copies: [String: URL]) throws {
        _ = try write(outputs: files.map { path, data in SiteOutput(path: path) { data } }, copies: copies)
    }

    /// Renders and writes each output in parallel (no page waits in memory for the others), copies
    /// `copies` (relative path → source file), then swaps the new folder in. An output whose cache key
    /// equals the one in `reusing` (the last build's keys, by path) is hard-linked from the last build.
    /// Returns the paths of the outputs it rendered (not those it linked), sorted.
    @discardableResult
    public func write(outputs: [SiteOutput], copies: [String: URL], reusing previousKeys: [String: String] = [:]) throws -> [String] {
        let fileManager = FileManager.default
        let parent = outputDirectory.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        let name = outputDirectory.lastPathComponent
        let staging = parent.appendingPathComponent(".\(name).formgen-new-\(ProcessInfo.processInfo.processIdentifier)")
        let retired = parent.appendingPathComponent(".\(name).formgen-old-\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: staging)
        try? fileManager.removeItem(at: retired)
        removeLeftovers(in: parent, name: name)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            let rendered: [String]
            if jobs == 1 {
                let folders = Set((outputs.map(\.path) + Array(copies.keys)).map(Self.parent)).filter { !$0.isEmpty }
                try createFolders(folders, in: staging)
                rendered = try writeInParallel(outputs, into: staging, reusing: previousKeys, gate: nil)
            } else {
                // The folders are created on a thread of their own while the outputs render.
                let gate = FolderGate(root: staging.path, paths: outputs.map(\.path), extra: Array(copies.keys))
                gate.start()
                let written = Result { try writeInParallel(outputs, into: staging, reusing: previousKeys, gate: gate) }
                try gate.finish()
                rendered = try written.get()
            }
            for (relative, source) in copies.sorted(by: { $0.key < $1.key }) {
                try fileManager.copyItem(at: source, to: staging.appendingPathComponent(relative))
            }
            try keepHiddenFiles(from: outputDirectory, into: staging, written: Set(outputs.map(\.path)))
            if fileManager.fileExists(atPath: outputDirectory.path) {
                try fileManager.moveItem(at: outputDirectory, to: retired)
                do {
                    try fileManager.moveItem(at: staging, to: outputDirectory)
                } catch {
                    try? fileManager.moveItem(at: retired, to: outputDirectory)
                    throw error
                }
                FileSystemWork.removeTree(retired, jobs: jobs)
            } else {
                try fileManager.moveItem(at: staging, to: outputDirectory)
            }
            return rendered
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
    }

    /// Removes the staging and retired folders (`.<name>.formgen-new-<pid>`, `.<name>.formgen-old-<pid>`)
    /// of builds whose process is gone (killed mid-build), saying so in one line on standard error.
    /// Returns the names it removed, sorted.
    @discardableResult
    func removeLeftovers(in parent: URL, name: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
        let own = ProcessInfo.processInfo.processIdentifier
        var removed: [String] = []
        for entry in entries.sorted() {
            guard let pid = Self.leftoverProcess(entry, name: name), pid != own, !Self.isRunning(pid) else { continue }
            FileSystemWork.removeTree(parent.appendingPathComponent(entry), jobs: jobs)
            removed.append(entry)
        }
        if !removed.isEmpty {
            let line = "formgen: removed \(removed.count) leftover folder\(removed.count == 1 ? "" : "s") of killed builds: \(removed.joined(separator: ", "))\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return removed
    }

    /// The process id in a staging or retired folder's name for the output `name`, if it is one.
    static func leftoverProcess(_ entry: String, name: String) -> Int32? {
        for kind in ["new", "old"] {
            let prefix = ".\(name).formgen-\(kind)-"
            if entry.hasPrefix(prefix), let pid = Int32(entry.dropFirst(prefix.count)), pid > 0 { return pid }
        }
        return nil
    }

    /// Whether a process with this id exists (`kill(pid, 0)`; a process of another user counts as running).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Renders and writes the outputs on a few threads, so one thread's disk waits overlap another's
    /// rendering. A file whose bytes equal the previous build's is hard-linked from it instead, so
    /// unchanged pages keep their modification times.
    /// With a `gate`, each file waits for its folder (``FolderGate``) after rendering, before being written or linked.
    private func writeInParallel(_ outputs: [SiteOutput], into staging: URL, reusing previousKeys: [String: String], gate: FolderGate?) throws -> [String] {
        let failure = FirstError()
        let rendered = ResultSlots<String>(count: outputs.count)
        let stagingRoot = staging.path + "/", outputRoot = outputDirectory.path + "/"
        // Into a new folder there is nothing to link: no system call per file goes looking.
        let hasPrevious = FileManager.default.fileExists(atPath: outputDirectory.path)
        FileSystemWork.run(outputs.count, jobs: jobs) { index in
            let relative = outputs[index].path
            let target = stagingRoot + relative
            let previous = outputRoot + relative
            if hasPrevious, let key = outputs[index].cacheKey, previousKeys[relative] == key {
                guard gate?.waitForFolder(ofOutput: index) ?? true else { return }
                if link(previous, target) == 0 { return }
            }
            rendered[index] = relative
            let data = outputs[index].bytes()
            guard gate?.waitForFolder(ofOutput: index) ?? true else { return }
            if hasPrevious, Self.hasSameBytes(previous, data), link(previous, target) == 0 { return }
            do { try Self.writeFile(target, data) } catch { failure.record(error) }
        }
        if let error = failure.error { throw error }
        return rendered.values.sorted()
    }

    /// Writes into the output folder as it stands (it holds the build `previousKeys` and `previousPaths`
    /// describe): an output whose cache key is unchanged and whose file is there is left alone; the others are
    /// rendered in parallel, and those whose bytes changed are written into a staging folder beside the output
    /// first (never inside it, so a build killed here leaves nothing the site serves; the next build removes the
    /// folder as any killed build's), then all renamed into place (so a write that fails leaves every file as it
    /// was); copies likewise; the files of `previousPaths` that are no longer built are removed. Returns the paths
    /// written or removed, sorted. The files of `present` are known to be there (the build just looked).
    public func writeInPlace(outputs: [SiteOutput], copies: [String: URL], reusing previousKeys: [String: String],
                             previousPaths: Set<String>, present: Set<String> = []) throws -> [String] {
        let fileManager = FileManager.default
        let root = outputDirectory.path
        let parent = outputDirectory.deletingLastPathComponent()
        let name = outputDirectory.lastPathComponent
        removeLeftovers(in: parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).formgen-new-\(ProcessInfo.processInfo.processIdentifier)").path
        try? fileManager.removeItem(atPath: staging)
        defer { try? fileManager.removeItem(atPath: staging) }
        let staged = ResultSlots<String>(count: outputs.count)
        let failure = FirstError()
        let folder = OpenFolder(root)
        FileSystemWork.run(outputs.count, jobs: jobs) { index in
            let relative = outputs[index].path
            if let key = outputs[index].cacheKey, previousKeys[relative] == key, present.contains(relative) || folder.contains(relative) { return }
            let path = root + "/" + relative
            let data = outputs[index].bytes()
            if Self.hasSameBytes(path, data) { return }
            do {
                try Self.stage(data, at: staging + "/" + relative)
                staged[index] = relative
            } catch {
                failure.record(error)
            }
        }
        var changed = staged.values
        if failure.error == nil {
            for (relative, source) in copies.sorted(by: { $0.key < $1.key }) {
                let path = root + "/" + relative
                guard let data = fileManager.contents(atPath: source.path), !Self.hasSameBytes(path, data) else { continue }
                do {
                    try Self.stage(data, at: staging + "/" + relative)
                    changed.append(relative)
                } catch {
                    failure.record(error)
                    break
                }
            }
        }
        if let error = failure.error { throw error }
        for folder in Set(changed.map { Self.parent(of: root + "/" + $0) }).sorted() {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for relative in changed {
            guard rename(staging + "/" + relative, root + "/" + relative) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        let current = Set(outputs.map(\.path)).union(copies.keys)
        for relative in previousPaths.subtracting(current).sorted() {
            let target = outputDirectory.appendingPathComponent(relative)
            guard fileManager.fileExists(atPath: target.path) else { continue }
            try fileManager.removeItem(at: target)
            changed.append(relative)
            removeEmptyFolders(above: relative)
        }
        return changed.sorted()
    }

    /// Writes a file's new bytes where they wait until every changed file is written.
    private static func stage(_ data: Data, at path: String) throws {
        let folder = parent(of: path)
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try writeFile(path, data)
    }

    /// Removes the folders holding `relative` that are left empty, deepest first, up to the output folder.
    private func removeEmptyFolders(above relative: String) {
        var folder = Self.parent(of: relative)
        while !folder.isEmpty {
            let url = outputDirectory.appendingPathComponent(folder)
            guard (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true,
                  (try? FileManager.default.removeItem(at: url)) != nil else { return }
            folder = Self.parent(of: folder)
        }
    }

    /// `a/b` for `a/b/c.html`, the empty path for `c.html`. (Foundation's `deletingLastPathComponent`
    /// traps on a one-character path here.)
    static func parent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Creates folders, parents before children, each level in parallel.
    private func createFolders(_ folders: Set<String>, in staging: URL) throws {
        var all = Set<String>()
        for folder in folders {
            var path = folder
            while !path.isEmpty && all.insert(path).inserted { path = Self.parent(of: path) }
        }
        let failure = FirstError()
        let byDepth = Dictionary(grouping: all) { $0.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
        let stagingRoot = staging.path + "/"
        for depth in byDepth.keys.sorted() {
            let level = byDepth[depth] ?? []
            FileSystemWork.run(level.count, jobs: jobs) { index in
                if mkdir(stagingRoot + level[index], 0o755) != 0 && errno != EEXIST {
                    failure.record(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                }
            }
        }
        if let error = failure.error { throw error }
    }

    private static func hasSameBytes(_ path: String, _ data: Data) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == data.count else { return false }
        return FileManager.default.contents(atPath: path) == data
    }

    /// A plain write: no temporary file and no fsync (the folder swap is what makes the build atomic).
    static func writeFile(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
    }

    /// Hidden files at the top of the old output (`.gitkeep`) are not the build's; they stay.
    private func keepHiddenFiles(from old: URL, into staging: URL, written: Set<String>) throws {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: old.path) else { return }
        for name in names.sorted() where name.hasPrefix(".") && !written.contains(name) {
            let target = staging.appendingPathComponent(name)
            if !fileManager.fileExists(atPath: target.path) {
                try fileManager.copyItem(at: old.appendingPathComponent(name), to: target)
            }
        }
    }
}

/// The first error raised by any of several parallel tasks.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var error: Error?

    func record(_ error: Error) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }
}
