/// The reference page's "Journey" section: the pages in order with their branches, in words.
extension ReferenceWriter {
    /// Whether the form's pages are more than a straight line: branches, exit pages or a review step.
    var hasJourneySection: Bool {
        form.hasReview || form.pages.contains { $0.isExit || !$0.next.isEmpty }
    }

    /// `*Your pets*`, the page's id or `Page 2` when it has no title.
    func pageName(_ index: Int) -> ReferenceInline {
        let page = form.pages[index]
        if let title = page.title { return .emphasis(.text(title)) }
        if let id = page.id { return .code(id) }
        return "Page \(index + 1)"
    }

    /// A numbered list of the pages, each with its branches: "after *Your pets*: if *Do you have pets?* is No →
    /// *You need a pet…*", and what follows without a match.
    func journey() -> [ReferenceDocument.Block] {
        let graph = form.journeyGraph
        let end: ReferenceInline = form.hasReview ? .emphasis("Check your answers") : "sending"
        func destination(_ page: Int, _ position: Int) -> ReferenceInline {
            guard let goal = graph.targets[page][position] else { return .code(form.pages[page].next[position].goTo) }
            return goal == graph.pageCount ? end : pageName(goal)
        }
        var items: [(item: ReferenceInline, bullets: [ReferenceInline])] = []
        for (number, page) in form.pages.enumerated() {
            let name = pageName(number)
            var branches: [ReferenceInline] = []
            defer { items.append((name + (page.isExit ? " — an exit page: the journey ends here, without sending" : ""), branches)) }
            guard !page.isExit else { continue }
            for (position, branch) in page.next.enumerated() {
                let rule = VisibilityRule(field: branch.field, condition: branch.condition, values: branch.values, action: .show,
                                          otherwise: nil, targets: [], at: branch.location)
                branches.append("after \(name): if \(wording.condition(rule)) → \(destination(number, position))")
            }
            if !page.next.isEmpty {
                let following = graph.following(number)
                branches.append("otherwise → \(following < form.pages.count ? pageName(following) : end)")
            }
        }
        if form.hasReview { items.append(("\(.emphasis("Check your answers")): every answer given on the way, then sending", [])) }
        return [.numberedList(items), .paragraph("""
        The first branch that holds wins. A page the journey does not reach, and a page whose every field is hidden \
        by the rules, is skipped: its fields are not asked, not checked and not submitted.
        """)]
    }
}
