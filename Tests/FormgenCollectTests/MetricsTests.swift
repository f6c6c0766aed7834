@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /metrics` in Prometheus text format, read back with a parser of that format; `/healthz/live` and `/healthz/ready`.
@Suite struct MetricsTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test func metricsCountSubmissionsPerFormAndReasonAndParseAsPrometheusText() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try SQLiteSubmissionStore(path: site.database)
        var options = site.options
        options.webhooks = ["contact": ["http://127.0.0.1:9/hook"]]
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, webhooks: options.webhooks)
        let router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router) { client in
            for body in [#"{"name":"Ann"}"#, #"{"name":"Bob"}"#, #"{"name":"  "}"#, "not json"] {
                try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { _ in }
            }
            try await client.execute(uri: "/submit/no/such/form", method: .post, headers: Self.json, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "x")) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                let text = String(buffer: response.body)
                let metrics = try PrometheusText(text)
                #expect(metrics.types["formgen_submissions_total"] == "counter")
                #expect(metrics.types["formgen_submission_duration_seconds"] == "histogram")
                #expect(metrics.types["formgen_outbox_pending"] == "gauge")
                #expect(metrics.types["formgen_database_errors_total"] == "counter")
                #expect(metrics.value("formgen_submissions_total", ["form": "contact", "outcome": "accepted", "reason": "stored"]) == 2)
                #expect(metrics.value("formgen_submissions_total", ["form": "contact", "outcome": "refused", "reason": "invalid"]) == 1)
                #expect(metrics.value("formgen_submissions_total", ["form": "contact", "outcome": "refused", "reason": "malformed"]) == 1)
                #expect(metrics.value("formgen_submissions_total", ["form": "contact", "outcome": "refused", "reason": "unsupported_type"]) == 1)
                #expect(metrics.value("formgen_submissions_total", ["form": "", "outcome": "refused", "reason": "unknown_form"]) == 1)
                #expect(!text.contains("no/such/form"), "a client cannot add label values")
                #expect(metrics.value("formgen_submission_duration_seconds_count") == 6)
                #expect(metrics.value("formgen_submission_duration_seconds_bucket", ["le": "+Inf"]) == 6)
                let buckets = metrics.samples.filter { $0.name == "formgen_submission_duration_seconds_bucket" }.map(\.value)
                #expect(buckets == buckets.sorted(), "buckets are cumulative")
                #expect(metrics.value("formgen_outbox_pending") == 2, "the two stored submissions wait for their webhook")
                #expect(metrics.value("formgen_database_errors_total") == 0)
            }
        }
    }

    @Test func aFailedWriteCountsAsADatabaseErrorAndReadyIsNotReady() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: FailingStore())
        let router = CollectRouter(service: service, options: site.options, logger: TestSite.quietLogger)
        try await Application(router: router.makeRouter()).test(.router) { client in
            try await client.execute(uri: "/healthz/live", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/healthz/ready", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("the database does not answer"))
            }
            try await client.execute(uri: "/submit/contact", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"name":"Ann"}"#)) { response in
                #expect(response.status == .serviceUnavailable)
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let metrics = try PrometheusText(String(buffer: response.body))
                #expect(metrics.value("formgen_submissions_total", ["form": "contact", "outcome": "refused", "reason": "unavailable"]) == 1)
                // The failed write, and the outbox that could not be read for this scrape.
                #expect(metrics.value("formgen_database_errors_total") == 2)
            }
        }
    }

    @Test func readyAnswers200WhenTheDatabaseAnswers() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient(store: try SQLiteSubmissionStore(path: site.database)) { client in
            try await client.execute(uri: "/healthz/ready", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"forms":2,"ok":true}"# + "\n")
            }
        }
    }

    @Test func theParserRefusesWhatIsNotTheTextFormat() throws {
        for text in ["# TYPE x counter\nx{a=\"b\" 1", "# TYPE x counter\nx 1 2 3", "y 1", "# TYPE x counter\nx{a=b} 1", "# TYPE x widget\nx 1"] {
            #expect(throws: PrometheusText.Malformed.self) { _ = try PrometheusText(text) }
        }
        #expect(try PrometheusText("# TYPE x counter\nx{a=\"q\\\"\\n\"} 3 1700000000\n").value("x", ["a": "q\"\n"]) == 3)
    }
}
