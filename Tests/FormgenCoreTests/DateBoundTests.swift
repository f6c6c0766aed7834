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

    /// A fixed date is written `%04d-%02d-%02d`, as `String(format:)` writes it, outside the usual ranges too.
    @Test(arguments: [(2024, 2, 29), (5, 1, 2), (999, 12, 31), (0, 0, 0), (9999, 99, 99), (10_000, 1, 1), (-5, 3, 4), (2024, 100, 7)])
    func fixedDateIsWrittenAsPrintfWritesIt(_ year: Int, _ month: Int, _ day: Int) {
        #expect(DateBound.fixed(year: year, month: month, day: day).description == String(format: "%04d-%02d-%02d", year, month, day))
    }
}
