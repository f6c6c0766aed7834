/// What `formgen serve` builds differently from `formgen build`, and nothing else: a form without an action of its
/// own posts to the preview's submission sink, every page carries the live-reload script (its hash and its event
/// stream allowed by the page's policy), and a form's runtime sets `globalThis.Formgen` for the console (`expose.js`). Pages are rendered once with these, never rewritten afterwards.
public struct PreviewMode: Sendable, Hashable {
    /// Where the sink takes submissions; a form at `kyc/nl` posts to `<sinkPrefix>kyc/nl`.
    public var sinkPrefix: String
    /// The live-reload script, inlined before `</body>`.
    public var script: String

    public init(sinkPrefix: String, script: String) {
        self.sinkPrefix = sinkPrefix
        self.script = script
    }

    /// The script's source for the page's `script-src`.
    var scriptSource: String { SHA256.cspSource(for: script) }
}
