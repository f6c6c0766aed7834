import ArgumentParser
import FormgenCore
import FormgenServer
import Foundation
import Logging

extension Formgen {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Build the site, serve it for preview, and rebuild and reload pages when configs or templates change.",
            discussion: """
            The preview is built into its own folder (.formgen/preview beside the config folder, or --out), never into \
            the output of formgen build: its pages carry the live-reload script, and forms without an external action \
            post to the preview's submission sink, which validates like the page and appends accepted submissions to a \
            JSON Lines file. Mock APIs answer from the mocks folder (configs/mocks/: api/NAME.json answers /api/NAME; \
            mocks.yaml sets delay, status and failFirst).

            Example: formgen serve -c configs -p 8081 --open
            """
        )

        @OptionGroup var site: SiteOptions
        @OptionGroup var verbosity: Verbosity

        @Option(help: "The address to listen on (a loopback address).")
        var host = "127.0.0.1"

        @Option(name: [.customShort("p"), .long], help: "The port to listen on (0 picks a free one).")
        var port = 8080

        @Flag(help: "Open the site in the browser once it is served (with xdg-open; otherwise the URL is printed).")
        var open = false

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
            var build = site.buildOptions
            build.outputDirectory = site.out ?? ServeOptions.defaultOutput(configDirectory: site.config)
            let options = ServeOptions(build: build, host: host, port: port, mocksDirectory: mocks,
                                       submissionsFile: submissions, poll: poll, maxBodyBytes: maxBody)
            let console = ConsoleOutput()
            let level: Logger.Level = verbosity.quiet ? .warning : verbosity.verbose ? .debug : .info
            let logger = Logger(label: "formgen") { _ in ConsoleLogHandler(output: console, level: level) }
            let (quiet, open) = (verbosity.quiet, self.open)
            do {
                try await PreviewServer(options: options, console: console, logger: logger).run { url in
                    if quiet { console.write("Serving \(url)\n", canWait: false) }
                    if open { BrowserOpener.open(url, console: console) }
                }
            } catch let error as ServeError {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
