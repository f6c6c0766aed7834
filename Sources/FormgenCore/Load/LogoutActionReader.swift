/// Reads `logout: {endpoint, goTo, label, credentials}` on a page (a form, or a data page).
struct LogoutActionReader {
    static let keys: Set<String> = ["endpoint", "goTo", "label", "credentials"]

    func read(_ node: ConfigNode) -> LogoutAction? {
        guard node.expectMapping("'logout' (a mapping like {endpoint: /api/logout, goTo: /login/})") else { return nil }
        node.warnUnknownKeys(allowed: Self.keys, in: "logout")
        guard let endpoint = node.url("endpoint", for: .action) else {
            node.error("logout is missing 'endpoint': where the page posts to end the session (/api/logout)")
            return nil
        }
        guard let goTo = node.url("goTo", for: .redirect) else {
            node.error("logout is missing 'goTo': the page to go to once signed out (/login/)")
            return nil
        }
        var action = LogoutAction(endpoint: endpoint, goTo: goTo, at: node.location)
        if let label = node.localized("label") {
            action.label = label.text
            action.labelTranslations = label.translations
        }
        if let credentials = CredentialsReader().read(node) { action.credentials = credentials }
        return action
    }
}
