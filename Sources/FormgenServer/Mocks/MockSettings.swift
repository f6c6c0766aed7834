import Foundation

/// How one mock endpoint answers: `configs/mocks/mocks.yaml` sets these for every endpoint
/// (top level) and per endpoint (under `endpoints:`, keyed by the request path).
public struct MockSettings: Sendable, Equatable {
    /// Milliseconds to wait before answering.
    public var delay: Int?
    /// The status to answer with; 4xx and 5xx simulate a failing API.
    public var status: Int?
    /// The first this-many requests (since the server started or `mocks.yaml` changed) fail with 503.
    public var failFirst: Int?
    /// The body as JSON, instead of a body file.
    public var body: String?

    public init(delay: Int? = nil, status: Int? = nil, failFirst: Int? = nil, body: String? = nil) {
        self.delay = delay
        self.status = status
        self.failFirst = failFirst
        self.body = body
    }

    /// `self` with the settings `other` gives.
    func merged(with other: MockSettings?) -> MockSettings {
        guard let other else { return self }
        return MockSettings(delay: other.delay ?? delay, status: other.status ?? status,
                            failFirst: other.failFirst ?? failFirst, body: other.body ?? body)
    }
}
