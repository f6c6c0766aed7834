import Foundation

extension NSRegularExpression {
    /// What a search within a step budget found.
    package enum BoundedSearch: Equatable {
        case match, noMatch
        /// The budget ran out before the engine knew; the validator treats it as a failed match.
        case abandoned
    }

    /// ICU calls the progress callback once every 10,000 backtracking steps; a search is abandoned
    /// at this many calls (2,000,000 steps, well under a second; counted, not timed, so the same
    /// value always gets the same answer).
    package static let searchBudget = 200

    /// Searches `text` (not anchored) and gives up after `budget` progress callbacks, so that a
    /// catastrophic pattern (`(a+)+$` on fifty `a`s and a `!`) answers at once instead of after years.
    package func boundedSearch(_ text: String, budget: Int = searchBudget) -> BoundedSearch {
        var outcome = BoundedSearch.noMatch
        var calls = 0
        enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, _, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
                return
            }
            calls += 1
            if calls >= budget {
                outcome = .abandoned
                stop.pointee = true
            }
        }
        return outcome
    }
}
