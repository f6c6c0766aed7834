import FormgenCore
import Foundation
import Hummingbird

/// Answers data-source requests from `configs/mocks/` while previewing, for paths the built site does not have.
///
/// `GET /api/nl-user-profile` answers with `configs/mocks/api/nl-user-profile.json` (or the file
/// named exactly like the path). `configs/mocks/mocks.yaml` may set a delay, a status and a number
/// of first requests that fail, for every endpoint or per endpoint, and may give a body inline.
/// A request may override them with `?mock-status=503&mock-delay=0` or the headers
/// `X-Formgen-Mock-Status` and `X-Formgen-Mock-Delay`.
public struct MockEndpoints: Sendable {
    /// The settings file inside the mocks folder.
    public static let settingsFile = "mocks.yaml"

    public let directory: String
    private let state = MockState()

    public init(directory: String) {
        self.directory = directory
    }

    /// A mock's answer: status, content type and body.
    public struct Answer: Sendable, Equatable {
        public var status: Int
        public var contentType: String
        public var body: String
        /// Milliseconds to wait before sending it.
        public var delay: Int
        /// `Set-Cookie` header values: the chosen case's cookies, or the endpoint's on an answer under 400.
        public var cookies: [String] = []
    }

    /// The answer for a request path, or nil when no mock has that path. `sent` holds the request body's
    /// values (field → text) and `cookies` the request's cookies (name → value), which choose among the endpoint's `cases`.
    public func answer(path: String, sent: [String: String] = [:], cookies: [String: String] = [:], statusOverride: Int? = nil, delayOverride: Int? = nil) -> Answer? {
        guard var answer = plainAnswer(path: path, sent: sent, cookies: cookies, statusOverride: statusOverride, delayOverride: delayOverride) else { return nil }
        let (config, diagnostics) = state.config(at: settingsPath)
        guard diagnostics.isEmpty, statusOverride == nil else { return answer }
        let settings = config.settings(for: path)
        if let chosen = settings.cases.first(where: { $0.matches(sent, cookies: cookies) }) {
            answer.cookies = chosen.clearCookies.map(MockCookie.clearing) + chosen.setCookies.map(\.header)
        } else if answer.status < 400 {
            answer.cookies = settings.clearCookies.map(MockCookie.clearing) + settings.setCookies.map(\.header)
        }
        return answer
    }

    private func plainAnswer(path: String, sent: [String: String], cookies: [String: String], statusOverride: Int?, delayOverride: Int?) -> Answer? {
        let (config, diagnostics) = state.config(at: settingsPath)
        let file = bodyFile(for: path)
        guard file != nil || config.endpoints[path] != nil else { return nil }
        let settings = config.settings(for: path)
        let delay = delayOverride ?? settings.delay ?? 0
        if !diagnostics.isEmpty {
            let text = diagnostics.map(\.description).joined(separator: "\n")
            return Answer(status: 500, contentType: "text/plain; charset=utf-8", body: text + "\n", delay: 0)
        }
        let count = state.count(path)
        let chosen = settings.cases.first { $0.matches(sent, cookies: cookies) }
        var status = statusOverride ?? chosen?.status ?? settings.status ?? 200
        if statusOverride == nil, let failFirst = settings.failFirst, count <= failFirst { status = 503 }
        if let body = chosen?.body, statusOverride == nil {
            return Answer(status: status, contentType: "application/json", body: body, delay: delay)
        }
        if status >= 400 {
            let message = "simulated failure: \(path) answers \(status) (configs/mocks)"
            return Answer(status: status, contentType: "application/json", body: JSONValue.object(["error": .string(message)]).jsonText(), delay: delay)
        }
        if let body = settings.body {
            return Answer(status: status, contentType: "application/json", body: body, delay: delay)
        }
        guard let file, let data = FileManager.default.contents(atPath: file) else { return nil }
        return Answer(status: status, contentType: Self.contentType(for: file), body: String(decoding: data, as: UTF8.self), delay: delay)
    }

    /// The body file for `path`, only if its real path lies inside the mocks folder (and never for a
    /// path with a NUL byte, which the system would read as its end).
    func bodyFile(for path: String) -> String? {
        guard !path.utf8.contains(0) else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let relative = segments.joined(separator: "/")
        guard relative != Self.settingsFile else { return nil }
        let candidates = [relative, relative + ".json"].filter {
            ConfinedFileProvider.status(of: directory + "/" + $0).map { !$0.isFolder } ?? false
        }
        guard !candidates.isEmpty, let root = ConfinedFileProvider.realPath(directory) else { return nil }
        for candidate in candidates {
            guard let real = ConfinedFileProvider.realPath(root + "/" + candidate), real.hasPrefix(root + "/"),
                  let status = ConfinedFileProvider.status(of: real), !status.isFolder else { continue }
            return real
        }
        return nil
    }

    private var settingsPath: String { (directory as NSString).appendingPathComponent(Self.settingsFile) }

    static func contentType(for file: String) -> String {
        switch (file as NSString).pathExtension.lowercased() {
        case "json", "": return "application/json"
        case "txt": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "csv": return "text/csv; charset=utf-8"
        case "svg": return "image/svg+xml"
        default: return "application/octet-stream"
        }
    }
}
