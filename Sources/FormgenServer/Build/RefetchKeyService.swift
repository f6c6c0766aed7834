import Foundation
import ServiceLifecycle

/// `r` + Enter on the terminal running `formgen serve` fetches the remote sources again and rebuilds
/// (other rebuilds use the cached copies, so a save never waits for the network).
public struct RefetchKeyService: Service {
    public let rebuilder: SiteRebuilder

    public init(rebuilder: SiteRebuilder) {
        self.rebuilder = rebuilder
    }

    public func run() async throws {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let reader = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        reader.name = "formgen-keys"
        reader.start()
        for await line in lines.cancelOnGracefulShutdown() where line.trimmingCharacters(in: .whitespaces).lowercased() == "r" {
            rebuilder.logger.info("Fetching remote sources again.")
            await rebuilder.rebuild(refresh: true)
        }
        try? await gracefulShutdown()
    }
}
