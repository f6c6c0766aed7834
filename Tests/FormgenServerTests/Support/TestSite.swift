import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// The served site: a small site built as `formgen serve` builds it, with a secret file beside it that must never be served.
extension TestSite {
    var mocks: URL { configs.appendingPathComponent("mocks") }
    var submissions: URL { root.appendingPathComponent(".formgen/submissions.jsonl") }
    static let secret = "TOP-SECRET-4711"

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
        let site = try TestSite([
            "configs/site.yaml": "title: Test site\nbaseURL: /\nlanguage: en\n",
            "configs/forms/contact.yaml": ContactForm.yaml,
            "configs/forms/external.yaml": externalForm,
            "configs/assets/logo.svg": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>"#,
            "configs/assets/data.json": #"{"ok":true}"#,
            "configs/assets/notes.txt": "plain text",
            "configs/assets/extra.css": "p{margin:0}",
            "configs/mocks/api/profile.json": #"{"first_name":"Jan"}"#,
            "secret.txt": secret,
            "private/secret2.txt": secret,
        ], prefix: "formgen-serve-test")
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
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
