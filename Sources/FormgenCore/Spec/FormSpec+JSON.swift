/// The spec written as compact JSON by hand, each object's members in sorted key order and absent ones left out:
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

    func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            json.key("dataSources")
            json.list(dataSources) { json, source in
                json.object { json in
                    json.key("endpoint"); json.string(source.endpoint)
                    json.key("fields"); json.list(source.fields) { $0.string($1) }
                    json.key("id"); json.string(source.id)
                }
            }
            json.key("drafts")
            json.object { json in
                json.key("enabled"); json.bool(drafts.enabled)
                json.key("maxAge"); json.int(drafts.maxAge)
            }
            json.key("fields"); json.list(fields) { $1.write(into: &$0) }
            json.key("id"); json.string(id)
            json.key("lang"); json.string(lang)
            json.key("messages"); json.object(messages)
            json.key("pages"); json.list(pages) { $1.write(into: &$0) }
            json.key("path"); json.string(path)
            if let review { json.key("review"); json.bool(review) }
            json.key("rules"); json.list(rules) { $1.write(into: &$0) }
            json.key("submit"); submit.write(into: &json)
            json.key("title"); json.string(title)
            json.key("version"); json.int(version)
        }
    }
}

extension FormSpec.PageSpec {
    func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            if let exit { json.key("exit"); json.bool(exit) }
            json.key("fields"); json.list(fields) { $0.string($1) }
            if let id { json.key("id"); json.string(id) }
            if let next {
                json.key("next")
                json.list(next) { json, branch in
                    json.object { json in
                        json.key("condition"); json.string(branch.condition)
                        json.key("field"); json.string(branch.field)
                        json.key("goTo"); json.string(branch.goTo)
                        json.key("values"); json.list(branch.values) { $0.string($1) }
                    }
                }
            }
            if let title { json.key("title"); json.string(title) }
        }
    }
}

extension FormSpec.FieldSpec {
    /// As `encode(to:)` writes it: false flags and an empty list of validations left out.
    func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            if let dataSource { json.key("dataSource"); json.string(dataSource) }
            if let dateStyle { json.key("dateStyle"); json.string(dateStyle) }
            if let fields { json.key("fields"); json.list(fields) { $1.write(into: &$0) } }
            json.key("id"); json.string(id)
            json.key("kind"); json.string(kind.rawValue)
            json.key("label"); json.string(label)
            if let mask { json.key("mask"); json.string(mask) }
            if let messages { json.key("messages"); json.object(messages) }
            if let options {
                json.key("options")
                json.list(options) { json, option in
                    json.object { json in
                        json.key("label"); json.string(option.label)
                        json.key("value"); json.string(option.value)
                    }
                }
            }
            if let optionsFrom {
                json.key("optionsFrom")
                json.object { json in
                    json.key("dataSource"); json.string(optionsFrom.dataSource)
                    if let drop = optionsFrom.dropIf {
                        json.key("dropIf")
                        json.object { json in
                            json.key("in"); json.list(drop.values) { $0.value($1) }
                            json.key("key"); json.string(drop.key)
                        }
                    }
                    json.key("labelKey"); json.string(optionsFrom.labelKey)
                    json.key("valueKey"); json.string(optionsFrom.valueKey)
                }
            }
            if readOnly { json.key("readOnly"); json.bool(true) }
            if let `repeat` {
                json.key("repeat")
                json.object { json in
                    json.key("addLabel"); json.string(`repeat`.addLabel)
                    json.key("added"); json.string(`repeat`.added)
                    json.key("itemLabel"); json.string(`repeat`.itemLabel)
                    if let max = `repeat`.max { json.key("max"); json.int(max) }
                    json.key("min"); json.int(`repeat`.min)
                    json.key("removeLabel"); json.string(`repeat`.removeLabel)
                    json.key("removed"); json.string(`repeat`.removed)
                }
            }
            if required { json.key("required"); json.bool(true) }
            if let rules { json.key("rules"); json.list(rules) { $1.write(into: &$0) } }
            if sensitive { json.key("sensitive"); json.bool(true) }
            json.key("type"); json.string(type)
            if let upload {
                json.key("upload")
                json.object { json in
                    if let accept = upload.accept { json.key("accept"); json.list(accept) { $0.string($1) } }
                    if let maxFiles = upload.maxFiles { json.key("maxFiles"); json.int(maxFiles) }
                    if let maxSize = upload.maxSize { json.key("maxSize"); json.int(maxSize) }
                    if let multiple = upload.multiple { json.key("multiple"); json.bool(multiple) }
                }
            }
            if !validations.isEmpty {
                json.key("validations")
                json.list(validations) { json, validation in
                    json.object { json in
                        if let message = validation.message { json.key("message"); json.string(message) }
                        json.key("rule"); json.string(validation.rule)
                        switch validation.value {
                        case .string(let text)?: json.key("value"); json.string(text)
                        case .number(let number)?: json.key("value"); json.number(number, asInteger: true)
                        case nil: break
                        }
                    }
                }
            }
        }
    }
}

extension FormSpec.RuleSpec {
    func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            json.key("action"); json.string(action)
            json.key("condition"); json.string(condition)
            json.key("field"); json.string(field)
            if let otherwise { json.key("otherwise"); json.string(otherwise) }
            json.key("targets"); json.list(targets) { $0.string($1) }
            json.key("values"); json.list(values) { $0.string($1) }
        }
    }
}

extension FormSpec.SubmitSpec {
    func write(into writer: inout CompactJSONWriter) {
        writer.object { json in
            if let action { json.key("action"); json.string(action) }
            if let enableWhen { json.key("enableWhen"); json.string(enableWhen) }
            json.key("encoding"); json.string(encoding)
            if let extra { json.key("extra"); json.object(extra) }
            if let honeypot { json.key("honeypot"); json.string(honeypot) }
            if let kind { json.key("kind"); json.string(kind) }
            if let label { json.key("label"); json.string(label) }
            if let messages { json.key("messages"); json.object(messages) }
            json.key("method"); json.string(method)
            if let minSeconds { json.key("minSeconds"); json.int(minSeconds) }
            if let provider { json.key("provider"); json.string(provider) }
            if let redirect { json.key("redirect"); json.string(redirect) }
            if let replyTo { json.key("replyTo"); json.string(replyTo) }
            if let sentPage { json.key("sentPage"); json.string(sentPage) }
            if let successMessage { json.key("successMessage"); json.string(successMessage) }
        }
    }
}
