/// A rule that shows, hides, requires or unrequires fields depending on another field's value.
public struct VisibilityRule: Sendable, Hashable {
    public enum Condition: String, Sendable, Hashable, CaseIterable {
        case equals, notEquals, `in`, notIn, empty, notEmpty, greaterThan, lessThan

        /// Whether the condition compares against a value.
        var needsValue: Bool { self != .empty && self != .notEmpty }
    }

    public enum Action: String, Sendable, Hashable, CaseIterable {
        case show, hide, require, unrequire
    }

    /// The field whose value is tested.
    public var field: String
    public var condition: Condition
    /// The value(s) compared with; several for `in`/`notIn`.
    public var values: [String]
    public var action: Action
    public var otherwise: Action?
    public var targets: [String]
    public var location: SourceLocation
    /// Where each target id was written, for located errors.
    public var targetLocations: [SourceLocation]

    public init(field: String, condition: Condition, values: [String], action: Action, otherwise: Action?,
                targets: [String], at location: SourceLocation, targetLocations: [SourceLocation] = []) {
        self.field = field
        self.condition = condition
        self.values = values
        self.action = action
        self.otherwise = otherwise
        self.targets = targets
        self.location = location
        self.targetLocations = targetLocations.isEmpty ? targets.map { _ in location } : targetLocations
    }
}
