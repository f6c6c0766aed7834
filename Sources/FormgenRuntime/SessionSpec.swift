/// `spec.session`: what `session.js` needs, and nothing of the form: the data source that tells whether a person is
/// signed in (its endpoint and credentials), where one without a session goes, and the page's logout. A form page and
/// a data page embed the same shape.
public struct SessionSpec: Codable, Sendable, Hashable {
    /// `requiresSession`: the check asked on load; nil when the page only has a logout.
    public var check: Request?
    /// Where a 401 or 403 answer to the check sends the person (`location.replace`).
    public var `else`: String?
    /// The page's logout button (`form[data-fg-logout]`).
    public var logout: Logout?

    /// A request the page makes: its address and the Fetch API's `credentials` option.
    public struct Request: Codable, Sendable, Hashable {
        public var endpoint: String
        public var credentials: String

        package init(endpoint: String, credentials: String) {
            self.endpoint = endpoint
            self.credentials = credentials
        }
    }

    /// A logout: the post's address and credentials, and the page to go to after it.
    public struct Logout: Codable, Sendable, Hashable {
        public var endpoint: String
        public var credentials: String
        public var goTo: String

        package init(endpoint: String, credentials: String, goTo: String) {
            self.endpoint = endpoint
            self.credentials = credentials
            self.goTo = goTo
        }
    }

    package init(check: Request? = nil, else elseGoTo: String? = nil, logout: Logout? = nil) {
        self.check = check
        self.else = elseGoTo
        self.logout = logout
    }

    package func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            if let check {
                json.key("check")
                json.object { json in
                    json.member("credentials", check.credentials)
                    json.member("endpoint", check.endpoint)
                }
            }
            json.member("else", self.else)
            if let logout {
                json.key("logout")
                json.object { json in
                    json.member("credentials", logout.credentials)
                    json.member("endpoint", logout.endpoint)
                    json.member("goTo", logout.goTo)
                }
            }
        }
    }
}
