import FormgenCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

/// `formgen serve`: builds the site, serves the output folder on a loopback address, rebuilds when
/// configs or templates change and reloads open pages, answers mock APIs, and takes submissions.
public struct PreviewServer: Sendable {
    public let options: ServeOptions
    public let hub: LiveReloadHub
    public let logger: Logger
    public let files: ConfinedFileProvider
    public let mocks: MockEndpoints
    public let sink: SubmissionSink
    /// Standard output and error for the log lines (written in batches for request lines).
    public let console: ConsoleOutput

    /// Without a `logger`, log lines go to `console`.
    public init(options: ServeOptions, console: ConsoleOutput = ConsoleOutput(), logger: Logger? = nil,
                hub: LiveReloadHub = LiveReloadHub(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.options = options
        self.hub = hub
        self.console = console
        self.logger = logger ?? Logger(label: "formgen") { _ in ConsoleLogHandler(output: console) }
        files = ConfinedFileProvider(root: options.build.outputDirectory)
        mocks = MockEndpoints(directory: options.mocksDirectory)
        sink = SubmissionSink(outputDirectory: options.build.outputDirectory, file: options.submissionsFile,
                              templatesDirectory: options.build.templatesDirectory, now: now)
    }

    /// Every route and middleware, with no sockets (tests drive it with HummingbirdTesting).
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        var requestLogger = logger
        requestLogger.handler = ConsoleLogHandler.waitingIfConsole(logger.handler)
        router.middlewares.add(RequestLogMiddleware(logger: requestLogger))
        router.middlewares.add(PreviewPagesMiddleware(files: files))
        router.middlewares.add(BodyLimitMiddleware(maxBytes: options.maxBodyBytes))
        router.middlewares.add(MockMiddleware(mocks: mocks))
        let html = MediaType(type: .text, subType: "html", parameter: ("charset", "utf-8"))
        router.middlewares.add(FileMiddleware(fileProvider: files, searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: ["html": html, "htm": html]))

        let hub = self.hub
        router.get(RouterPath(LiveReloadScript.eventsPath)) { _, _ -> Response in
            let events = await hub.subscribe()
            let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for await event in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                }
                try await writer.finish(nil)
            })
        }

        let sink = self.sink
        let maxBytes = options.maxBodyBytes
        let sinkLogger = logger
        router.post(RouterPath(SubmissionSink.pathPrefix + "**")) { request, context -> Response in
            let formPath = context.parameters.getCatchAll().joined(separator: "/")
            guard let encoding = SubmissionBody.Encoding(contentType: request.headers[.contentType]) else {
                return Self.response(sink.handler.reply(SubmissionHandler.unsupportedMediaType, encoding: nil, accept: nil, siteOrigin: ""))
            }
            var request = request
            let body = try await request.collectBody(upTo: maxBytes)
            let answer = await sink.submit(formPath: formPath, body: Data(buffer: body), encoding: encoding,
                                           idempotencyKey: request.headers[HTTPField.Name("Idempotency-Key")!])
            if case .failed(let reason)? = answer.log { sinkLogger.error("submission not stored: \(reason)") }
            // The site is on this same host: a page's links and a "sent" page are this host's paths.
            return Self.response(sink.handler.reply(answer, encoding: encoding, accept: request.headers[.accept], siteOrigin: ""))
        }
        return router
    }

    /// The sink's answer as Hummingbird sends it.
    static func response(_ reply: SubmissionHandler.Reply) -> Response {
        var headers = HTTPFields()
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        return Response(status: .init(code: reply.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: reply.body)))
    }

    /// The environment variable builds under `formgen serve` see as the preview's origin
    /// (`http://127.0.0.1:8080`), for remote sources its mocks serve: `${FORMGEN_SERVE_ORIGIN:-http://127.0.0.1:8080}/api/…`.
    public static let originVariable = "FORMGEN_SERVE_ORIGIN"

    /// How long Ctrl-C or SIGTERM waits for requests in flight before cancelling them.
    public static let shutdownDeadline: Duration = .seconds(2)

    /// Builds, then serves until Ctrl-C or SIGTERM (requests still running after `shutdownDeadline`
    /// are cancelled). `ready` gets the URL once the server listens.
    public func run(watch: Bool = true, ready: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        defer { console.flush() }
        if let code = ListenCheck.bindError(host: options.host, port: options.port) {
            throw ServeError(code: code, host: options.host, port: options.port)
        }
        let host = options.host
        let port = options.port == 0 ? ListenCheck.freePort(host: host) ?? 0 : options.port
        let origin = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        var build = options.build
        build.remote.environment[Self.originVariable] = origin
        let rebuilder = SiteRebuilder(options: build, hub: hub, logger: logger)
        var serverLogger = logger
        serverLogger.logLevel = .warning
        let logger = self.logger
        // The first build runs once the server listens, so that remote sources the mocks serve can be fetched.
        var app = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? port)/"
                Task {
                    await rebuilder.rebuild()
                    logger.info("Serving \(url) (Ctrl-C to stop\(rebuilder.builder.usesRemote ? "; r + Enter fetches remote sources again" : ""))")
                    ready(url)
                }
            },
            logger: serverLogger
        )
        if watch {
            var folders = [options.build.configDirectory]
            if let templates = options.build.templatesDirectory { folders.append(templates) }
            let watcher = FolderWatcher(folders: folders,
                                        mode: options.poll ? .polling(interval: .milliseconds(250)) : FolderWatcher.defaultMode,
                                        quietPeriod: .milliseconds(options.debounceMilliseconds))
            app.addServices(RebuildService(watcher: watcher, rebuilder: rebuilder, mocksDirectory: options.mocksDirectory))
        }
        app.addServices(HeartbeatService(hub: hub))
        if isatty(STDIN_FILENO) != 0 { app.addServices(RefetchKeyService(rebuilder: rebuilder)) }
        var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: serverLogger)
        configuration.maximumGracefulShutdownDuration = Self.shutdownDeadline
        configuration.maximumCancellationDuration = .seconds(1)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch is CancellationError {
            return
        } catch {
            throw ServeError(error, host: options.host, port: options.port)
        }
    }
}
