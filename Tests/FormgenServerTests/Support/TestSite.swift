import FormgenCore
import FormgenServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// A small site in a fresh temporary folder, built, with a secret file beside it that must never be served.
struct TestSite {
    let root: URL
    var configs: URL { root.appendingPathComponent("configs") }
    var output: URL { root.appendingPathComponent("public") }
    var mocks: URL { configs.appendingPathComponent("mocks") }
    var submissions: URL { root.appendingPathComponent(".formgen/submissions.jsonl") }
    static let secret = "TOP-SECRET-4711"

    static let contactForm = """
    id: contact
    title: Contact us
    submit:
      successMessage: Thanks, we got it.
    fields:
      - id: name
        label: Your name
        type: text
        required: true
      - id: age
        label: Age
        type: number
        validation:
          minValue: { value: 18, message: You must be 18 or over }
      - id: topics
        label: Topics
        type: checkbox
        options: [News, Events]

    """

    static let externalForm = """
    id: external
    title: Sent elsewhere
    submit:
      action: https://forms.example/submit
    fields:
      - id: email
        label: Email
        type: email
        required: true

    """

    /// Writes the configs (and, unless `build` is false, builds them into `public/` as `formgen serve` does).
    static func make(build: Bool = true) throws -> TestSite {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-serve-test-\(UUID().uuidString)")
        let site = TestSite(root: root)
        try site.write("configs/site.yaml", "title: Test site\nbaseURL: /\nlanguage: en\n")
        try site.write("configs/forms/contact.yaml", contactForm)
        try site.write("configs/forms/external.yaml", externalForm)
        try site.write("configs/assets/logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>"#)
        try site.write("configs/assets/data.json", #"{"ok":true}"#)
        try site.write("configs/assets/notes.txt", "plain text")
        try site.write("configs/assets/extra.css", "p{margin:0}")
        try site.write("configs/mocks/api/profile.json", #"{"first_name":"Jan"}"#)
        try site.write("secret.txt", secret)
        try site.write("private/secret2.txt", secret)
        if build { _ = try SiteBuilder(options: site.buildOptions).build() }
        return site
    }

    /// The preview's build, as `formgen serve` makes it, into `public/` (the folder served).
    var buildOptions: BuildOptions {
        ServeOptions(build: BuildOptions(configDirectory: configs.path, templatesDirectory: nil, outputDirectory: output.path)).build
    }

    /// `formgen build` of the same configs into `folder` under the site.
    func buildPlainly(into folder: String) throws {
        _ = try SiteBuilder(options: BuildOptions(configDirectory: configs.path, templatesDirectory: nil,
                                                  outputDirectory: root.appendingPathComponent(folder).path)).build()
    }

    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    func server(maxBodyBytes: Int = 1 << 20) -> PreviewServer {
        let options = ServeOptions(build: buildOptions, maxBodyBytes: maxBodyBytes)
        return PreviewServer(options: options, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
                             now: { Date(timeIntervalSince1970: 1_760_000_000) })
    }

    /// Runs `test` against the server's router, with no sockets.
    func withClient<Value: Sendable>(maxBodyBytes: Int = 1 << 20, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let app = Application(router: server(maxBodyBytes: maxBodyBytes).makeRouter(),
                              logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        return try await app.test(.router, test)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
