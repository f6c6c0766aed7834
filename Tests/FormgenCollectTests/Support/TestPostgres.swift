import FormgenCollect
import Foundation
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL cluster scripts/test starts on loopback (scripts/test-postgres): its URL in
/// FORMGEN_TEST_POSTGRES_URL, its folder in FORMGEN_TEST_POSTGRES_DIR. Without them the tests fail (never skip).
enum TestPostgres {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "FORMGEN_TEST_POSTGRES_URL and FORMGEN_TEST_POSTGRES_DIR are not set: run scripts/test, or start a cluster with "
                + "`scripts/test-postgres start DIR` and export its URL and DIR"
        }
    }

    static var silent: Logger {
        var logger = Logger(label: "test-postgres")
        logger.logLevel = .critical
        return logger
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/test-postgres").path

    static func adminURL() throws -> PostgresURL {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["FORMGEN_TEST_POSTGRES_URL"], let url = PostgresURL(text) else { throw Missing() }
        return url
    }

    /// A new, empty database on the test cluster.
    static func freshDatabase() async throws -> PostgresURL {
        var url = try adminURL()
        let name = "fg_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let client = PostgresClient(configuration: url.clientConfiguration(connections: 1), backgroundLogger: silent)
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        try await client.query("CREATE DATABASE \(unescaped: name)")
        url.database = name
        return url
    }

    /// Runs `scripts/test-postgres ACTION DIR` (kill, resume) on the test cluster.
    static func control(_ action: String) async throws {
        guard let folder = ProcessInfo.processInfo.environment["FORMGEN_TEST_POSTGRES_DIR"] else { throw Missing() }
        // posix_spawn and waitpid: Foundation's Process can miss the exit of a script that starts a daemon.
        let status: Int32 = await Task.detached {
            let arguments = ["/bin/bash", script, action, folder]
            var pointers = arguments.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, "/bin/bash", nil, nil, &pointers, environ) == 0 else { return -1 }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            return status
        }.value
        #expect(status == 0, "scripts/test-postgres \(action) failed")
    }

    /// Runs one statement on `url` and returns its first column as text, row by row.
    static func column(_ url: PostgresURL, _ sql: String) async throws -> [String] {
        let client = PostgresClient(configuration: url.clientConfiguration(connections: 1), backgroundLogger: silent)
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        var values: [String] = []
        for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(String.self) { values.append(value) }
        return values
    }
}
