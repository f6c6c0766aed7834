/// `2` for 2.0, `2.5` for 2.5.
package func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
