/// Whether a request from the page carries the browser's cookies (`credentials:` on a data source, on `submit:`, on
/// `logout:`): the Fetch API's `credentials` option. A session lives in an HttpOnly cookie the API sets, so the page
/// never sees or stores a token.
public enum FetchCredentials: String, Sendable, Hashable, CaseIterable {
    /// No cookies, sent or kept.
    case omit
    /// Cookies for the page's own origin only (the default).
    case sameOrigin = "same-origin"
    /// Cookies for any origin the request goes to (an API on another origin that allows credentials).
    case include
}
