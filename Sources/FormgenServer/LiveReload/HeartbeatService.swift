import ServiceLifecycle

/// Sends a heartbeat down every event stream now and then, so streams of closed pages end;
/// on shutdown it ends every stream, so open pages never hold the server up.
public struct HeartbeatService: Service {
    public let hub: LiveReloadHub
    public let interval: Duration

    public init(hub: LiveReloadHub, interval: Duration = .seconds(15)) {
        self.hub = hub
        self.interval = interval
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                break
            }
            await hub.heartbeat()
        }
        await hub.finishAll()
    }
}
