import Foundation
import Testing
@testable import FormgenCore

/// Date bounds: fixed dates and offsets from today.
@Suite struct DateBoundTests {
    @Test(arguments: [
        ("2024-02-29", DateBound.fixed(year: 2024, month: 2, day: 29) as DateBound?),
        ("today", .relative(years: 0, months: 0, days: 0)),
        ("-18y", .relative(years: -18, months: 0, days: 0)),
        ("+30d", .relative(years: 0, months: 0, days: 30)),
        ("-1y6m", .relative(years: -1, months: -6, days: 0)),
        ("yesterday", nil),
        ("2024-13-01", nil),
        ("18", nil),
    ])
    func dateBounds(_ text: String, _ expected: DateBound?) {
        #expect(DateBound(text) == expected)
        if let expected { #expect(DateBound(expected.description) == expected) }
    }
}
