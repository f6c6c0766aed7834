import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Mutated example configs (byte flips, deleted keys, swapped types, deep nesting, huge strings) never
/// crash the loader, and every diagnostic they cause is located (`file:line:col`). A fixed seed and
/// 2,000 cases here; `bench/fuzz.sh` runs the same target for minutes with other seeds
/// (`FORMGEN_FUZZ_SEED`, `FORMGEN_FUZZ_SECONDS`).
@Suite struct ConfigFuzzTests {
    static let seeds = ["forms/kyc.yaml", "forms/registration.yaml", "forms/pet-adoption.json", "forms/lumiform-nested.json",
                        "countries/nl.yaml", "countries/de.yaml", "countries/be.yaml", "countries/us.yaml", "site.yaml"]
    static let located = #"^configs/[^:]+:\d+:\d+: (error|warning): ."#

    @Test func mutatedExampleConfigsGiveLocatedDiagnosticsAndNeverCrash() throws {
        let environment = ProcessInfo.processInfo.environment
        var random = SplitMix64(seed: environment["FORMGEN_FUZZ_SEED"].flatMap(UInt64.init) ?? 18)
        let seconds = environment["FORMGEN_FUZZ_SECONDS"].flatMap(Double.init)
        let cases = seconds == nil ? 2_000 : Int.max
        let deadline = Date().addingTimeInterval(seconds ?? 0)
        let originals = try Dictionary(uniqueKeysWithValues: Self.seeds.map {
            ($0, try String(contentsOfFile: Repository.configs + "/" + $0, encoding: .utf8))
        })
        let site = try TestSite([:])
        defer { try? FileManager.default.removeItem(at: site.root) }
        var ran = 0
        var failing = 0
        var slowest = 0.0
        while ran < cases, seconds == nil || Date() < deadline {
            let target = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            var files = ["site.yaml": originals["site.yaml"]!]
            if target.hasPrefix("countries/") { files["forms/kyc.yaml"] = originals["forms/kyc.yaml"]! }
            var text = originals[target]!
            for _ in 0...(random.next() % 3) { text = Mutation.apply(to: text, random: &random) }
            files[target] = text
            try? FileManager.default.removeItem(at: site.root)
            for (path, content) in files {
                let url = URL(fileURLWithPath: site.configs.path + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content.utf8).write(to: url)
            }
            let started = Date()
            let (_, diagnostics) = site.load()
            let took = Date().timeIntervalSince(started)
            slowest = max(slowest, took)
            if seconds != nil, took > 2 {
                let keep = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-fuzz-slow/case-\(ran)")
                try? FileManager.default.createDirectory(at: keep.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? FileManager.default.removeItem(at: keep)
                try? FileManager.default.copyItem(at: URL(fileURLWithPath: site.configs.path), to: keep)
                print("fuzz: case \(ran) (\(target)) took \(String(format: "%.1f", took)) s; its configs are in \(keep.path)")
            }
            let unlocated = diagnostics.filter { $0.range(of: Self.located, options: .regularExpression) == nil }
            #expect(unlocated.isEmpty, "case \(ran) (\(target)): \(unlocated.prefix(3))")
            if diagnostics.contains(where: { $0.contains(": error: ") }) { failing += 1 }
            ran += 1
        }
        if seconds != nil {
            // Long mode only (bench/fuzz.sh): unit tests carry no timing.
            print("fuzz: \(ran) cases, \(failing) with errors, slowest load \(String(format: "%.3f", slowest)) s")
            #expect(slowest < 10, "a mutated config took \(slowest) s to load")
        }
        #expect(ran >= min(cases, 1))
        #expect(failing > 0, "no mutation caused an error: the mutations are too weak")
    }
}

/// The mutations the fuzz target applies.
enum Mutation: CaseIterable {
    case flipByte, deleteLine, swapType, deepNesting, hugeString, duplicateLine

    static func apply(to text: String, random: inout SplitMix64) -> String {
        let mutation = allCases[Int(random.next() % UInt64(allCases.count))]
        var lines = text.components(separatedBy: "\n")
        let line = Int(random.next() % UInt64(max(lines.count, 1)))
        switch mutation {
        case .flipByte:
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return text }
            let choices: [UInt8] = [0x00, 0x09, 0x0A, 0x22, 0x27, 0x3A, 0x2D, 0x7B, 0x7D, 0x5B, 0x5D, 0x23, 0x26, 0x2A, 0x7C, 0x3E, 0xFF, 0xC3]
            let index = Int(random.next() % UInt64(bytes.count))
            bytes[index] = random.next() % 2 == 0 ? choices[Int(random.next() % UInt64(choices.count))] : bytes[index] ^ UInt8(1 << (random.next() % 8))
            return String(decoding: bytes, as: UTF8.self)
        case .deleteLine:
            lines.remove(at: line)
        case .swapType:
            let values = ["[]", "{}", "null", "123", "-1", "true", "'x'", "[1, [2]]", "{a: 1}", "1e400", "\"\"", "~"]
            let value = values[Int(random.next() % UInt64(values.count))]
            if let colon = lines[line].firstIndex(of: ":") {
                let prefix = lines[line][...colon]
                lines[line] = prefix + " " + value + (lines[line].hasSuffix(",") ? "," : "")
            }
        case .deepNesting:
            let depth = 50 + Int(random.next() % 250)
            let nested = random.next() % 2 == 0
                ? String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                : String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
            let indent = lines[line].prefix { $0 == " " }
            lines.insert(indent + "deep: " + nested, at: line)
        case .hugeString:
            let huge = String(repeating: "ab<script>", count: 10_000 + Int(random.next() % 20_000))
            if let colon = lines[line].firstIndex(of: ":") {
                lines[line] = lines[line][...colon] + " \"" + huge + "\"" + (lines[line].hasSuffix(",") ? "," : "")
            }
        case .duplicateLine:
            lines.insert(lines[line], at: line)
        }
        return lines.joined(separator: "\n")
    }
}

/// A small deterministic random number generator (SplitMix64), so each seed always gives the same cases.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
