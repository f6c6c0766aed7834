import Foundation

/// Work spread over the cores. A build reads configs, checks forms and renders pages this way; `formgen build
/// --jobs N` limits it to N threads (`--jobs 1`: all on one thread, which must write the same bytes). A value each
/// build is given (``BuildOptions/jobs``), never a setting of the process.
public struct Parallel: Sendable {
    /// The most threads the work uses; nil: one per core.
    public let jobs: Int?

    public init(jobs: Int? = nil) {
        self.jobs = jobs.map { max(1, $0) }
    }

    /// Runs `side` on another thread while `main` runs on this one (both on this one under `--jobs 1`), and
    /// returns both results.
    func pair<Side: Sendable, Main>(_ side: @escaping @Sendable () -> Side, while main: () -> Main) -> (Side, Main) {
        if jobs == 1 {
            let first = side()
            return (first, main())
        }
        let result = ResultSlots<Side>(count: 1)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { result[0] = side() }
        let second = main()
        done.wait()
        return (result[0]!, second)
    }

    /// Calls `body` for every index in `0..<count`, on every core or on `jobs` threads, and waits for all.
    func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        guard let jobs else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
            return
        }
        if jobs == 1 || count == 1 {
            for index in 0..<count { body(index) }
            return
        }
        let workers = min(jobs, count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < count {
                body(index)
                index += workers
            }
        }
    }
}
