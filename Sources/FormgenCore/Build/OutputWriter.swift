import Foundation

/// Writes a whole build at once: into a temporary folder beside the output, then swapped in,
/// so a failed build leaves the previous output exactly as it was.
public struct OutputWriter {
    public var outputDirectory: URL

    public init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory.standardizedFileURL
    }

    /// Writes `files` (relative path → bytes) and copies `copies` (relative path → source file), then swaps.
    public func write(files: [String: Data], copies: [String: URL]) throws {
        let fileManager = FileManager.default
        let parent = outputDirectory.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        let name = outputDirectory.lastPathComponent
        let staging = parent.appendingPathComponent(".\(name).formgen-new-\(ProcessInfo.processInfo.processIdentifier)")
        let retired = parent.appendingPathComponent(".\(name).formgen-old-\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: staging)
        try? fileManager.removeItem(at: retired)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            var created = Set<String>()
            func ensureFolder(for relative: String) throws {
                let folder = (relative as NSString).deletingLastPathComponent
                guard !folder.isEmpty, created.insert(folder).inserted else { return }
                try fileManager.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for (relative, data) in files.sorted(by: { $0.key < $1.key }) {
                try ensureFolder(for: relative)
                try data.write(to: staging.appendingPathComponent(relative))
            }
            for (relative, source) in copies.sorted(by: { $0.key < $1.key }) {
                try ensureFolder(for: relative)
                try fileManager.copyItem(at: source, to: staging.appendingPathComponent(relative))
            }
            try keepHiddenFiles(from: outputDirectory, into: staging, written: files)
            if fileManager.fileExists(atPath: outputDirectory.path) {
                try fileManager.moveItem(at: outputDirectory, to: retired)
                do {
                    try fileManager.moveItem(at: staging, to: outputDirectory)
                } catch {
                    try? fileManager.moveItem(at: retired, to: outputDirectory)
                    throw error
                }
                try? fileManager.removeItem(at: retired)
            } else {
                try fileManager.moveItem(at: staging, to: outputDirectory)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
    }

    /// Hidden files at the top of the old output (`.gitkeep`) are not the build's; they stay.
    private func keepHiddenFiles(from old: URL, into staging: URL, written: [String: Data]) throws {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: old.path) else { return }
        for name in names.sorted() where name.hasPrefix(".") && written[name] == nil {
            let target = staging.appendingPathComponent(name)
            if !fileManager.fileExists(atPath: target.path) {
                try fileManager.copyItem(at: old.appendingPathComponent(name), to: target)
            }
        }
    }
}
