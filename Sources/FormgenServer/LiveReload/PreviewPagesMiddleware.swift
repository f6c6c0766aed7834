import FormgenCore
import Foundation
import Hummingbird

/// Finishes the preview's answers: every file revalidated on each load (`Cache-Control: no-cache`,
/// so a reload after a rebuild never shows a stale page), and a 404 page for what does not exist —
/// the site's own `404.html` when it has one, else a built-in page.
public struct PreviewPagesMiddleware<Context: RequestContext>: RouterMiddleware {
    public let files: ConfinedFileProvider

    public init(files: ConfinedFileProvider) {
        self.files = files
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            if response.status == .notFound, response.headers[.contentType] == nil {
                return try await notFound(request, context: context)
            }
            if response.headers[.eTag] != nil, response.headers[.cacheControl] == nil {
                response.headers[.cacheControl] = "no-cache"
            }
            response.headers[.xContentTypeOptions] = "nosniff"
            return response
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return try await notFound(request, context: context)
        }
    }

    private func notFound(_ request: Request, context: Context) async throws -> Response {
        let body: ResponseBody
        var length: Int
        if let page = files.getFileIdentifier("404.html"), let attributes = try await files.getAttributes(id: page), !attributes.isFolder {
            body = try await files.loadFile(id: page, context: context)
            length = attributes.size
        } else {
            let page = ByteBuffer(string: Self.builtInPage)
            body = ResponseBody(byteBuffer: page)
            length = page.readableBytes
        }
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentLength: String(length),
            .cacheControl: "no-cache",
            .xContentTypeOptions: "nosniff",
        ]
        return Response(status: .notFound, headers: headers, body: request.method == .head ? ResponseBody() : body)
    }

    /// The 404 page of a site without its own (none is built yet, or the build failed).
    static var builtInPage: String { builtInNotFoundPage }
}

/// The built-in theme's `404.html`, rendered once as `formgen serve` renders every page: with the live-reload script,
/// so that it reloads once a build succeeds.
private let builtInNotFoundPage: String = {
    var renderer = PageRenderer(theme: Theme.load(overrides: nil, log: DiagnosticLog()), settings: SiteSettings())
    renderer.preview = ServeOptions.previewMode
    return renderer.renderNotFound(hasDocs: false)
}()
