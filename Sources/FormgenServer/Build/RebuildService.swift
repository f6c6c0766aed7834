import Foundation
import Logging
import ServiceLifecycle

/// Watches the configs and templates, and rebuilds once per burst of changes. Changes only
/// under the mocks folder need no build: open pages just reload.
public struct RebuildService: Service {
    public let watcher: FolderWatcher
    public let rebuilder: SiteRebuilder
    public let mocksDirectory: String

    public init(watcher: FolderWatcher, rebuilder: SiteRebuilder, mocksDirectory: String) {
        self.watcher = watcher
        self.rebuilder = rebuilder
        self.mocksDirectory = mocksDirectory
    }

    public func run() async throws {
        try watcher.start()
        let mocks = URL(fileURLWithPath: mocksDirectory).standardizedFileURL.path + "/"
        await withGracefulShutdownHandler {
            for await batch in watcher.batches() {
                let changes = batch.sorted()
                for change in changes { rebuilder.logger.debug("changed: \(change)") }
                if changes.allSatisfy({ URL(fileURLWithPath: $0).standardizedFileURL.path.hasPrefix(mocks) }) {
                    rebuilder.logger.info("Mocks changed (\(changes.count) file\(changes.count == 1 ? "" : "s")); reloading pages.")
                    await rebuilder.hub.servedFilesChanged()
                } else {
                    await rebuilder.rebuild(because: changes)
                }
            }
        } onGracefulShutdown: {
            watcher.stop()
        }
    }
}
