import Foundation
import Testing
@testable import FormgenServer

/// A build never holds up the server's shutdown: the rebuild's task returns when it is cancelled, leaving
/// the build's thread to finish on its own (ServiceLifecycle crashes the process when cancellation overruns).
@Suite struct SiteRebuilderTests {
    @Test func cancelledWorkReturnsNilWithoutWaitingForTheThread() async {
        let finished = Flag()
        let release = DispatchSemaphore(value: 0)
        let task = Task { await SiteRebuilder.offThePool { release.wait(); finished.set(); return 42 } }
        task.cancel()
        #expect(await task.value == nil, "the task returns while its work is still held")
        #expect(!finished.isSet)
        release.signal()
    }

    @Test func workThatIsNotCancelledGivesItsResult() async {
        #expect(await SiteRebuilder.offThePool { 6 * 7 } == 42)
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
