/// The spec written as compact JSON by hand, each object's members in sorted key order and absent ones (and those
/// holding their defaults, FormSpec+Coding.swift) left out:
/// the bytes `JSONEncoder` writes from the `Encodable` conformance (`.sortedKeys`, `.withoutEscapingSlashes`), which
/// `FormSpecJSONTests` compares on every example form and on a spec with every member present.
extension FormSpec {
    /// The spec as compact JSON with sorted keys; with `scriptSafe`, safe to place inside a `<script>` element.
    public func json(scriptSafe: Bool) -> String {
        var writer = CompactJSONWriter(scriptSafe: scriptSafe)
        write(into: &writer)
        return writer.failed ? "{}" : writer.text
    }

    /// The spec as compact JSON with sorted keys, safe to place inside a `<script>` element.
    public func embeddableJSON() -> String { json(scriptSafe: true) }

    package func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            if !dataSources.isEmpty {
                json.key("dataSources")
                json.list(dataSources) { json, source in
                    json.object { json in
                        json.member("credentials", source.credentials)
                        json.member("endpoint", source.endpoint)
                        json.key("fields"); json.list(source.fields) { $0.string($1) }
                        json.member("id", source.id)
                    }
                }
            }
            json.key("drafts")
            json.object { json in
                json.member("enabled", drafts.enabled)
                if drafts.maxAge != DraftsSpec.defaultMaxAge { json.member("maxAge", drafts.maxAge) }
            }
            json.key("fields"); json.list(fields) { $1.write(into: &$0) }
            json.member("id", id)
            json.member("lang", lang)
            json.key("messages"); json.object(messages)
            json.key("pages"); json.list(pages) { $1.write(into: &$0) }
            json.member("path", path)
            json.member("review", review)
            if !rules.isEmpty { json.key("rules"); json.list(rules) { $1.write(into: &$0) } }
            if let session { json.key("session"); session.write(into: &json) }
            json.key("submit"); submit.write(into: &json)
            json.member("title", title)
            if version != Self.currentVersion { json.member("version", version) }
        }
    }
}

extension FormSpec.PageSpec {
    package func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            json.member("exit", exit)
            json.key("fields"); json.list(fields) { $0.string($1) }
            json.member("id", id)
            if let next {
                json.key("next")
                json.list(next) { json, branch in
                    json.object { json in
                        json.member("condition", branch.condition)
                        json.member("field", branch.field)
                        json.member("goTo", branch.goTo)
                        json.key("values"); json.list(branch.values) { $0.string($1) }
                    }
                }
            }
            json.member("title", title)
        }
    }
}

extension FormSpec.FieldSpec {
    /// As `encode(to:)` writes it: kind `input`, the kind's own type, false flags and an empty list of validations left out.
    package func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            json.member("dataSource", dataSource)
            json.member("dateStyle", dateStyle)
            if let fields { json.key("fields"); json.list(fields) { $1.write(into: &$0) } }
            json.member("id", id)
            if kind != .input { json.member("kind", kind.rawValue) }
            json.member("label", label)
            json.member("mask", mask)
            if let messages { json.key("messages"); json.object(messages) }
            json.member("multiple", multiple)
            if let options {
                json.key("options")
                json.list(options) { json, option in
                    json.object { json in
                        json.member("exclusive", option.exclusive)
                        json.member("label", option.label)
                        json.member("value", option.value)
                    }
                }
            }
            if let optionsFrom {
                json.key("optionsFrom")
                json.object { json in
                    json.member("dataSource", optionsFrom.dataSource)
                    if let drop = optionsFrom.dropIf {
                        json.key("dropIf")
                        json.object { json in
                            json.key("in"); json.list(drop.values) { $0.value($1) }
                            json.member("key", drop.key)
                        }
                    }
                    json.member("labelKey", optionsFrom.labelKey)
                    json.member("valueKey", optionsFrom.valueKey)
                }
            }
            json.member("other", other)
            if readOnly { json.member("readOnly", true) }
            if let `repeat` {
                json.key("repeat")
                json.object { json in
                    json.member("addLabel", `repeat`.addLabel)
                    json.member("added", `repeat`.added)
                    json.member("itemLabel", `repeat`.itemLabel)
                    json.member("max", `repeat`.max)
                    json.member("min", `repeat`.min)
                    json.member("removeLabel", `repeat`.removeLabel)
                    json.member("removed", `repeat`.removed)
                }
            }
            if required { json.member("required", true) }
            if let rows {
                json.key("rows")
                json.list(rows) { json, row in
                    json.object { json in
                        json.member("label", row.label)
                        json.member("value", row.value)
                    }
                }
            }
            if let rules { json.key("rules"); json.list(rules) { $1.write(into: &$0) } }
            if let scale {
                json.key("scale")
                json.object { json in
                    json.member("max", scale.max)
                    json.member("maxLabel", scale.maxLabel)
                    json.member("min", scale.min)
                    json.member("minLabel", scale.minLabel)
                }
            }
            if search == true { json.member("search", true) }
            if sensitive { json.member("sensitive", true) }
            if type != kind.specType { json.member("type", type) }
            if let upload {
                json.key("upload")
                json.object { json in
                    if let accept = upload.accept { json.key("accept"); json.list(accept) { $0.string($1) } }
                    json.member("maxFiles", upload.maxFiles)
                    json.member("maxSize", upload.maxSize)
                    json.member("multiple", upload.multiple)
                }
            }
            if !validations.isEmpty {
                json.key("validations")
                json.list(validations) { json, validation in
                    json.object { json in
                        json.member("message", validation.message)
                        json.member("rule", validation.rule)
                        switch validation.value {
                        case .string(let text)?: json.member("value", text)
                        case .number(let number)?: json.key("value"); json.number(number)
                        case nil: break
                        }
                    }
                }
            }
        }
    }
}

extension FormSpec.RuleSpec {
    package func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            json.member("action", action)
            json.member("condition", condition)
            json.member("field", field)
            json.member("otherwise", otherwise)
            json.key("targets"); json.list(targets) { $0.string($1) }
            json.key("values"); json.list(values) { $0.string($1) }
        }
    }
}

extension FormSpec.SubmitSpec {
    package func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            json.member("action", action)
            json.member("credentials", credentials)
            json.member("enableWhen", enableWhen)
            if encoding != Self.defaultEncoding { json.member("encoding", encoding) }
            if let extra { json.key("extra"); json.object(extra) }
            json.member("honeypot", honeypot)
            json.member("kind", kind)
            json.member("label", label)
            if let messages { json.key("messages"); json.object(messages) }
            if method != Self.defaultMethod { json.member("method", method) }
            json.member("minSeconds", minSeconds)
            json.member("provider", provider)
            json.member("redirect", redirect)
            json.member("replyTo", replyTo)
            json.member("retention", retention)
            json.member("sentPage", sentPage)
            json.member("successMessage", successMessage)
        }
    }
}
