@testable import FormgenCollect
import Foundation
import Testing

/// While PostgreSQL is known to be down, operations are refused at once, with one trial per interval.
@Suite struct ConnectionBreakerTests {
    @Test func afterAFailureOperationsAreRefusedUntilATrialIsDueAndASuccessClosesIt() async throws {
        let breaker = ConnectionBreaker(retryInterval: .milliseconds(200))
        #expect(breaker.refusal() == nil)
        breaker.failed("no connection to PostgreSQL within 1.0 seconds")
        #expect(breaker.refusal() == "no connection to PostgreSQL within 1.0 seconds")
        try await Task.sleep(for: .milliseconds(400))
        #expect(breaker.refusal() == nil, "the trial goes ahead")
        #expect(breaker.refusal() != nil, "one trial per interval")
        breaker.succeeded()
        #expect(breaker.refusal() == nil)
        #expect(breaker.refusal() == nil)
    }
}
