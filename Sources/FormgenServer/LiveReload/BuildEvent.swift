import Foundation

/// One event of the live-reload stream, as the reload script reads it.
public enum BuildEvent: Sendable, Equatable {
    /// Sent first on every connection: which build the server has now (`instance-generation`).
    case hello(build: String)
    /// The site changed: reload the page.
    case reload
    /// Only these pages changed (URL paths such as `/contact/`): a page reloads when it is one of them.
    case reloadPages([String])
    /// The last build failed; the text is its diagnostics.
    case buildError(text: String)
    /// The last build succeeded with warnings (a remote source served from the cache…); the text lists them.
    case buildWarnings(text: String)
    /// Keeps the connection alive and finds closed ones.
    case heartbeat

    /// The event in the `text/event-stream` format.
    public var serverSentEvent: String {
        switch self {
        case .hello(let build): return "event: hello\ndata: \(Self.json(["build": build]))\n\n"
        case .reload: return "event: reload\ndata: {}\n\n"
        case .reloadPages(let pages):
            let data = (try? JSONSerialization.data(withJSONObject: ["pages": pages], options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            return "event: reload\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
        case .buildError(let text): return "event: build-error\ndata: \(Self.json(["text": text]))\n\n"
        case .buildWarnings(let text): return "event: build-warnings\ndata: \(Self.json(["text": text]))\n\n"
        case .heartbeat: return ": heartbeat\n\n"
        }
    }

    /// One line of JSON (JSON escapes line breaks, so it fits one `data:` line).
    private static func json(_ object: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
