import FormgenCore
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
        let sent = request.method == .post || request.method == .put ? await Self.sentValues(request) : [:]
        let cookies = request.headers[values: .cookie].reduce(into: [String: String]()) { all, header in
            all.merge(MockCookie.parse(header)) { first, _ in first }
        }
        guard let answer = mocks.answer(path: decoded, sent: sent, cookies: cookies, statusOverride: status,
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
        if !answer.cookies.isEmpty { response.headers[values: .setCookie] = answer.cookies }
        return response
    }

    /// The most a mock reads of a request's body to choose a case.
    static var maxBodyBytes: Int { 1 << 20 }

    /// A request body's top-level values as text: a JSON object's strings, numbers and booleans, or the
    /// fields of a form-encoded body. Anything else (or a body over 1 MB) sends nothing.
    static func sentValues(_ request: Request) async -> [String: String] {
        guard let buffer = try? await request.body.collect(upTo: maxBodyBytes) else { return [:] }
        let data = Data(buffer.readableBytesView)
        if case .object(let object)? = try? JSONValue.decode(data) {
            var values: [String: String] = [:]
            for (key, value) in object {
                switch value {
                case .string(let text): values[key] = text
                case .number(let number): values[key] = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
                case .bool(let flag): values[key] = flag ? "true" : "false"
                default: break
                }
            }
            return values
        }
        var values: [String: String] = [:]
        for item in URLComponents(string: "?" + String(decoding: data, as: UTF8.self))?.queryItems ?? [] {
            values[item.name] = item.value ?? ""
        }
        return values
    }

    /// Statuses whose responses HTTP forbids a body for (1xx, 204 No Content, 304 Not Modified).
    static func forbidsBody(_ status: Int) -> Bool {
        status < 200 || status == 204 || status == 304
    }

    private func header(_ name: String, in request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == name }?.value
    }
}
