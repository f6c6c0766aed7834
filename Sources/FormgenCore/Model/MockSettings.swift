import Foundation

/// The contents of `configs/mocks/mocks.yaml`, which only `formgen serve` reads: settings for every endpoint and
/// per request path.
public struct MockConfig: Sendable, Equatable {
    public var defaults = MockSettings()
    public var endpoints: [String: MockSettings] = [:]

    public init(defaults: MockSettings = MockSettings(), endpoints: [String: MockSettings] = [:]) {
        self.defaults = defaults
        self.endpoints = endpoints
    }

    /// The settings for a request path.
    public func settings(for path: String) -> MockSettings {
        defaults.merged(with: endpoints[path])
    }
}

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
    /// Answers chosen by the request's body and cookies: the first case whose `when` values all equal the sent ones wins.
    public var cases: [MockCase] = []
    /// Cookies set by an answer under 400 when no case is chosen (`setCookie:`).
    public var setCookies: [MockCookie] = []
    /// Cookies deleted by an answer under 400 when no case is chosen (`clearCookie:`), by name.
    public var clearCookies: [String] = []

    public init(delay: Int? = nil, status: Int? = nil, failFirst: Int? = nil, body: String? = nil, cases: [MockCase] = [],
                setCookies: [MockCookie] = [], clearCookies: [String] = []) {
        self.delay = delay
        self.status = status
        self.failFirst = failFirst
        self.body = body
        self.cases = cases
        self.setCookies = setCookies
        self.clearCookies = clearCookies
    }

    /// `self` with the settings `other` gives.
    public func merged(with other: MockSettings?) -> MockSettings {
        guard let other else { return self }
        return MockSettings(delay: other.delay ?? delay, status: other.status ?? status,
                            failFirst: other.failFirst ?? failFirst, body: other.body ?? body,
                            cases: other.cases.isEmpty ? cases : other.cases,
                            setCookies: other.setCookies.isEmpty ? setCookies : other.setCookies,
                            clearCookies: other.clearCookies.isEmpty ? clearCookies : other.clearCookies)
    }
}

/// One answer of a mock endpoint for requests whose body holds given values (`password: wrong`) and that send given
/// cookies (`cookie: {session: abc}`), so that one endpoint can both accept and refuse: a login mock answers 401 to one
/// password and 200 to the rest, a profile mock answers 200 with the session cookie and 401 without.
public struct MockCase: Sendable, Equatable {
    /// Field → value the request's body (JSON object or form-encoded) must hold, compared as text.
    public var when: [String: String]
    /// Cookie → value the request's `Cookie` header must send (`when: {cookie: {session: abc}}`).
    public var cookies: [String: String] = [:]
    public var status: Int?
    public var body: String?
    /// Cookies this case's answer sets, and deletes by name, whatever its status.
    public var setCookies: [MockCookie] = []
    public var clearCookies: [String] = []

    public init(when: [String: String], cookies: [String: String] = [:], status: Int? = nil, body: String? = nil,
                setCookies: [MockCookie] = [], clearCookies: [String] = []) {
        self.when = when
        self.cookies = cookies
        self.status = status
        self.body = body
        self.setCookies = setCookies
        self.clearCookies = clearCookies
    }

    /// Whether the sent values and cookies match.
    public func matches(_ sent: [String: String], cookies sentCookies: [String: String] = [:]) -> Bool {
        when.allSatisfy { sent[$0.key] == $0.value } && cookies.allSatisfy { sentCookies[$0.key] == $0.value }
    }
}
