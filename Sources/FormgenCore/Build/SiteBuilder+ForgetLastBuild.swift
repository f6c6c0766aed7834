import Foundation

extension SiteBuilder {
    /// Forgets what the last build saw, so the next build runs in full even when no input changed.
    /// For tools that change the output folder in place, such as `formgen serve`'s incremental rebuilds.
    public func forgetLastBuild() {
        try? FileManager.default.removeItem(at: BuildState.file(for: URL(fileURLWithPath: options.outputDirectory)))
    }
}
