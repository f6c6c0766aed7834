import Foundation

/// What a site's accessibility statement says of the site itself (`accessibility:` in `site.yaml`); formgen adds
/// what it guarantees of every page, and links the statement from every footer.
public struct AccessibilityStatement: Sendable, Hashable {
    /// Where the statement is written in the output.
    public static let path = "accessibility"

    /// Who to contact about a problem (Markdown: an email address or a link becomes a link).
    public var contact: String
    /// The day the statement was last reviewed, `yyyy-mm-dd`.
    public var lastReviewed: String
    /// The site's own known issues, each a Markdown text.
    public var knownIssues: [String]

    public init(contact: String, lastReviewed: String, knownIssues: [String] = []) {
        self.contact = contact
        self.lastReviewed = lastReviewed
        self.knownIssues = knownIssues
    }

    /// `lastReviewed` in a language's long date style (`November 1, 2026`, `1. November 2026`), by the calendar day
    /// as written (no time zone moves it).
    public func reviewedDate(in language: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        guard let date = Self.day(lastReviewed) else { return lastReviewed }
        return formatter.string(from: date)
    }

    /// The day of a `yyyy-mm-dd` text, at midnight UTC; nil when it is not a real calendar day.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
              calendar.dateComponents([.year, .month, .day], from: date) == components else { return nil }
        return date
    }
}
