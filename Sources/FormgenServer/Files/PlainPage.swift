import FormgenCore

/// The small pages the preview server writes itself (its 404, the answer to a form posted without
/// JavaScript): plain, styled by one hashed inline style, and under a strict policy.
enum PlainPage {
    static let style = "body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.4;color:#0b0c0c}code{background:#f3f2f1;padding:0 .2em}"

    /// A whole page in `language` (its `lang` and `dir`); `title` is escaped here, `body` must already be HTML. With
    /// `liveReload`, the page carries the live-reload script, as built pages do under `formgen serve`.
    static func html(title: String, body: String, language: String = "en", liveReload: Bool = false) -> String {
        let scripts = liveReload ? "; script-src \(HTMLEscaping.escape(LiveReloadScript.cspSource)); connect-src &#39;self&#39;" : ""
        return """
        <!doctype html>
        <html lang="\(HTMLEscaping.escape(language))" dir="\(Messages.direction(for: language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src \(HTMLEscaping.escape(SHA256.cspSource(for: style)))\(scripts); base-uri &#39;none&#39;">
        <title>\(HTMLEscaping.escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        \(liveReload ? "<script>\(LiveReloadScript.source)</script>\n" : "")</body>
        </html>

        """
    }
}
