import Foundation
import Logging

/// A log handler for a terminal: one plain line per message on standard output
/// (warnings and errors on standard error, prefixed with their level).
public struct ConsoleLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]

    public init(level: Logger.Level = .info) {
        logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let line: String
        switch event.level {
        case .warning, .error, .critical: line = "\(event.level.rawValue): \(event.message)\n"
        default: line = "\(event.message)\n"
        }
        let stream = event.level >= .warning ? FileHandle.standardError : FileHandle.standardOutput
        stream.write(Data(line.utf8))
    }
}
