import Foundation
import FormgenServer

/// `serve --open`: hands the URL to `xdg-open` when it is on the PATH; otherwise says where to go. Never fails.
enum BrowserOpener {
    static func open(_ url: String, console: ConsoleOutput, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let opener = executable(named: "xdg-open", path: environment["PATH"] ?? "") else {
            console.write("Open \(url) in your browser (no xdg-open found).\n", canWait: false)
            return
        }
        let process = Process()
        process.executableURL = opener
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.write("Open \(url) in your browser (xdg-open could not be started).\n", canWait: false)
        }
    }

    /// The first executable file called `name` in the colon-separated `path`.
    static func executable(named name: String, path: String) -> URL? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
