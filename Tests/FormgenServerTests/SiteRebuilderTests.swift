import FormgenCore
import FormgenTestSupport
import Foundation
import Logging
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

    @Test func onlyThePagesARebuildWroteAreToldToReload() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let (_, rebuilder, stream) = await Self.builtAndWatched(site)
        var events = stream
        #expect(await events.next() == .hello(build: "test-1"))
        try site.write("configs/forms/contact.yaml", ContactForm.yaml.replacingOccurrences(of: "label: Age", with: "label: Your age"))
        await rebuilder.rebuild(because: [site.configs.appendingPathComponent("forms/contact.yaml").path])
        #expect(await events.next() == .reloadPages(["/contact/", "/contact/reference/"]))
        #expect(BuildEvent.reloadPages(["/contact/"]).serverSentEvent == "event: reload\ndata: {\"pages\":[\"/contact/\"]}\n\n")
    }

    /// Breaking a config, then putting its last good text back, leaves nothing to write: the pages showing the
    /// failed build's diagnostics still reload, and every page does (not only those the fix wrote).
    @Test func aConfigPutBackAfterAFailedBuildClearsTheOverlay() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        let (hub, rebuilder, stream) = await Self.builtAndWatched(site)
        var events = stream
        #expect(await events.next() == .hello(build: "test-1"))
        let form = site.configs.appendingPathComponent("forms/contact.yaml").path
        try site.write("configs/forms/contact.yaml", ContactForm.yaml + "  - id: [broken\n")
        await rebuilder.rebuild(because: [form])
        guard case .buildError = await events.next() else { Issue.record("a failed build shows its diagnostics"); return }
        try site.write("configs/forms/contact.yaml", ContactForm.yaml)
        guard case .unchanged = await rebuilder.rebuild(because: [form]) else { Issue.record("the good text builds nothing new"); return }
        await hub.heartbeat()
        #expect(await events.next() == .reload)
        #expect(await events.next() == .heartbeat)
        #expect(await hub.lastFailure == nil)
        await rebuilder.rebuild(because: [form])
        await hub.heartbeat()
        #expect(await events.next() == .heartbeat, "an unchanged build after a good one sends nothing")
    }

    @Test func theFirstGoodBuildAfterAFailureReloadsEveryPage() async throws {
        let hub = LiveReloadHub(instance: "test")
        await hub.buildFailed(diagnostics: "broken")
        var events = await hub.subscribe().makeAsyncIterator()
        #expect(await events.next() == .hello(build: "test-0"))
        #expect(await events.next() == .buildError(text: "broken"))
        await hub.buildSucceeded(pages: ["/contact/"])
        #expect(await events.next() == .reload, "the overlay is on every page, not only the one rewritten")
    }

    @Test(arguments: [
        (["contact/index.html", "contact/reference/index.html", "contact/schema.json", "sitemap.xml"], ["/contact/", "/contact/reference/"] as [String]?),
        (["index.html", "fr/index.html", "404.html"], ["/", "/fr/", "/404.html"]),
        (["contact/index.html", "assets/extra.css"], nil),
        (["images/logo.png"], nil),
    ])
    func writtenFilesNameThePagesToReload(_ written: [String], _ pages: [String]?) {
        #expect(SiteRebuilder.pages(showing: written) == pages)
    }

    /// A rebuilder of `site` after its first build, its hub, and one open page's events (the next is `hello`).
    static func builtAndWatched(_ site: TestSite) async -> (LiveReloadHub, SiteRebuilder, AsyncStream<BuildEvent>.Iterator) {
        let hub = LiveReloadHub(instance: "test")
        let rebuilder = SiteRebuilder(options: site.buildOptions, hub: hub, logger: Logger(label: "test"))
        await rebuilder.rebuild()
        return (hub, rebuilder, await hub.subscribe().makeAsyncIterator())
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
