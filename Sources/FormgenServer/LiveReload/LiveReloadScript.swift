import FormgenCore

/// The script `formgen serve` adds to every page it serves: it listens for build events and
/// reloads the page (when the build changed it, or changed a file every page uses), or shows a failed build's diagnostics over it (as text, never as HTML). The event
/// stream is closed on `pagehide` and reopened on `pageshow`, so pages kept in the back/forward cache
/// do not hold HTTP/1.1 connections (six per host) and stall the next navigation.
public enum LiveReloadScript {
    /// Where the script listens for build events (server-sent events).
    public static let eventsPath = "/__formgen/events"

    /// The script's source, inlined as is into served pages.
    public static let source = """
    (function () {
      "use strict";
      var seen = null;
      var overlay = null;
      function clear() {
        if (overlay) { overlay.remove(); overlay = null; }
      }
      function show(text, warning) {
        clear();
        overlay = document.createElement("div");
        overlay.id = "fg-serve-overlay";
        overlay.setAttribute("role", warning ? "status" : "alert");
        var box = overlay.style;
        box.position = "fixed"; box.left = "0"; box.right = "0"; box.bottom = "0"; box.zIndex = "2147483647";
        box.maxHeight = "60vh"; box.overflow = "auto"; box.margin = "0"; box.padding = "1rem";
        box.background = "#0b0c0c"; box.color = "#fff"; box.borderTop = "0.5rem solid " + (warning ? "#ffdd00" : "#d4351c");
        var title = document.createElement("p");
        title.textContent = warning ? "formgen serve: the build has warnings." : "formgen serve: the build failed. Showing the last good build.";
        title.style.fontWeight = "700";
        title.style.margin = "0 0 0.5rem";
        var details = document.createElement("pre");
        details.textContent = text;
        // The page's own `pre` style (a light grey box) must not reach the overlay's white text.
        var text = details.style;
        text.whiteSpace = "pre-wrap"; text.margin = "0"; text.padding = "0";
        text.background = "transparent"; text.color = "#fff"; text.font = "1rem/1.4 ui-monospace,Menlo,Consolas,monospace";
        overlay.appendChild(title);
        overlay.appendChild(details);
        if (warning) {
          var dismiss = document.createElement("button");
          dismiss.type = "button";
          dismiss.textContent = "Dismiss";
          dismiss.addEventListener("click", clear);
          overlay.appendChild(dismiss);
        }
        document.body.appendChild(overlay);
      }
      var events = null;
      function open() {
        if (events) { return; }
        events = new EventSource("\(eventsPath)");
        events.addEventListener("hello", function (event) {
          var build = JSON.parse(event.data).build;
          if (seen !== null && seen !== build) { location.reload(); return; }
          seen = build;
        });
        events.addEventListener("reload", function (event) {
          var pages = JSON.parse(event.data).pages;
          var here = location.pathname.replace(/index\\.html$/, "");
          if (!pages || pages.indexOf(here) >= 0) { location.reload(); }
        });
        events.addEventListener("build-error", function (event) { show(JSON.parse(event.data).text, false); });
        events.addEventListener("build-warnings", function (event) { show(JSON.parse(event.data).text, true); });
      }
      function close() {
        if (events) { events.close(); events = null; }
      }
      window.addEventListener("pagehide", close);
      window.addEventListener("pageshow", open);
      open();
    })();
    """

    /// The script's `'sha256-…'` source for a page's `script-src`.
    public static let cspSource = SHA256.cspSource(for: source)
}
