import Foundation

/// Reads the parts of `submit:` the person sees: `label`, `enableWhen`, `messages` (per status) and `kind`.
struct SubmitTextReader {
    static let keys: Set<String> = ["label", "enableWhen", "messages", "kind"]

    func read(_ node: ConfigNode, into submission: inout Submission) {
        if let label = node.localized("label") {
            submission.label = label.text
            submission.labelTranslations = label.translations
        }
        if let when = node.string("enableWhen") {
            if when == "complete" { submission.enableWhenComplete = true } else if when == "always" { submission.enableWhenComplete = false } else {
                node["enableWhen"]?.error("unknown submit enableWhen '\(when)' (known: always, complete)")
            }
        }
        if let kind = node.string("kind") {
            if let value = Submission.Kind(rawValue: kind) { submission.kind = value } else {
                node["kind"]?.error("unknown submit kind '\(kind)' (known: login, register)")
            }
        }
        if let messages = node["messages"], !messages.isNull, messages.expectMapping("'messages'") {
            for entry in messages.entries {
                guard let status = Int(entry.key), (400...599).contains(status) else {
                    entry.keyNode.error("submit message key '\(entry.key)' is not an error status (400 to 599)")
                    continue
                }
                guard let text = messages.localized(entry.key) else { continue }
                submission.messages[status] = text.text
                submission.messageTranslations[status] = text.translations.isEmpty ? nil : text.translations
            }
        }
    }
}
