/// `requiresSession: {check: me, else: /login/}` on a page: on load the page asks the data source `check` (with that
/// source's credentials); an answer of 401 or 403 sends the person to `elseGoTo`. Enforced by the page's script only:
/// the static page holds no personal data, which only the data sources fetch.
public struct SessionPolicy: Sendable, Hashable {
    /// The id of the data source asked.
    public var check: String
    /// Where a person without a session goes (`else:`), checked by ``ConfigURL``.
    public var elseGoTo: String
    public var location: SourceLocation
    /// Where `check` is written, for an unknown data source.
    public var checkLocation: SourceLocation

    public init(check: String, elseGoTo: String, at location: SourceLocation, checkLocation: SourceLocation? = nil) {
        self.check = check
        self.elseGoTo = elseGoTo
        self.location = location
        self.checkLocation = checkLocation ?? location
    }

    /// Whether `check` names one of `sources` (the page's data source ids).
    public func checksOneOf(_ sources: [String]) -> Bool { sources.contains(check) }

    /// The error for a `check` that names none of `sources` (the page's data source ids), with a suggestion; report it
    /// at ``checkLocation`` when ``checksOneOf(_:)`` is false.
    public func unknownSourceMessage(among sources: [String]) -> String {
        if let close = closestMatch(to: check, in: sources.sorted()) {
            return "requiresSession check '\(check)' is not a data source of this page (did you mean '\(close)'?)"
        }
        if sources.isEmpty {
            return "requiresSession check '\(check)' is not a data source of this page (it has none: add one under 'dataSources')"
        }
        return "requiresSession check '\(check)' is not a data source of this page (known: \(sources.sorted().joined(separator: ", ")))"
    }
}
