/// Reads `dataSources: [{id, type: api, endpoint, fields}]`.
struct DataSourceReader {
    func read(_ node: ConfigNode) -> [DataSource] {
        guard let items = node.expectSequence("'dataSources'") else { return [] }
        return items.compactMap { item in
            guard item.expectMapping("a data source") else { return nil }
            item.warnUnknownKeys(allowed: ["id", "type", "endpoint", "fields", "credentials"], in: "data source")
            guard let id = item.string("id") else {
                item.error("data source is missing 'id'")
                return nil
            }
            let type = item.string("type") ?? "api"
            if type != "api" {
                item["type"]?.error("unknown data source type '\(type)' (known: api)")
            }
            guard let endpoint = item.url("endpoint", for: .endpoint), !endpoint.isEmpty else {
                item.error("data source '\(id)' is missing 'endpoint'")
                return nil
            }
            let fieldsNode = item["fields"]
            let fields = item.stringList("fields") ?? []
            let locations = fieldsNode.map { $0.isSequence ? $0.elements.map(\.location) : [$0.location] } ?? []
            var source = DataSource(id: id, type: type, endpoint: endpoint, fields: fields, at: item.location,
                                    endpointLocation: item["endpoint"]?.location, fieldLocations: locations)
            if let credentials = CredentialsReader().read(item) { source.credentials = credentials }
            return source
        }
    }
}

/// Reads `submit: {action, method, encoding, successMessage, onSuccess, redirect, credentials, provider, url}` over inherited
/// defaults. `onSuccess: {goTo: …}` is the documented spelling; `redirect:` is its older alias, read the same way.
struct SubmissionReader {
    func read(_ node: ConfigNode, over defaults: Submission) -> Submission {
        var submission = defaults
        guard node.expectMapping("'submit'") else { return submission }
        node.warnUnknownKeys(allowed: Set(["action", "method", "encoding", "successMessage", "redirect", "onSuccess", "credentials", "provider", "url", "form", "minSeconds", "retention"])
            .union(SubmitTextReader.keys), in: "submit")
        if let action = node.url("action", for: .action) { submission.action = action }
        if let provider = node.string("provider") { readProvider(provider, node, into: &submission) }
        if let seconds = node["minSeconds"] {
            if let value = seconds.intValue, (0...3_600).contains(value) { submission.minSeconds = value } else {
                seconds.error("'minSeconds' must be a whole number of seconds from 0 to 3600")
            }
        }
        if let text = node.string("retention") {
            if let seconds = DraftPolicyReader.seconds(text, atMostDays: 36_600) { submission.retentionSeconds = seconds } else {
                node["retention"]?.error("submit retention '\(text)' is not a duration: write a positive number with s, m, h or d (30d, 90d, 730d)")
            }
        }
        if let method = node.string("method") {
            if ["post", "get"].contains(method.lowercased()) { submission.method = method.lowercased() } else {
                node["method"]?.error("unknown submit method '\(method)' (known: post, get)")
            }
        }
        if let encoding = node.string("encoding") {
            if let value = Submission.Encoding(rawValue: encoding) { submission.encoding = value } else {
                node["encoding"]?.error("unknown submit encoding '\(encoding)' (known: json, form)")
            }
        }
        if let message = node.localized("successMessage") {
            submission.successMessage = message.text
            submission.successMessageTranslations = message.translations
        }
        if let redirect = node.url("redirect", for: .redirect) { submission.redirect = redirect }
        if let onSuccess = node["onSuccess"] { readOnSuccess(onSuccess, alias: node["redirect"], into: &submission) }
        if let credentials = CredentialsReader().read(node) { submission.credentials = credentials }
        SubmitTextReader().read(node, into: &submission)
        return submission
    }

    /// `onSuccess: {goTo: /home/}`; with `redirect:` too, both must name the same page.
    private func readOnSuccess(_ node: ConfigNode, alias: ConfigNode?, into submission: inout Submission) {
        guard node.expectMapping("'onSuccess' (a mapping like {goTo: /home/})") else { return }
        node.warnUnknownKeys(allowed: ["goTo"], in: "onSuccess")
        guard let goTo = node.url("goTo", for: .redirect) else {
            return node.error("onSuccess is missing 'goTo': the page to go to once the server accepted the answers")
        }
        if let alias, let redirect = alias.scalarText, redirect != goTo {
            alias.error("'redirect' (\(redirect)) and 'onSuccess.goTo' (\(goTo)) disagree; write only 'onSuccess: {goTo: …}'")
        }
        submission.redirect = goTo
    }

    /// `provider: collect | netlify | formspree | webhook` with what each needs (`url`, `form`).
    private func readProvider(_ provider: String, _ node: ConfigNode, into submission: inout Submission) {
        let url = node.string("url").flatMap { try? ConfigURL.check($0, for: .endpoint).get() }
        let isHTTP = url.map { $0.hasPrefix("https://") || $0.hasPrefix("http://") } ?? false
        switch provider {
        case "collect":
            guard let url, isHTTP else {
                return (node["url"] ?? node["provider"] ?? node).error("submit provider 'collect' needs url: the http(s) address of the formgen collect instance")
            }
            submission.provider = .collect
            submission.collectURL = url
        case "netlify":
            submission.provider = .netlify
            submission.encoding = .form
        case "formspree":
            guard let form = node.string("form"), form.range(of: "^[A-Za-z0-9]{4,32}$", options: .regularExpression) != nil else {
                return (node["form"] ?? node["provider"] ?? node).error("submit provider 'formspree' needs form: the form's id from formspree.io/f/<id> (letters and digits)")
            }
            submission.provider = .formspree(form: form)
            submission.encoding = .json
        case "webhook":
            guard let url, isHTTP else {
                return (node["url"] ?? node["provider"] ?? node).error("submit provider 'webhook' needs url: the http(s) address that takes the JSON POST")
            }
            submission.provider = .webhook
            submission.action = url
            submission.encoding = .json
        default:
            node["provider"]?.error("unknown submit provider '\(provider)' (known: collect, netlify, formspree, webhook)")
        }
    }
}

/// Reads a list of fields, collecting the rules written on them.
func readFields(_ node: ConfigNode?, rules: inout [VisibilityRule]) -> [FormItem] {
    guard let node, let items = node.expectSequence("'fields'") else { return [] }
    var fields: [FormItem] = []
    for item in items {
        guard let field = FieldReader().read(item, rules: &rules) else { continue }
        fields.append(.field(field))
        if let other = field.other {
            fields.append(.field(OtherChoiceReader.textField(for: field, other: other)))
            rules.append(OtherChoiceReader.rule(for: field, other: other))
        }
    }
    return fields
}
