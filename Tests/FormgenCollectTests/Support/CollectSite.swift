import FormgenCollect
import FormgenCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// A small built site and an SQLite database in a fresh temporary folder.
struct CollectSite {
    /// A logger that keeps the test run quiet: warnings and worse only (not every request's access line).
    static var quietLogger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }

    let root: URL
    var output: URL { root.appendingPathComponent("public") }
    var database: String { root.appendingPathComponent("data/submissions.db").path }

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
      - id: company
        label: Company
        type: text
      - id: terms
        label: I agree
        type: checkbox
    rules:
      - when: age
        condition: equals
        value: "99"
        action: show
        otherwise: hide
        targets: [company]

    """

    static let redirectForm = """
    id: signup
    title: Sign up
    lang: nl
    submit:
      redirect: /thanks/
    fields:
      - id: email
        label: E-mail
        type: email
        required: true

    """

    static func make() throws -> CollectSite {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-collect-test-\(UUID().uuidString)")
        let site = CollectSite(root: root)
        try site.write("configs/site.yaml", "title: Test site\nbaseURL: /\nlanguage: en\n")
        try site.write("configs/forms/contact.yaml", contactForm)
        try site.write("configs/forms/signup.yaml", redirectForm)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        return site
    }

    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    var options: CollectOptions {
        var options = CollectOptions(site: output.path, database: "sqlite:" + database)
        options.maxBodyBytes = 4096
        options.origins = ["https://forms.example.org"]
        return options
    }

    /// Runs `body` with a test client of a collect service over this site and `store`.
    func withClient(store: any SubmissionStore, options: CollectOptions? = nil,
                    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let options = options ?? self.options
        let service = CollectService(forms: try SiteForms(site: output.path), store: store, templatesDirectory: options.templatesDirectory)
        let router = CollectRouter(service: service, options: options, logger: CollectSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router, body)
    }
}
