import Foundation

/// Waits for files that are still being written: a batch is handed over only once none of its files
/// changed size or modification time for a quiet period (up to a limit, so a file written forever
/// still gets built).
struct WriteSettler {
    let quietPeriod: Duration
    let limit: Duration

    /// The size and modification time of each path (nil for a path that is gone).
    static func stamps(_ paths: Set<String>) -> [String: FileSnapshot.Stamp?] {
        var stamps: [String: FileSnapshot.Stamp?] = [:]
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            stamps[path] = attributes.map {
                FileSnapshot.Stamp(size: ($0[.size] as? NSNumber)?.intValue ?? 0, modified: $0[.modificationDate] as? Date ?? .distantPast)
            }
        }
        return stamps
    }

    /// Returns once `paths` stayed unchanged for `quietPeriod`, `limit` has passed, or `isStopped()`.
    func settle(_ paths: Set<String>, isStopped: () -> Bool) {
        let start = ContinuousClock.now
        var previous = Self.stamps(paths)
        while !isStopped(), ContinuousClock.now - start < limit {
            Thread.sleep(forTimeInterval: Double(quietPeriod.components.seconds) + Double(quietPeriod.components.attoseconds) / 1e18)
            let current = Self.stamps(paths)
            if current == previous { return }
            previous = current
        }
    }
}
