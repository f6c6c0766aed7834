import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The processor time spent rendering each kind of output (`formgen build --timings`): measured per thread around
/// each render, so it leaves out writing the files and waiting for the disk.
public final class RenderTimings: @unchecked Sendable {
    /// One kind's total.
    public struct Line: Sendable, Equatable {
        public var kind: SiteOutput.Kind
        public var count: Int
        public var seconds: Double
    }

    private let lock = NSLock()
    private var totals: [SiteOutput.Kind: (count: Int, seconds: Double)] = [:]

    public init() {}

    /// `outputs` with each render timed into this record.
    func timing(_ outputs: [SiteOutput]) -> [SiteOutput] {
        outputs.map { output in
            var timed = output
            let render = output.bytes, kind = output.kind
            timed.bytes = { [self] in
                let start = Self.threadSeconds()
                let data = render()
                add(kind, Self.threadSeconds() - start)
                return data
            }
            return timed
        }
    }

    func add(_ kind: SiteOutput.Kind, _ seconds: Double) {
        lock.withLock {
            let total = totals[kind] ?? (0, 0)
            totals[kind] = (total.count + 1, total.seconds + seconds)
        }
    }

    /// The kinds rendered, in `SiteOutput.Kind`'s order.
    public var lines: [Line] {
        lock.withLock {
            SiteOutput.Kind.allCases.compactMap { kind in totals[kind].map { Line(kind: kind, count: $0.count, seconds: $0.seconds) } }
        }
    }

    /// The lines as a table for the terminal: kind, files, total and per-file milliseconds.
    public var table: String {
        var text = "Rendering time (processor, all threads) by kind of file:\n"
        for line in lines {
            let total = String(format: "%9.1f ms", line.seconds * 1000)
            let each = String(format: "%7.3f ms each", line.seconds * 1000 / Double(max(line.count, 1)))
            text += "  " + line.kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
                + String(format: "%7d", line.count) + total + each + "\n"
        }
        return text
    }

    private static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
