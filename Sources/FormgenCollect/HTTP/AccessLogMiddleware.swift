import Foundation
import Hummingbird
import Logging

/// One structured log line per request: method, path, status, client, duration in milliseconds.
public struct AccessLogMiddleware: RouterMiddleware {
    public typealias Context = CollectRequestContext
    public let logger: Logger

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            logger.info("request", metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path), "status": .stringConvertible(status),
                "client": .string(context.clientIP), "ms": .string(String(format: "%.1f", milliseconds)),
            ])
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as HTTPResponseError {
            status = error.status.code
            throw error
        }
    }
}
