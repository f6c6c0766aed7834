import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// A small built site and an SQLite database in a fresh temporary folder.
extension TestSite {
    /// A logger that keeps the test run quiet: warnings and worse only (not every request's access line).
    static var quietLogger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }

    var database: String { root.appendingPathComponent("data/submissions.db").path }

    /// The contact form with a company field shown only for age 99 and a terms checkbox.
    static let contactForm = ContactForm.make(fields: """
      - id: company
        label: Company
        type: text
      - id: terms
        label: I agree
        type: checkbox

    """, rules: """
      - when: age
        condition: equals
        value: "99"
        action: show
        otherwise: hide
        targets: [company]

    """)

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

    static func make() throws -> TestSite {
        let site = try TestSite([
            "configs/site.yaml": "title: Test site\nbaseURL: /\nlanguage: en\n",
            "configs/forms/contact.yaml": contactForm,
            "configs/forms/signup.yaml": redirectForm,
        ], prefix: "formgen-collect-test")
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.configs.path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        return site
    }

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
        let router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router, body)
    }
}
