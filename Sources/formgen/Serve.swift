import ArgumentParser
import FormgenCore
import FormgenServer
import Foundation

extension Formgen {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site, serve it for preview, and rebuild and reload pages when configs or templates change.",
            discussion: """
            Mock APIs answer from the mocks folder (configs/mocks/: api/NAME.json answers /api/NAME; mocks.yaml sets \
            delay, status and failFirst). Forms without an external action post to the preview's submission sink, \
            which validates like the page and appends accepted submissions to a JSON Lines file.
            """
        )

        @OptionGroup var site: SiteOptions

        @Option(help: "The address to listen on (a loopback address).")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on (0 picks a free one).")
        var port = 8080

        @Flag(help: "Notice changes by polling modification times instead of inotify.")
        var poll = false

        @Option(help: "The folder of mock API responses (default: CONFIG/mocks).")
        var mocks: String?

        @Option(help: "The JSON Lines file accepted submissions are appended to (default: .formgen/submissions.jsonl beside CONFIG).")
        var submissions: String?

        @Option(name: .customLong("max-body"), help: "The largest request body accepted, in bytes.")
        var maxBody = 1 << 20

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
            guard maxBody > 0 else { throw ValidationError("--max-body must be positive") }
            guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        }

        func run() async throws {
            try site.requireConfigFolder()
            if !["127.0.0.1", "localhost", "::1"].contains(host), !host.hasPrefix("127.") {
                FileHandle.standardError.write(Data("warning: \(host) may not be a loopback address; the preview server is meant for this machine only\n".utf8))
            }
            let options = ServeOptions(build: site.buildOptions, host: host, port: port, mocksDirectory: mocks,
                                       submissionsFile: submissions, poll: poll, maxBodyBytes: maxBody)
            do {
                try await PreviewServer(options: options).run()
            } catch let error as ServeError {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
