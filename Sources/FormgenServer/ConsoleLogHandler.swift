import Foundation
import Logging

/// A log handler for a terminal: one plain line per message on standard output
/// (warnings and errors on standard error, prefixed with their level).
public struct ConsoleLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    /// Whether lines may wait a moment to be written with others (request lines).
    public var canWait: Bool
    /// Where the lines go.
    public let output: ConsoleOutput

    public init(output: ConsoleOutput, level: Logger.Level = .info, canWait: Bool = false) {
        self.output = output
        logLevel = level
        self.canWait = canWait
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
        if event.level >= .warning {
            output.writeError(line)
        } else {
            output.write(line, canWait: canWait)
        }
    }
}

extension ConsoleLogHandler {
    /// `handler` made to let its lines wait when it is a console handler; any other handler as it is.
    static func waitingIfConsole(_ handler: any LogHandler) -> any LogHandler {
        guard var console = handler as? ConsoleLogHandler else { return handler }
        console.canWait = true
        return console
    }
}
