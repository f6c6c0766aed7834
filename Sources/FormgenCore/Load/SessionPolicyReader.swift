/// Reads `requiresSession: {check: DATA_SOURCE_ID, else: /login/}` on a page (a form, or a data page). Whether `check`
/// names one of the page's data sources is for the page's checker (``SessionPolicy/unknownSourceMessage(among:)``).
struct SessionPolicyReader {
    static let keys: Set<String> = ["check", "else"]

    func read(_ node: ConfigNode) -> SessionPolicy? {
        guard node.expectMapping("'requiresSession' (a mapping like {check: me, else: /login/})") else { return nil }
        node.warnUnknownKeys(allowed: Self.keys, in: "requiresSession")
        guard let check = node.string("check"), !check.isEmpty else {
            node.error("requiresSession is missing 'check': the id of the data source that answers 401 without a session")
            return nil
        }
        guard let elseGoTo = node.url("else", for: .redirect) else {
            node.error("requiresSession is missing 'else': the page a person without a session goes to (/login/)")
            return nil
        }
        return SessionPolicy(check: check, elseGoTo: elseGoTo, at: node.location, checkLocation: node["check"]?.location)
    }
}

/// Reads `credentials: omit | same-origin | include` under `key` of a mapping.
struct CredentialsReader {
    func read(_ node: ConfigNode, key: String = "credentials") -> FetchCredentials? {
        guard let text = node.string(key) else { return nil }
        if let credentials = FetchCredentials(rawValue: text) { return credentials }
        var message = "unknown credentials '\(text)' (known: omit, same-origin, include)"
        if let close = closestMatch(to: text, in: FetchCredentials.allCases.map(\.rawValue)) { message += "; did you mean '\(close)'?" }
        node[key]?.error(message)
        return nil
    }
}
