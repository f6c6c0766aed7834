/// One documentation page: a Markdown file under `configs/docs/`.
public struct DocPage: Sendable, Hashable {
    /// The file's path under the docs folder, as found (`guides/kyc.md`).
    public var source: String
    /// The output folder of the page (`docs/guides/kyc`, written as `docs/guides/kyc/index.html`);
    /// `docs` for the docs folder's own `index.md`, which opens the docs index.
    public var path: String
    public var title: String
    /// A one-line summary for listings: front matter `description`, else the first paragraph.
    public var summary: String?
    /// Front matter `order`: lower comes first; pages without one follow, by path.
    public var order: Int?
    /// The Markdown after the front matter.
    public var markdown: String
    /// The file line the Markdown starts on (after the front matter).
    public var bodyLine: Int
    /// Whether the Markdown has its own level-1 heading (then the layout prints none).
    public var hasOwnTitle: Bool
    public var headings: [Markdown.Heading]
    public var links: [Markdown.Link]
    public var location: SourceLocation

    public init(source: String, path: String, title: String, markdown: String, at location: SourceLocation) {
        self.source = source
        self.path = path
        self.title = title
        self.summary = nil
        self.order = nil
        self.markdown = markdown
        self.bodyLine = 1
        self.hasOwnTitle = false
        self.headings = []
        self.links = []
        self.location = location
    }

    /// Whether this is the docs folder's own `index.md`, shown at the top of the docs index.
    public var isDocsIndex: Bool { path == DocPage.indexPath }

    /// Where the docs index is written.
    public static let indexPath = "docs"

    /// Ids the doc layout itself uses, which headings must not take.
    /// A doc with this many level-2 headings or more gets a table of contents under its title.
    public static let contentsMinimum = 3

    public static let reservedIDs: Set<String> = ["main", "fg-doc-nav", "fg-doc-nav-title", "fg-doc-list", "fg-toc", "fg-toc-title"]

    /// The order docs are listed in: by `order`, then by path.
    static func listed(_ docs: [DocPage]) -> [DocPage] {
        docs.sorted { ($0.order ?? Int.max, $0.path) < ($1.order ?? Int.max, $1.path) }
    }
}
