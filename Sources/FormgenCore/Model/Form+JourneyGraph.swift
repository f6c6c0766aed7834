import FormgenRuntime

extension Form {
    /// The form's journey graph.
    public var journeyGraph: JourneyGraph {
        JourneyGraph(ids: pages.map(\.id), exits: pages.map(\.isExit), goTos: pages.map { $0.next.map(\.goTo) })
    }
}
