import Hummingbird
import NIOCore

/// A request's context with the peer's address, for the per-IP rate limit and access log, and its connection.
public struct CollectRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The request's connection, closed when its body does not arrive in time.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The client's IP address (`unknown` without a socket, e.g. in tests).
    var clientIP: String { remoteAddress?.ipAddress ?? "unknown" }
}
