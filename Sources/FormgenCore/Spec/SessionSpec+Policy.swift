import FormgenRuntime

extension SessionSpec {
    /// The `session` member of a page's spec from its `requiresSession` and `logout` (nil when it has neither): the check
    /// takes the endpoint and credentials of the data source it names among `dataSources` (none found: no check, which
    /// the page's checker has reported).
    public init?(requiresSession: SessionPolicy?, logout: LogoutAction?, dataSources: [DataSource]) {
        let source = requiresSession.flatMap { policy in dataSources.first { $0.id == policy.check } }
        guard source != nil || logout != nil else { return nil }
        self.init(check: source.map { Request(endpoint: $0.endpoint, credentials: $0.credentials.rawValue) },
                  else: source == nil ? nil : requiresSession?.elseGoTo,
                  logout: logout.map { Logout(endpoint: $0.endpoint, credentials: $0.credentials.rawValue, goTo: $0.goTo) })
    }
}
