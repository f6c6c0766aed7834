import Hummingbird
import NIOCore

/// A request's context with the peer's address, for the per-IP rate limit and access log.
public struct CollectRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address (`unknown` without a socket, e.g. in tests).
    var clientIP: String { remoteAddress?.ipAddress ?? "unknown" }
}
