import FormgenCore
import Hummingbird

/// The answer to a form posted without JavaScript: once stored, 303 to `submit.redirect` or to the site's built
/// "sent" page (``FormSpec/SubmitSpec/sentPage``); otherwise, and when neither address can be had, a small HTML page.
enum NoScriptAnswer {
    /// `origin`: the request's `Origin` when it is one of the site origins collect allows (a relative "sent" page
    /// is on the site, not on collect's host).
    static func response(_ answer: CollectService.Answer, spec: FormSpec, origin: String?) -> Response {
        if answer.status == 200, let location = spec.submit.redirect ?? sentPage(spec, origin: origin) {
            return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        }
        let stored = answer.status == 200
        let words = Messages.table(for: spec.lang)
        let title = (stored ? words["received"] : words["errorSummaryTitle"]) ?? ""
        var items: [String] = []
        if case .object(let body) = answer.body, case .object(let errors)? = body["errors"] {
            for field in spec.fields {
                if case .string(let message)? = errors[field.id] {
                    items.append("<li>\(HTMLEscaping.escape(field.label)): \(HTMLEscaping.escape(message))</li>")
                }
            }
        } else if !stored, case .object(let body) = answer.body, case .string(let message)? = body["error"] {
            items.append("<li>\(HTMLEscaping.escape(message))</li>")
        }
        let message = stored ? (spec.submit.successMessage ?? words["sent"] ?? "") : ""
        let html = """
        <!doctype html>
        <html lang="\(HTMLEscaping.escape(spec.lang))" dir="\(Messages.direction(for: spec.lang))"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(HTMLEscaping.escape(title))</title></head>
        <body><main>
        <h1>\(HTMLEscaping.escape(title))</h1>
        <p>\(HTMLEscaping.escape(spec.title))</p>
        \(message.isEmpty ? "" : "<p>\(HTMLEscaping.escape(message))</p>")
        \(items.isEmpty ? "" : "<ul>\n\(items.joined(separator: "\n"))\n</ul>")
        </main></body></html>

        """
        return Response(status: .init(code: answer.status),
                        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                  .contentSecurityPolicy: "default-src 'none'"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The "sent" page's address: as built when absolute, else on the posting page's origin.
    static func sentPage(_ spec: FormSpec, origin: String?) -> String? {
        guard let page = spec.submit.sentPage else { return nil }
        if page.hasPrefix("https://") || page.hasPrefix("http://") { return page }
        guard page.hasPrefix("/"), let origin else { return nil }
        return origin + page
    }
}
