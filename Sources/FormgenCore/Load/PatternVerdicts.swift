import Foundation
import FormgenRuntime

/// What the `regex:` checks say about each pattern, worked out once per pattern in a process: many forms share
/// their patterns, and checking one compiles it with ICU. The verdicts depend on the pattern's text alone.
final class PatternVerdicts: @unchecked Sendable {
    /// Why a pattern cannot be used (``RegexSyntax/problem(in:)``), and why it may be slow (``SlowRegexCheck/problem(in:)``).
    struct Verdict {
        var syntax: String?
        var slow: String?
    }

    static let shared = PatternVerdicts()

    /// Patterns kept at most; past it the memo starts again (a long `formgen serve` session stays bounded).
    static let capacity = 4_096

    private let lock = NSLock()
    private var verdicts: [String: Verdict] = [:]

    func verdict(on pattern: String) -> Verdict {
        lock.lock()
        let known = verdicts[pattern]
        lock.unlock()
        if let known { return known }
        let syntax = RegexSyntax.problem(in: pattern)
        let verdict = Verdict(syntax: syntax, slow: syntax == nil ? SlowRegexCheck.problem(in: pattern) : nil)
        lock.lock()
        if verdicts.count >= Self.capacity { verdicts.removeAll(keepingCapacity: true) }
        verdicts[pattern] = verdict
        lock.unlock()
        return verdict
    }
}
