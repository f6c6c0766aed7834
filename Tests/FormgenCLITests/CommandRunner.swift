import Foundation

/// Runs the built `formgen` binary and captures what it prints.
struct CommandRunner {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The debug build of the binary (`swift build` makes it), or `FORMGEN_BINARY`.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["FORMGEN_BINARY"] { return URL(fileURLWithPath: path) }
        return repository.appendingPathComponent(".build/debug/formgen")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL = repository) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file under `root` with its bytes, by relative path.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: root.path) ?? FileManager.default.enumerator(atPath: "/dev/null")! {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    /// Copies the example site's configs into a fresh folder.
    static func copyOfExampleConfigs() throws -> URL {
        let root = try temporaryDirectory()
        try FileManager.default.copyItem(at: repository.appendingPathComponent("configs"), to: root.appendingPathComponent("configs"))
        return root
    }
}
