/// A scale question's whole numbers from `min` to `max` (1–5, 0–10) and the texts shown at its two ends.
public struct ScaleRange: Sendable, Hashable {
    public var min: Int
    public var max: Int
    public var minLabel: String?
    public var maxLabel: String?

    /// The most numbers a scale offers (0–10): more would no longer fit a row of large targets.
    public static let widest = 10

    public init(min: Int, max: Int, minLabel: String? = nil, maxLabel: String? = nil) {
        self.min = min
        self.max = max
        self.minLabel = minLabel
        self.maxLabel = maxLabel
    }

    /// The numbers offered, each as its option (value and label its digits).
    public var options: [FieldOption] {
        guard min <= max else { return [] }
        return (min...max).map { FieldOption(value: String($0), label: String($0)) }
    }
}
