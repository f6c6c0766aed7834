import Foundation
import PostgresNIO

/// A `--db postgres://user:password@host:port/database?sslmode=disable|prefer|require` value.
public struct PostgresURL: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// `disable`, `prefer` (the default) or `require`.
    public var sslMode: String

    /// Parses `text`; nil when it is not a `postgres://` or `postgresql://` URL with a host.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              let host = components.host, !host.isEmpty
        else { return nil }
        self.host = host
        port = components.port ?? 5432
        user = components.user ?? "postgres"
        password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        guard ["disable", "prefer", "require"].contains(sslMode) else { return nil }
    }

    /// The postgres-nio client configuration: at most `connections` pooled connections, each given `connectTimeout` to
    /// connect and log in.
    public func clientConfiguration(connections: Int, connectTimeout: Duration = .seconds(1)) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: tls)
        configuration.options.maximumConnections = connections
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }
}
