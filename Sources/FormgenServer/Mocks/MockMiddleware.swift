import Foundation
import Hummingbird

/// Answers requests that a mock in `configs/mocks/` has and the built site does not.
public struct MockMiddleware<Context: RequestContext>: RouterMiddleware {
    public let mocks: MockEndpoints

    public init(mocks: MockEndpoints) {
        self.mocks = mocks
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard !path.hasPrefix("/__formgen/") else { return try await next(request, context) }
        let notFound: Result<Response, any Error>
        do {
            let response = try await next(request, context)
            guard response.status == .notFound else { return response }
            notFound = .success(response)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            notFound = .failure(error)
        }
        guard let decoded = path.removingPercentEncoding else { return try notFound.get() }
        let query = request.uri.queryParameters
        let status = query["mock-status"].flatMap { Int(String($0)) } ?? header("x-formgen-mock-status", in: request).flatMap { Int($0) }
        let delay = query["mock-delay"].flatMap { Int(String($0)) } ?? header("x-formgen-mock-delay", in: request).flatMap { Int($0) }
        if let status, !(200...599).contains(status) {
            let text = "mock-status must be between 200 and 599, not \(status)\n"
            return Response(status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        guard let answer = mocks.answer(path: decoded, statusOverride: status,
                                        delayOverride: delay.map { min(max($0, 0), 60_000) })
        else {
            return try notFound.get()
        }
        if answer.delay > 0 { try await Task.sleep(for: .milliseconds(answer.delay)) }
        let headers: HTTPFields = [.contentType: answer.contentType, .cacheControl: "no-store"]
        let bodiless = Self.forbidsBody(answer.status)
        let body = request.method == .head || bodiless ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: answer.body))
        var response = Response(status: .init(code: answer.status), headers: bodiless ? [.cacheControl: "no-store"] : headers, body: body)
        if request.method == .head && !bodiless { response.headers[.contentLength] = String(answer.body.utf8.count) }
        return response
    }

    /// Statuses whose responses HTTP forbids a body for (1xx, 204 No Content, 304 Not Modified).
    static func forbidsBody(_ status: Int) -> Bool {
        status < 200 || status == 204 || status == 304
    }

    private func header(_ name: String, in request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == name }?.value
    }
}
