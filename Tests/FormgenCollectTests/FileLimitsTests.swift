import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Testing

/// collect refuses to start behind a `--max-body` smaller than what a form's file fields accept.
@Suite struct FileLimitsTests {
    static let photoForm = """
    id: profile
    title: Profile
    fields:
      - {id: name, label: Name, required: true}
      - {id: photo, label: Photo, type: file, accept: [image/png, image/jpeg], maxSize: 5MB}

    """

    static let claimForm = """
    id: claim
    title: Claim
    fields:
      - {id: pictures, label: Pictures, type: file, multiple: true, maxFiles: 3, maxSize: 1MB}
      - {id: invoice, label: Invoice, type: file, accept: [application/pdf], maxSize: 2MB}

    """

    /// The forms of a site built from `forms` (file name → YAML) beside TestSite's two forms.
    static func forms(_ forms: [String: String]) throws -> (SiteForms, TestSite) {
        let site = try TestSite.make()
        for (name, text) in forms { try site.write("configs/forms/\(name)", text) }
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        return (try SiteForms(site: site.output.path), site)
    }

    @Test func aFiveMegabytePhotoBehindTheDefaultOneMebibyteBodyIsAStartUpErrorNamingFormAndField() throws {
        let (forms, site) = try Self.forms(["profile.yaml": Self.photoForm])
        defer { site.remove() }
        let problem = try #require(FileLimits.problem(in: forms, maxBodyBytes: 1 << 20))
        #expect(problem == .bodyLimitTooSmall(form: "profile", field: "photo", files: 1, maxSize: 5_000_000, needed: 5_065_536, maxBody: 1 << 20))
        #expect(problem.description == "the form 'profile' accepts a file of up to 5000000 bytes in the field 'photo', but --max-body is 1048576 "
            + "bytes: those uploads would be refused (413). Start collect with --max-body 5065536 or more (the form's files plus 65536 bytes "
            + "for its other fields), or lower the field's maxSize")
        #expect(FileLimits.problem(in: forms, maxBodyBytes: 5_065_536) == nil)
    }

    @Test func everyFileOfEveryFileFieldCountsAndTheLargestFieldIsNamed() throws {
        let (forms, site) = try Self.forms(["claim.yaml": Self.claimForm])
        defer { site.remove() }
        let problem = try #require(FileLimits.problem(in: forms, maxBodyBytes: 4_000_000))
        #expect(problem == .bodyLimitTooSmall(form: "claim", field: "pictures", files: 3, maxSize: 1_000_000, needed: 5_065_536, maxBody: 4_000_000))
        #expect(problem.description.contains("accepts 3 files of up to 1000000 bytes each in the field 'pictures'"))
        #expect(FileLimits.problem(in: forms, maxBodyBytes: 5_065_536) == nil)
    }

    @Test func formsWithoutFileLimitsNeverStopCollect() throws {
        let (forms, site) = try Self.forms([:])
        defer { site.remove() }
        #expect(FileLimits.problem(in: forms, maxBodyBytes: 1) == nil)
    }
}
