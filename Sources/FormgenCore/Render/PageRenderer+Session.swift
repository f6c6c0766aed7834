extension PageRenderer {
    /// The `logout` partial's context for a page's ``LogoutAction`` (nil without one): the post's address and the
    /// button's text in `language` (the config's, else the language's "Log out"). Any page layout renders it with
    /// `{{#logout}}{{> logout}}{{/logout}}`; the page's policy must allow the endpoint in `form-action` and `connect-src`.
    func logoutContext(_ logout: LogoutAction?, language: String) -> [String: TemplateValue]? {
        guard let logout else { return nil }
        let texts = theme.messages.table(for: language)
        return ["endpoint": .text(logout.endpoint), "label": .text(logout.label(in: language) ?? texts["logOut"] ?? "Log out")]
    }
}
