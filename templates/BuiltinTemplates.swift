import Foundation

/// The built-in templates, CSS and runtime that ship with formgen.
///
/// A site's own `templates/` folder overrides these file by file.
public enum BuiltinTemplates {
    /// The folder holding `layouts/`, `partials/` and `assets/`.
    public static var directory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }
}
