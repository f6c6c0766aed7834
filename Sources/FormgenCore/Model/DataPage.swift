import FormgenRuntime

/// A page that shows data (`configs/pages/*.yaml`): tables, lists and details, in order, over a data source the
/// page fetches when it opens (live) or a data file read at build time (`configs/data/`, rendered into the HTML).
public struct DataPage: Sendable, Hashable {
    public var id: String
    /// Where the page is written: `<path>/index.html`.
    public var path: String
    public var title: String
    /// Markdown.
    public var description: String?
    public var language: String
    /// `dataSources:`, read as a form's (``DataSourceReader``).
    public var dataSources: [DataSource] = []
    public var blocks: [DataBlock] = []
    /// `requiresSession:`: the data source asked on load; a 401 or 403 sends the person elsewhere.
    public var requiresSession: SessionPolicy?
    /// `logout:`: a button that ends the session.
    public var logout: LogoutAction?
    public var location: SourceLocation

    public init(id: String, path: String, title: String, language: String, at location: SourceLocation) {
        self.id = id
        self.path = path
        self.title = title
        self.language = language
        self.location = location
    }

    /// The blocks the page fetches in the browser: the page carries the `data` runtime only when it has one.
    public var liveBlocks: [DataBlock] { blocks.filter { $0.liveSource != nil } }

    /// The `session` member of the page's spec, for `session.js` (nil without `requiresSession` or `logout`).
    public var session: SessionSpec? {
        SessionSpec(requiresSession: requiresSession, logout: logout, dataSources: dataSources)
    }
}

/// One block of a data page.
public struct DataBlock: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case table, list, details
    }

    /// Where the block's data comes from.
    public enum Source: Sendable, Hashable {
        /// `dataSource: id`: a data source the page fetches.
        case live(String)
        /// `data: name`: `configs/data/<name>.json|yaml`, read at build time.
        case data(String)
    }

    public var kind: Kind
    public var source: Source
    /// A table's caption, a list's or details' heading.
    public var title: String?
    /// `items:`: the dot path to the entries in the answer (`transactions`, `data.rates`); without it the answer
    /// itself when it is a list, else its first member that is.
    public var items: String?
    /// A table's `columns:`, a list's or details' `fields:`.
    public var columns: [DataColumn] = []
    public var dropIf: DropRule?
    public var sort: DataSort?
    public var groupBy: DataGroup?
    /// `empty:`: what the block says when no entry is left.
    public var empty: String?
    public var location: SourceLocation

    public init(kind: Kind, source: Source, at location: SourceLocation) {
        self.kind = kind
        self.source = source
        self.location = location
    }

    /// The data source id when the page fetches the block's data.
    public var liveSource: String? {
        if case .live(let id) = source { return id }
        return nil
    }
}

/// A column of a table, or a field of a list entry or of details.
public struct DataColumn: Sendable, Hashable {
    public var key: String
    public var label: String
    public var format: DataFormat = .text
    /// `currency: EUR`: the ISO 4217 code of every value (`format: currency`).
    public var currency: String?
    /// `currencyKey: shortName`: the entry's member holding each value's currency code (`format: currency`).
    public var currencyKey: String?
    /// `decimals: 4`: exactly this many digits after the decimal sign (number, currency, change).
    public var decimals: Int?

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// Numbers are right-aligned in a table.
    public var isNumeric: Bool { [.number, .currency, .change].contains(format) }
}

/// How a value is shown: as written, or in the page's language (`Intl` in the browser, the same patterns at build).
public enum DataFormat: String, Sendable, Hashable, CaseIterable {
    case text, number, currency, date, datetime, change
}

/// `sort: {key, order: asc|desc}`.
public struct DataSort: Sendable, Hashable {
    public var key: String
    public var descending: Bool
}

/// `groupBy: {key, format: date|text}`: entries under a heading per value, in the order they come (after `sort`).
public struct DataGroup: Sendable, Hashable {
    public var key: String
    public var format: DataFormat
}
