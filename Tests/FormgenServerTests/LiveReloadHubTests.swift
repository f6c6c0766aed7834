@testable import FormgenServer
import Testing

/// What open pages are told about builds.
@Suite struct LiveReloadHubTests {
    @Test func aPageHearsHelloThenEveryBuild() async throws {
        let hub = LiveReloadHub(instance: "test")
        var events = await hub.subscribe().makeAsyncIterator()
        #expect(await events.next() == .hello(build: "test-0"))
        await hub.buildSucceeded()
        #expect(await events.next() == .reload)
        await hub.buildFailed(diagnostics: "configs/forms/a.yaml:1:1: error: nope")
        #expect(await events.next() == .buildError(text: "configs/forms/a.yaml:1:1: error: nope"))
        await hub.servedFilesChanged()
        #expect(await events.next() == .reload)
        await hub.heartbeat()
        #expect(await events.next() == .heartbeat)
        #expect(await hub.build == "test-2")
    }

    @Test func aPageOpenedWhileTheBuildIsBrokenSeesTheDiagnosticsAtOnce() async throws {
        let hub = LiveReloadHub(instance: "test")
        await hub.buildSucceeded()
        await hub.buildFailed(diagnostics: "broken")
        var events = await hub.subscribe().makeAsyncIterator()
        #expect(await events.next() == .hello(build: "test-1"))
        #expect(await events.next() == .buildError(text: "broken"))
        await hub.buildSucceeded()
        #expect(await hub.lastFailure == nil)
        #expect(await events.next() == .reload)
    }

    @Test func aPageOpenedAfterABuildWithWarningsSeesThemUntilACleanBuild() async throws {
        let hub = LiveReloadHub(instance: "test")
        let warning = "configs/site.yaml:14:7: warning: https://x/f.json: connection refused; using the copy cached 3 h ago"
        await hub.buildSucceeded(warnings: warning)
        var events = await hub.subscribe().makeAsyncIterator()
        #expect(await events.next() == .hello(build: "test-1"))
        #expect(await events.next() == .buildWarnings(text: warning))
        await hub.buildSucceeded()
        #expect(await events.next() == .reload)
        var later = await hub.subscribe().makeAsyncIterator()
        #expect(await later.next() == .hello(build: "test-2"))
        await hub.heartbeat()
        #expect(await later.next() == .heartbeat, "no warnings after a clean build")
        #expect(BuildEvent.buildWarnings(text: "w").serverSentEvent == "event: build-warnings\ndata: {\"text\":\"w\"}\n\n")
    }

    @Test func finishingEndsEveryStream() async throws {
        let hub = LiveReloadHub(instance: "test")
        let first = await hub.subscribe(), second = await hub.subscribe()
        #expect(await hub.subscriberCount == 2)
        await hub.finishAll()
        var count = 0
        for await _ in first { count += 1 }
        for await _ in second { count += 1 }
        #expect(count == 2)
        #expect(await hub.subscriberCount == 0)
    }

    @Test func eventsAreWrittenAsServerSentEventsOnOneDataLine() {
        #expect(BuildEvent.hello(build: "a-1").serverSentEvent == "event: hello\ndata: {\"build\":\"a-1\"}\n\n")
        #expect(BuildEvent.reload.serverSentEvent == "event: reload\ndata: {}\n\n")
        #expect(BuildEvent.heartbeat.serverSentEvent == ": heartbeat\n\n")
        let error = BuildEvent.buildError(text: "a.yaml:1:1: error: x\nb.yaml:2:2: error: <y>").serverSentEvent
        #expect(error == "event: build-error\ndata: {\"text\":\"a.yaml:1:1: error: x\\nb.yaml:2:2: error: <y>\"}\n\n")
    }
}

/// Which build warnings open pages show.
@Suite struct OverlaidWarningsTests {
    @Test func onlyWarningsAboutRemoteSourcesReachThePages() {
        let warnings = [
            "configs/forms/a.yaml:3:5: warning: unknown key 'lable' in field (did you mean 'label'?)",
            "configs/site.yaml:14:7: warning: https://x.example/f.json: connection refused; using the copy cached 3 h ago",
            "${ORIGIN}/f.json:5:5: warning: ${ORIGIN}/plan.svg: HTTP 404, and there is no cached copy of this image",
        ]
        #expect(SiteRebuilder.overlaid(warnings) == Array(warnings.dropFirst()))
    }
}
