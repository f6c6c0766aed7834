import Foundation
import Prometheus

/// collect's Prometheus metrics (`GET /metrics`, text format 0.0.4):
/// - `formgen_submissions_total{form, outcome, reason}`: every POST to `/submit/…`, `outcome` `accepted` or `refused`,
///   `reason` what the answer was (`stored`, `invalid`, `malformed`, `too_large`, `too_slow`, `unsupported_type`,
///   `rate_limited`, `unavailable`, `unknown_form`; a path that is not a form counts under `form=""`);
/// - `formgen_submission_duration_seconds`: a histogram of their answer times;
/// - `formgen_outbox_pending`: webhook deliveries not yet made, read from the database at each scrape;
/// - `formgen_database_errors_total`: submissions the store or uploads folder could not take, and failed reads of the
///   outbox at a scrape.
public final class CollectMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    /// Form paths known to collect: only these become label values (a client cannot add series).
    let forms: Set<String>
    let duration: DurationHistogram
    let outbox: Gauge
    let databaseErrors: Counter

    public init(forms: Set<String>) {
        self.forms = forms
        duration = registry.makeDurationHistogram(
            descriptor: .init(namespace: "formgen", metricName: "submission_duration", unitName: "seconds", helpText: "Time to answer a POST to /submit/"),
            buckets: [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                      .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10)])
        outbox = registry.makeGauge(descriptor: .init(namespace: "formgen", metricName: "outbox", unitName: "pending",
                                                      helpText: "Webhook deliveries not yet made"))
        databaseErrors = registry.makeCounter(descriptor: .init(namespace: "formgen", metricName: "database_errors", unitName: "total",
                                                                helpText: "Submissions the database or uploads folder could not take"))
    }

    static var submissions: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "formgen", metricName: "submissions", unitName: "total", helpText: "Submissions answered, by form, outcome and reason")
    }

    /// The reason a status stands for.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200..<300, 303: return "stored"
        case 400: return "malformed"
        case 404: return "unknown_form"
        case 408: return "too_slow"
        case 413: return "too_large"
        case 415: return "unsupported_type"
        case 422: return "invalid"
        case 429: return "rate_limited"
        case 503: return "unavailable"
        default: return "status_\(status)"
        }
    }

    /// Counts one answered submission.
    public func submission(form path: String, status: Int, elapsed: Duration) {
        let form = forms.contains(path) ? path : ""
        let outcome = (200..<400).contains(status) ? "accepted" : "refused"
        registry.makeCounter(descriptor: Self.submissions, labels: [("form", form), ("outcome", outcome), ("reason", Self.reason(status))]).increment()
        duration.record(elapsed)
    }

    /// Counts a failed write (or outbox read).
    public func databaseError() { databaseErrors.increment() }

    /// The metrics as Prometheus text, after `pending` (the outbox's depth, nil when it could not be read) is set.
    public func text(pending: Int?) -> String {
        if let pending { outbox.set(Int64(pending)) } else { databaseError() }
        return registry.emitToString()
    }
}
