import Hummingbird

/// CORS for the configured site origin(s) only: `Access-Control-Allow-Origin` echoes an allowed `Origin`,
/// preflights from other origins get 403 and no CORS headers.
public struct OriginMiddleware<Context: RequestContext>: RouterMiddleware {
    public let origins: Set<String>

    public init(origins: [String]) {
        self.origins = Set(origins.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        let allowed = origins.contains(origin)
        if request.method == .options {
            guard allowed else { return Response(status: .forbidden) }
            return Response(status: .noContent, headers: [
                .accessControlAllowOrigin: origin,
                .accessControlAllowMethods: "POST, OPTIONS",
                .accessControlAllowHeaders: "Content-Type, Idempotency-Key",
                .accessControlMaxAge: "600",
                .vary: "Origin",
            ])
        }
        var response = try await next(request, context)
        if allowed {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.vary] = "Origin"
        }
        return response
    }
}
