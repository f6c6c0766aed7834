import Foundation
import FormgenTestSupport
import Testing
@testable import FormgenCore

/// The state a build keeps beside its output (``BuildState``, written as a ``SavedRecord``): it reads back as written,
/// and a file it cannot read whole (damaged, truncated, the JSON of older binaries) is no state, so the next build is a
/// full one.
@Suite struct BuildStateFileTests {
    typealias Builds = SavedReadingsTests

    static let state = BuildState(
        fingerprint: "abc", pages: 2, files: 4,
        warnings: [Diagnostic(.warning, at: SourceLocation(file: "configs/forms/\"odd\"\tname.yaml", line: 3, column: 7), "unknown key 'colour'\nsecond line é")],
        outputKeys: ["a/index.html": "k1", "b/x.json": "k2", "unlisted/index.html": "k3"], baseURL: "https://x.example/", usesRemote: true,
        paths: ["a/index.html", "assets/copy.txt", "b/x.json", "index.html"],
        inputs: ["configs/forms/a.yaml": "12:345:1700000000:5:00ff", "configs/site.yaml": "13:9:1700000001:0:ab"], formKeys: ["a": "k1"])

    @Test(arguments: [true, false])
    func aStateReadsBackAsWritten(_ remote: Bool) throws {
        var state = Self.state
        state.usesRemote = remote
        #expect(BuildState(data: state.data) == state)
        let bare = BuildState(fingerprint: "", pages: 0, files: 0, warnings: [], outputKeys: ["only/index.html": "k"])
        #expect(BuildState(data: bare.data) == bare)
        #expect(BuildState(data: bare.data)?.usesRemote == nil)
        #expect(BuildState(data: bare.data)?.paths == nil)
        #expect(state.data == state.data, "the same state writes the same bytes")
    }

    @Test(arguments: ["json", "truncated", "extended", "header", "count", "utf8", "empty"])
    func aFileNotReadWholeIsNoState(_ damage: String) throws {
        let bytes = [UInt8](Self.state.data)
        let damaged: [UInt8]
        switch damage {
        case "json": damaged = Array(#"{"baseURL":null,"files":1,"fingerprint":"f","outputKeys":{},"pages":1,"warnings":[]}"#.utf8)
        case "truncated": damaged = Array(bytes.prefix(bytes.count / 2)) + Array("end\n".utf8)
        case "extended": damaged = Array(bytes.dropLast(4)) + [0] + Array("end\n".utf8)
        case "header": damaged = Array("formgen-state 1\n".utf8) + bytes.dropFirst(BuildState.header.utf8.count)
        case "count":
            // The fingerprint's byte count made larger than the file.
            var copy = bytes
            copy[BuildState.header.utf8.count + 3] = 0x7F
            damaged = copy
        case "utf8":
            var copy = bytes
            copy[BuildState.header.utf8.count + 4] = 0xFF
            damaged = copy
        default: damaged = []
        }
        #expect(BuildState(data: Data(damaged)) == nil)
    }

    /// A damaged state beside the output: the next build renders every file, and writes what a clean build does.
    @Test func aDamagedStateMeansAFullBuild() throws {
        let site = try Builds.site(warnings: false)
        defer { site.remove() }
        let first = try Builds.build(site)
        try Data("formgen-state 2\nnot a state".utf8).write(to: BuildState.file(for: site.output))
        let rebuilt = try Builds.build(site)
        #expect(!rebuilt.upToDate)
        #expect(rebuilt.written == first.written)
        #expect(rebuilt.summarizedConfigs == 0)
        _ = try Builds.build(site, out: "clean", force: true)
        #expect(Builds.snapshot(site) == Builds.snapshot(site, "clean"))
        #expect(try Builds.build(site).upToDate, "the full build saved a state the next one reads")
    }
}
