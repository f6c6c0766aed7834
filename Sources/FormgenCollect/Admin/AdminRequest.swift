import Foundation
import Hummingbird
import NIOCore

/// Reading what an admin request carries: its cookies, its query, its urlencoded form body.
enum AdminRequest {
    /// `Cookie: a=1; b=2` as a dictionary (the first of a name wins).
    static func cookies(_ request: Request) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, cookies[parts[0]] == nil { cookies[parts[0]] = parts[1] }
            }
        }
        return cookies
    }

    /// An `application/x-www-form-urlencoded` text as a dictionary (the first of a name wins).
    static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { part in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if let name = parts.first, fields[name] == nil { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }

    /// The request's urlencoded body (at most 64 KiB), or nil when it is not one.
    static func body(_ request: Request) async -> [String: String]? {
        guard (request.headers[.contentType] ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded"),
              let buffer = try? await request.body.collect(upTo: 64 * 1024) else { return nil }
        return form(String(buffer: buffer))
    }

    /// The query's parameters (the first of a name wins).
    static func query(_ request: Request) -> [String: String] {
        form(request.uri.query ?? "")
    }
}
