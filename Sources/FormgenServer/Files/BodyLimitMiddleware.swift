import Hummingbird

/// Refuses a request without `Host` (required by HTTP/1.1) with 400, and one whose declared body is
/// larger than the limit with 413, before reading it. A body without a declared length (chunked) is
/// read here up to the limit, and refused with 413 beyond it, whichever route it goes to.
public struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    public let maxBytes: Int

    public init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.head.authority.map({ !$0.isEmpty }) ?? false else { throw HTTPError(.badRequest, message: "A request needs a Host header") }
        if let length = request.headers[.contentLength] {
            guard let bytes = Int(length), bytes >= 0 else { throw HTTPError(.badRequest, message: "Invalid Content-Length") }
            guard bytes <= maxBytes else {
                throw HTTPError(.contentTooLarge, message: "Request bodies are limited to \(maxBytes) bytes")
            }
        } else if request.headers[.transferEncoding] != nil {
            var request = request
            _ = try await request.collectBody(upTo: maxBytes)
            return try await next(request, context)
        }
        return try await next(request, context)
    }
}
