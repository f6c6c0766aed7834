import FormgenCore
import Foundation

/// Takes the submissions of forms that have no external action while previewing, through the same
/// ``SubmissionHandler`` as `formgen collect` (the same traps, statuses, idempotency and file handling); each accepted
/// one is appended to a JSON Lines file (``JSONLinesStorage``). The files of an accepted multipart submission are kept
/// in `uploads/<sha256>` beside that file (`.formgen/uploads/`).
public struct SubmissionSink: Sendable {
    /// Submissions of the form at `kyc/nl` go to `/__formgen/submit/kyc/nl`.
    public static let pathPrefix = "/__formgen/submit/"

    /// The built site, where each form's page (and so its spec) is.
    public let outputDirectory: String
    /// The JSON Lines file accepted submissions are appended to.
    public let file: String
    /// The flow every submission goes through.
    public let handler: SubmissionHandler

    /// `templatesDirectory`: the site's own templates, which the page for a form posted without JavaScript is rendered with.
    public init(outputDirectory: String, file: String, templatesDirectory: String? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.outputDirectory = outputDirectory
        self.file = file
        let uploads = ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent("uploads")
        // Loaded for each no-JS answer: the author may be editing the templates while previewing.
        handler = SubmissionHandler(storage: JSONLinesStorage(file: file), uploadsDirectory: uploads,
                                    theme: { Theme.load(overrides: templatesDirectory, log: DiagnosticLog()) }, now: now)
    }

    /// Where accepted files are kept: `uploads/` beside the submissions file.
    public var uploadsDirectory: String { handler.uploadsDirectory }

    /// The answer to a path that names no served form.
    public static func notFound(_ formPath: String) -> SubmissionHandler.Answer {
        SubmissionHandler.Answer(status: 404, body: SubmissionHandler.error("no form is served at /\(formPath)/"))
    }

    /// Validates and, when valid, keeps one submission of the form at `formPath`.
    public func submit(formPath: String, body: Data, encoding: SubmissionBody.Encoding, idempotencyKey: String? = nil) async -> SubmissionHandler.Answer {
        guard let spec = spec(at: formPath) else { return Self.notFound(formPath) }
        return await handler.submit(spec: spec, body: body, encoding: encoding, idempotencyKey: idempotencyKey)
    }

    /// The spec embedded in the served page of the form at `formPath`, read from inside the output folder only.
    func spec(at formPath: String) -> FormSpec? {
        let segments = formPath.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let provider = ConfinedFileProvider(root: outputDirectory)
        guard let page = provider.getFileIdentifier(segments.joined(separator: "/") + "/index.html"),
              let data = FileManager.default.contents(atPath: page),
              let spec = try? FormSpec(pageHTML: String(decoding: data, as: UTF8.self)),
              spec.path == segments.joined(separator: "/")
        else { return nil }
        return spec
    }
}
