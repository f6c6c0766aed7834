/// `repeat: {min, max, itemLabel, addLabel, removeLabel}` on a section: the person gives a list of items
/// ("Add another pet"), each with the section's fields; the submission holds a list of objects under the section's `id`.
public struct RepeatPolicy: Sendable, Hashable {
    /// Fewest items; the page starts with `max(min, 1)` items and hides Remove at `min`.
    public var min: Int = 0
    /// Most items; the page hides Add at `max`. nil: no limit.
    public var max: Int?
    /// An item's legend, `{n}` standing for its number (`Pet {n}`); the language's "Item {n}" when nil.
    public var itemLabel: String?
    /// The Add button's text; the language's "Add another" when nil.
    public var addLabel: String?
    /// The Remove button's text; the language's "Remove" when nil.
    public var removeLabel: String?
    public var location: SourceLocation

    public init(at location: SourceLocation) {
        self.location = location
    }

    /// How many items the page shows before any Add: `min`, at least one.
    public var initialItems: Int { Swift.max(min, 1) }
}

extension Section {
    /// The fields of a repeating section's items, nested sections included; empty for a plain section.
    public var itemFields: [Field] { self.repeat == nil ? [] : items.flatMap(\.fields) }
}

extension Form {
    /// The repeating sections, in page order (nested sections included).
    public var repeatingSections: [Section] {
        func walk(_ items: [FormItem]) -> [Section] {
            items.flatMap { item -> [Section] in
                guard case .section(let section) = item else { return [] }
                return section.repeat != nil ? [section] : walk(section.items)
            }
        }
        return pages.flatMap { walk($0.items) }
    }

    /// The id of the repeating section each of its fields belongs to.
    public var repeatOf: [String: String] {
        var owners: [String: String] = [:]
        for section in repeatingSections {
            guard let id = section.id else { continue }
            for field in section.itemFields { owners[field.id] = id }
        }
        return owners
    }

    /// The fields answered once (not in a repeating section), in page order.
    public var singleFields: [Field] {
        let owners = repeatOf
        return allFields.filter { owners[$0.id] == nil }
    }
}
