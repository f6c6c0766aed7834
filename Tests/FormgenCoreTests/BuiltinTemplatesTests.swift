import Foundation
import FormgenTestSupport
import Testing
@testable import FormgenTemplates

/// The built-in theme is found beside the running binary without making `Bundle.main`, where SwiftPM's accessor
/// looks first.
struct BuiltinTemplatesTests {
    @Test func theFolderIsTheOneBundleModuleFinds() {
        #expect(BuiltinTemplates.directory.standardizedFileURL == BuiltinTemplates.bundled().standardizedFileURL)
        #expect(FileManager.default.fileExists(atPath: BuiltinTemplates.directory.appendingPathComponent("layouts/base.mustache").path))
        // The test binary is built beside the bundle, as formgen is: the folder is the one found there.
        #expect(BuiltinTemplates.besideRunningBinary?.path == BuiltinTemplates.directory.path)
    }

    @Test func theBundleBesideABinaryIsFound() throws {
        let folder = try TestSite([:], prefix: "formgen-bundle")
        defer { folder.remove() }
        let bundle = folder.root.appendingPathComponent(BuiltinTemplates.bundleName)
        #expect(BuiltinTemplates.besideExecutable(executable: folder.root.appendingPathComponent("formgen").path) == nil)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        #expect(BuiltinTemplates.besideExecutable(executable: folder.root.appendingPathComponent("formgen").path)?.path == bundle.path)
        #expect(BuiltinTemplates.besideExecutable(executable: "formgen") == nil)
        #expect(BuiltinTemplates.besideExecutable(executable: nil) == nil)
    }

    @Test func theRunningBinaryIsWhatProcSelfExeNames() throws {
        let named = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #expect(BuiltinTemplates.runningExecutable() == named)
        #expect(FileManager.default.isExecutableFile(atPath: named))
    }

    @Test func aFileNamedLikeTheBundleIsNotIt() throws {
        let folder = try TestSite([BuiltinTemplates.bundleName: "not a folder"], prefix: "formgen-bundle")
        defer { folder.remove() }
        #expect(BuiltinTemplates.besideExecutable(executable: folder.root.appendingPathComponent("formgen").path) == nil)
    }
}
