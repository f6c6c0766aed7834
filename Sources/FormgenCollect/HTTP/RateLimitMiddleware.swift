import Hummingbird

/// Answers 429 to a client over its rate (see `RateLimiter`).
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = CollectRequestContext
    public let limiter: RateLimiter

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        guard await limiter.allow(context.clientIP) else {
            return Response(status: .tooManyRequests, headers: [.retryAfter: "1", .contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"too many submissions; try again shortly"}"# + "\n")))
        }
        return try await next(request, context)
    }
}
