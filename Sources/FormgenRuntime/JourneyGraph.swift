/// A form's pages as a journey sees them, resolved once: each page id's index, each branch's target (`review`: the end,
/// after the last page), which pages are exits. The validator, the JSON Schema, the no-JavaScript notes, the reference
/// page and the checker all read it, from the form or from its page spec.
public struct JourneyGraph: Sendable, Hashable {
    /// How many pages; a branch to `review` goes here, past the last page.
    public let pageCount: Int
    /// Page id → index of the first page with that id.
    public let indexByID: [String: Int]
    /// Per page, per branch: the index its `goTo` names (`pageCount` for `review`), nil for an unknown page.
    public let targets: [[Int?]]
    /// Whether each page is an exit page.
    public let exits: [Bool]

    /// A graph of pages given by their ids, whether each is an exit, and their branches' `goTo`s.
    public init(ids: [String?], exits: [Bool], goTos: [[String]]) {
        var index: [String: Int] = [:]
        for (number, id) in ids.enumerated() { if let id, index[id] == nil { index[id] = number } }
        pageCount = ids.count
        indexByID = index
        self.exits = exits
        targets = goTos.map { branches in branches.map { $0 == "review" ? ids.count : index[$0] } }
    }

    /// The page a branch on `page` leads to when it is taken, if that lies ahead (`pageCount` for `review`); nil for a
    /// branch to an unknown page or back (which the checker refuses, and a journey ignores).
    public func forwardTarget(from page: Int, branch: Int) -> Int? {
        guard let goal = targets[page][branch], goal > page else { return nil }
        return goal
    }

    /// The next page in order after `page` that is not an exit page (`pageCount` at the end).
    public func following(_ page: Int) -> Int {
        var next = page + 1
        while next < pageCount && exits[next] { next += 1 }
        return next
    }
}

extension FormSpec {
    /// The journey graph of the form the spec describes.
    public var journeyGraph: JourneyGraph {
        JourneyGraph(ids: pages.map(\.id), exits: pages.map { $0.exit == true }, goTos: pages.map { ($0.next ?? []).map(\.goTo) })
    }
}
