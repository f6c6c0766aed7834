import Hummingbird

/// Counts every POST to `/submit/<form path>` in ``CollectMetrics`` (placed before the rate limit, so 429s count too).
public struct MetricsMiddleware: RouterMiddleware {
    public typealias Context = CollectRequestContext
    public let metrics: CollectMetrics

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .post, path.hasPrefix("/submit/") else { return try await next(request, context) }
        let form = path.dropFirst("/submit/".count).split(separator: "/").joined(separator: "/")
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            metrics.submission(form: form, status: response.status.code, elapsed: ContinuousClock.now - start)
            return response
        } catch let error as HTTPResponseError {
            metrics.submission(form: form, status: error.status.code, elapsed: ContinuousClock.now - start)
            throw error
        }
    }
}
