/// Forms and option lists fetched at build time (`remote:` in `site.yaml`).
public struct RemoteSources: Sendable, Hashable {
    public var forms: [RemoteForm] = []
    public var lists: [RemoteList] = []
    /// Limits for every request.
    public var timeouts = RemoteTimeouts()
    /// Whether images forms name by URL are downloaded (`images`, default true).
    public var images = true
    /// True when `site.yaml` has a `remote:` section: only then does a build use the network.
    public var declared = false

    public init() {}
}

/// What every remote request may take.
public struct RemoteTimeouts: Sendable, Hashable {
    /// Seconds to open the connection (`connectTimeout`, default 5).
    public var connect: Double = 5
    /// Seconds for the whole request (`timeout`, default 30).
    public var request: Double = 30
}

/// Where a remote source is and how it is asked for; shared by forms and lists.
public struct RemoteRequest: Sendable, Hashable {
    /// The URL as written; `${VAR}` is replaced from the environment only when the request is made.
    public var url: String
    /// Seconds a cached copy is used without asking (`maxAge`, default 0: always revalidate).
    public var maxAge: Double = 0
    /// Header values as written, `${VAR}` included.
    public var headers: [String: String] = [:]
    /// Where the source is named in `site.yaml`.
    public var location: SourceLocation
}

/// A form whose config is downloaded (`remote.forms`).
public struct RemoteForm: Sendable, Hashable {
    public var request: RemoteRequest
    /// Output path: `id`, else the URL's last segment without its extension.
    public var id: String
}

/// A named option list built from a downloaded JSON array (`remote.lists`).
public struct RemoteList: Sendable, Hashable {
    public var request: RemoteRequest
    public var id: String
    /// Where the array is: `$`, `.key`, `[n]` (`items`, default `$`).
    public var items: String = "$"
    /// Key of each item's value.
    public var valueKey: String
    /// A key, or a template over keys (`{name} ({shortName})`); default: the value.
    public var label: String?
    public var dropIf: DropRule?
}
