import FormgenCore
import Foundation

/// Takes the submissions of forms that have no external action while previewing: validates them
/// with the rules of the page they came from, and appends each accepted one to a JSON Lines file. The files of an
/// accepted multipart submission are kept in `uploads/<sha256>` beside that file (`.formgen/uploads/`).
public actor SubmissionSink {
    /// Submissions of the form at `kyc/nl` go to `/__formgen/submit/kyc/nl`.
    public static let pathPrefix = "/__formgen/submit/"

    /// The built site, where each form's page (and so its spec) is.
    public let outputDirectory: String
    /// The JSON Lines file accepted submissions are appended to.
    public let file: String
    private let now: @Sendable () -> Date

    public init(outputDirectory: String, file: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.outputDirectory = outputDirectory
        self.file = file
        self.now = now
    }

    /// How a submission was sent.
    public typealias Encoding = SubmissionBody.Encoding

    /// The sink's answer: a status and a JSON object.
    public struct Answer: Sendable, Equatable {
        public var status: Int
        public var body: JSONValue
        /// For an answer to a form posted without JavaScript: the spec's title and success message.
        public var formTitle: String?
        /// The language of the page that posted, for the words around an answer to a form posted without JavaScript.
        public var language = "en"
    }

    /// Validates and, when valid, keeps one submission of the form at `formPath`. Submissions are
    /// decoded and validated concurrently; only appending to the file is one at a time.
    public nonisolated func submit(formPath: String, body: Data, encoding: Encoding) async -> Answer {
        guard let spec = spec(at: formPath) else {
            return Answer(status: 404, body: .object(["error": .string("no form is served at /\(formPath)/")]))
        }
        let parsed: SubmissionBody.Parsed
        do {
            parsed = try SubmissionBody.parse(body, encoding: encoding, spec: spec)
        } catch {
            return Answer(status: 400, body: .object(["error": .string(SubmissionError.notAnObject.description)]), formTitle: spec.title, language: spec.lang)
        }
        let result = FormValidator(spec: spec, now: now()).validate(parsed.values)
        guard result.isValid else {
            return Answer(status: 422, body: .object(["errors": .object(result.messages.mapValues(JSONValue.string))]), formTitle: spec.title, language: spec.lang)
        }
        do {
            try SubmissionBody.Upload.keep(parsed.uploads, in: uploadsDirectory)
        } catch {
            return Answer(status: 500, body: .object(["error": .string("cannot write \(uploadsDirectory): \(error.localizedDescription)")]), formTitle: spec.title)
        }
        var record: JSONValue = .object([
            "form": .string(spec.id),
            "path": .string(spec.path),
            "receivedAt": .string(Self.timestamp(now())),
            "data": .object(result.data),
        ])
        if !result.prefilled.isEmpty { record["prefilled"] = .array(result.prefilled.map(JSONValue.string)) }
        do {
            try await append(record.jsonText() + "\n")
        } catch {
            return Answer(status: 500, body: .object(["error": .string("cannot write \(file): \(error.localizedDescription)")]), formTitle: spec.title, language: spec.lang)
        }
        var answer: [String: JSONValue] = ["ok": .bool(true)]
        if let message = spec.submit.successMessage { answer["message"] = .string(message) }
        return Answer(status: 200, body: .object(answer), formTitle: spec.title, language: spec.lang)
    }

    /// Where accepted files are kept: `uploads/` beside the submissions file.
    public nonisolated var uploadsDirectory: String {
        ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent("uploads")
    }

    /// The spec embedded in the served page of the form at `formPath`, read from inside the output folder only.
    private nonisolated func spec(at formPath: String) -> FormSpec? {
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

    private func append(_ line: String) throws {
        let fileManager = FileManager.default
        let folder = (file as NSString).deletingLastPathComponent
        if !folder.isEmpty { try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        if !fileManager.fileExists(atPath: file) {
            guard fileManager.createFile(atPath: file, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }

    /// `2025-01-31T12:00:00Z`
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
