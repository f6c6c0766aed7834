import FormgenCore
import Foundation

/// What `formgen serve` builds, where it listens, and where the preview's extras live.
public struct ServeOptions: Sendable {
    /// The build that is served (its `outputDirectory` is the folder served), in preview mode: forms without an
    /// action post to the sink, and every page carries the live-reload script.
    public var build: BuildOptions
    public var host: String
    public var port: Int
    /// The folder of mock responses; `configs/mocks` by default.
    public var mocksDirectory: String
    /// The JSON Lines file accepted submissions are appended to.
    public var submissionsFile: String
    /// Watch by polling modification times instead of inotify.
    public var poll: Bool
    /// How long to wait for a burst of changes to end before rebuilding.
    public var debounceMilliseconds: Int
    /// The largest request body accepted (bytes); larger ones get 413.
    public var maxBodyBytes: Int

    /// The preview's own output folder when none is named: `.formgen/preview` beside the config folder, so that
    /// `formgen build`'s output never holds a preview page.
    public static func defaultOutput(configDirectory: String) -> String {
        let parent = URL(fileURLWithPath: configDirectory).deletingLastPathComponent().path
        return (parent as NSString).appendingPathComponent(".formgen/preview")
    }

    /// What the preview builds differently: forms post to the sink, pages carry the live-reload script.
    public static let previewMode = PreviewMode(sinkPrefix: SubmissionSink.pathPrefix, script: LiveReloadScript.source)

    public init(build: BuildOptions, host: String = "127.0.0.1", port: Int = 8080,
                mocksDirectory: String? = nil, submissionsFile: String? = nil,
                poll: Bool = false, debounceMilliseconds: Int = 40, maxBodyBytes: Int = 1 << 20) {
        self.build = build
        self.build.preview = Self.previewMode
        self.host = host
        self.port = port
        let configParent = URL(fileURLWithPath: build.configDirectory).deletingLastPathComponent().path
        self.mocksDirectory = mocksDirectory ?? (build.configDirectory as NSString).appendingPathComponent("mocks")
        self.submissionsFile = submissionsFile ?? (configParent as NSString).appendingPathComponent(".formgen/submissions.jsonl")
        self.poll = poll
        self.debounceMilliseconds = debounceMilliseconds
        self.maxBodyBytes = maxBodyBytes
    }
}
