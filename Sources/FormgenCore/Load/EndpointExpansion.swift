/// Fills `${VAR}` and `${VAR:-default}` in live data source endpoints from the build's environment, as remote
/// sources' URLs are, so one config builds against a sandbox or a production API (`API_ORIGIN=… formgen build`).
///
/// An unset variable without a default, or an address that the expansion makes unsafe, is a located error at the
/// `endpoint` key; the page is written with the expanded address, and its policy names that address's origin.
struct EndpointExpansion {
    var environment: [String: String]

    func expand(_ sources: [DataSource], log: DiagnosticLog) -> [DataSource] {
        var sources = sources
        for index in sources.indices where sources[index].endpoint.contains("${") {
            let source = sources[index]
            do {
                let filled = try EnvironmentTemplate.fill(source.endpoint, from: environment)
                switch ConfigURL.check(filled, for: .endpoint) {
                case .success(let url):
                    sources[index].endpoint = url
                case .failure(let refusal):
                    log.error("data source '\(source.id)': \(JSONValue.quoted(source.endpoint)) becomes the unsafe URL \(JSONValue.quoted(filled)): \(refusal)",
                              at: source.endpointLocation)
                }
            } catch let missing as EnvironmentTemplate.Missing {
                log.error("data source '\(source.id)': environment variable '\(missing.name)' is not set; set it, or give a default: ${\(missing.name):-https://…}",
                          at: source.endpointLocation)
            } catch {
                log.error("data source '\(source.id)': \(error)", at: source.endpointLocation)
            }
        }
        return sources
    }
}
