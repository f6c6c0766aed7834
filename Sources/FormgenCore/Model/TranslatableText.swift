import Foundation

/// A text a config may write once or per language (`label: {nl: Geboortedatum, fr: Date de naissance}`): the key it
/// was written under, its text in the default language, its translations and where it was written.
public struct TranslatableText: Sendable, Hashable {
    public var key: String
    public var text: String
    /// Lower-case language tag → text; empty when the config wrote one plain text.
    public var translations: [String: String]
    public var location: SourceLocation

    /// The text in `language` (`fr-BE`, else `fr`), nil when the config does not give it.
    public func text(in language: String) -> String? {
        let tag = language.lowercased()
        return translations[tag] ?? translations[Messages.primaryTag(tag)]
    }
}

/// Every translatable text read from one config file, in reading order; filled by `ConfigNode.localized`.
final class TextCatalog: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [TranslatableText] = []

    func add(_ text: TranslatableText) {
        lock.lock()
        texts.append(text)
        lock.unlock()
    }

    var all: [TranslatableText] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}
