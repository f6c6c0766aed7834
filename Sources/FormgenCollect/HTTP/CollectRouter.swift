import FormgenCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The routes of `formgen collect`: `POST /submit/<form path>`, `GET /healthz` (503 while the store is failing),
/// `GET /healthz/live`, `GET /healthz/ready` (the database answers) and `GET /metrics` (Prometheus text).
public struct CollectRouter: Sendable {
    public let service: CollectService
    public let options: CollectOptions
    public let logger: Logger
    /// What `GET /metrics` shows.
    public let metrics: CollectMetrics
    /// The admin view, when `options.admin` is set.
    public var admin: AdminRouter?

    public init(service: CollectService, options: CollectOptions, logger: Logger) {
        self.service = service
        self.options = options
        self.logger = logger
        metrics = CollectMetrics(forms: Set(service.forms.specs.keys))
        admin = options.admin.map { AdminRouter(options: $0, service: service, logger: logger, templatesDirectory: options.templatesDirectory) }
    }

    public func makeRouter() -> Router<CollectRequestContext> {
        let router = Router(context: CollectRequestContext.self)
        router.middlewares.add(AccessLogMiddleware(logger: logger))
        router.middlewares.add(OriginMiddleware(origins: options.origins))
        router.middlewares.add(MetricsMiddleware(metrics: metrics))
        router.middlewares.add(RateLimitMiddleware(limiter: RateLimiter(perSecond: options.ratePerSecond, burst: options.rateBurst)))
        let forms = service.forms.specs.count
        let health = service.health
        router.get("/healthz") { _, _ -> Response in
            guard let problem = health.problem else { return Self.json(200, .object(["ok": .bool(true), "forms": .number(Double(forms))])) }
            return Self.json(503, .object(["ok": .bool(false), "forms": .number(Double(forms)), "error": .string(problem)]))
        }
        // Live: the process answers. Ready: the database answers and the last write succeeded.
        router.get("/healthz/live") { _, _ -> Response in Self.json(200, .object(["ok": .bool(true)])) }
        let store = service.store
        router.get("/healthz/ready") { _, _ -> Response in
            do {
                try await store.ping()
            } catch {
                return Self.json(503, .object(["ok": .bool(false), "error": .string("the database does not answer: \(error)")]))
            }
            guard let problem = health.problem else { return Self.json(200, .object(["ok": .bool(true), "forms": .number(Double(forms))])) }
            return Self.json(503, .object(["ok": .bool(false), "forms": .number(Double(forms)), "error": .string(problem)]))
        }
        let metrics = self.metrics
        router.get("/metrics") { _, _ -> Response in
            let pending = try? await store.pendingDeliveries()
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.text(pending: pending))))
        }
        admin?.add(to: router)
        let service = self.service
        let maxBytes = options.maxBodyBytes
        let bodyTimeout = options.bodyTimeout
        let siteOrigins = Set(options.origins.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        router.post("/submit/**") { request, context -> Response in
            let formPath = context.parameters.getCatchAll().joined(separator: "/")
            guard let encoding = SubmissionBody.Encoding(contentType: request.headers[.contentType]) else {
                return Self.response(service.handler.reply(SubmissionHandler.unsupportedMediaType, encoding: nil, accept: nil, siteOrigin: nil))
            }
            let body: ByteBuffer
            do {
                body = try await BodyReader.read(request, upTo: maxBytes, within: bodyTimeout, channel: context.channel)
            } catch BodyReader.Failure.tooLarge {
                return Self.json(413, SubmissionHandler.error("the submission is larger than \(maxBytes) bytes"))
            } catch BodyReader.Failure.tooSlow {
                return Self.json(408, SubmissionHandler.error("the submission did not arrive within \(bodyTimeout); send it again"))
            } catch {
                return Self.json(400, SubmissionHandler.error("the submission did not arrive in full; send it again"))
            }
            let answer = await service.submit(formPath: formPath, body: Data(buffer: body), encoding: encoding,
                                              idempotencyKey: request.headers[.idempotencyKey])
            if case .failed? = answer.log { metrics.databaseError() }
            // A relative "sent" page and the link back to the form are on the posting page's origin, when collect allows it.
            let origin = request.headers[.origin].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            return Self.response(service.handler.reply(answer, encoding: encoding, accept: request.headers[.accept],
                                                       siteOrigin: origin.flatMap { siteOrigins.contains($0) ? $0 : nil }))
        }
        return router
    }

    /// The handler's answer as Hummingbird sends it.
    static func response(_ reply: SubmissionHandler.Reply) -> Response {
        var headers = HTTPFields()
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        return Response(status: .init(code: reply.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: reply.body)))
    }

    static func json(_ status: Int, _ body: JSONValue) -> Response {
        Response(status: .init(code: status), headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: body.jsonText() + "\n")))
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key`: a retried POST with the same key is stored once.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
