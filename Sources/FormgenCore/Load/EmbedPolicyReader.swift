/// Reads `embed: {origins: [https://www.example.org, …]}` (a form's or `site.yaml`'s); each origin is checked by
/// ``ConfigURL/frameOrigin(_:)`` and a refused one is a located error.
struct EmbedPolicyReader {
    func read(_ node: ConfigNode) -> EmbedPolicy {
        if node.isNull { return EmbedPolicy() }
        guard node.expectMapping("'embed'") else { return EmbedPolicy() }
        node.warnUnknownKeys(allowed: ["origins"], in: "embed")
        guard let list = node["origins"], !list.isNull else {
            node.error("'embed' needs 'origins': the sites that may show the forms in a frame, like [https://www.example.org]")
            return EmbedPolicy()
        }
        guard let items = list.expectSequence("'embed.origins'") else { return EmbedPolicy() }
        var origins: [String] = []
        for item in items {
            guard let text = item.scalarText else {
                item.error("an origin in 'embed.origins' must be text like https://www.example.org, not \(item.kindName)")
                continue
            }
            switch ConfigURL.frameOrigin(text) {
            case .success(let origin): origins.append(origin)
            case .failure(let refusal): item.error("origin \(JSONValue.quoted(text)) in 'embed.origins' is refused: \(refusal)")
            }
        }
        return EmbedPolicy(origins: origins)
    }
}
