import Foundation

/// Fetches remote sources with the cache as the seed apps order it: the network first; on no connectivity, a
/// timeout, an error status or invalid data, the cached copy with a warning that says why and how old it is;
/// with no cached copy, a located error. Only bodies that passed validation are cached.
final class RemoteDownloads: Sendable {
    let options: RemoteOptions
    let cache: RemoteCache
    let log: DiagnosticLog
    private let fetcher: RemoteFetcher

    init(options: RemoteOptions, cache: RemoteCache, timeouts: RemoteTimeouts, log: DiagnosticLog) {
        self.options = options
        self.cache = cache
        self.log = log
        fetcher = RemoteFetcher(timeouts: timeouts)
    }

    /// What validating a downloaded body found: nil when it is fine, else why not and its located diagnostics.
    struct Invalid: Error {
        var reason: String
        var diagnostics: [Diagnostic] = []
    }

    /// The body to use for `request` (fresh or cached), or nil after logging an error (a warning when
    /// `optional`). `validate` judges a fresh body before it is used or cached.
    func body(for request: RemoteRequest, what: String, optional: Bool = false, validate: (Data) -> Invalid?) -> Data? {
        let url = request.url
        var cached: RemoteCache.Entry?
        switch cache.read(url) {
        case .missing: break
        case .corrupt(let reason):
            log.warning("\(url): the cached copy is corrupt (\(reason)); ignoring it", at: request.location)
        case .found(let entry): cached = entry
        }
        if options.offline {
            if let cached { return cached.body }
            log.append(Diagnostic(optional ? .warning : .error, at: request.location,
                                  "\(url): no cached copy of this \(what), and --offline allows no download"))
            return nil
        }
        let now = options.now()
        if let cached, !options.refresh, options.preferCache || now - cached.metadata.fetchedAt < request.maxAge {
            return cached.body
        }
        let resolvedURL: String
        var headers: [String: String] = [:]
        do {
            resolvedURL = try EnvironmentTemplate.fill(url, from: options.environment)
            for (name, value) in request.headers { headers[name] = try EnvironmentTemplate.fill(value, from: options.environment) }
        } catch let missing as EnvironmentTemplate.Missing {
            log.error("\(url): environment variable '\(missing.name)' is not set", at: request.location)
            return nil
        } catch {
            return nil
        }
        let scheme = resolvedURL.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        guard ["http", "https"].contains(scheme), resolvedURL.contains("://") else {
            log.error("\(url): the address must start with https:// or http:// once its variables are filled in", at: request.location)
            return nil
        }
        if let etag = cached?.metadata.etag { headers["If-None-Match"] = etag }
        if let modified = cached?.metadata.lastModified { headers["If-Modified-Since"] = modified }
        options.progress?("fetching \(url)")
        switch fetcher.get(resolvedURL, headers: headers) {
        case .failure(let failure):
            return fallback(cached, request: request, reason: failure.description, what: what, optional: optional)
        case .success(let answer) where answer.status == 304:
            guard let cached else { return fallback(nil, request: request, reason: "HTTP 304 without a cached copy", what: what, optional: optional) }
            do { try cache.refresh(cached, at: now) } catch {
                log.warning("\(url): cannot update the cache in \(cache.directory.path)", at: request.location)
            }
            return cached.body
        case .success(let answer) where (200..<300).contains(answer.status):
            if let invalid = validate(answer.body) {
                if cached == nil { invalid.diagnostics.forEach(log.append) }
                return fallback(cached, request: request, reason: "invalid data (\(invalid.reason))", what: what, optional: optional)
            }
            do {
                try cache.write(url, body: answer.body, fetchedAt: now, etag: answer.etag, lastModified: answer.lastModified,
                                contentType: answer.contentType)
            } catch {
                log.warning("\(url): cannot write the cache in \(cache.directory.path)", at: request.location)
            }
            return answer.body
        case .success(let answer):
            return fallback(cached, request: request, reason: "HTTP \(answer.status)", what: what, optional: optional)
        }
    }

    private func fallback(_ cached: RemoteCache.Entry?, request: RemoteRequest, reason: String, what: String, optional: Bool) -> Data? {
        guard let cached else {
            log.append(Diagnostic(optional ? .warning : .error, at: request.location,
                                  "\(request.url): \(reason), and there is no cached copy of this \(what)"))
            return nil
        }
        let age = Self.age(seconds: options.now() - cached.metadata.fetchedAt)
        log.warning("\(request.url): \(reason); using the copy cached \(age) ago", at: request.location)
        return cached.body
    }

    /// `12 s`, `5 min`, `3 h`, `1 day`, `4 days`.
    static func age(seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" }
        if whole < 86400 { return "\(whole / 3600) h" }
        let days = whole / 86400
        return days == 1 ? "1 day" : "\(days) days"
    }
}
