@testable import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Testing

/// `formgen export`: CSV columns in page order against a golden file, JSON Lines, filters.
@Suite struct ExportTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/contact.csv")

    static func filled(_ site: TestSite) async throws -> SQLiteSubmissionStore {
        let store = try SQLiteSubmissionStore(path: site.database)
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store,
                                     now: { Date(timeIntervalSince1970: 1_750_000_000) })
        let bodies = [
            #"{"name":"Ann","age":30,"topics":["News","Events"],"terms":true}"#,
            #"{"name":"Bob, \"the builder\"","age":99,"company":"=cmd|' /C calc'!A0"}"#,
            #"{"name":"Line\nbreak","age":"18.5","company":"Hidden"}"#,
        ]
        for body in bodies {
            let answer = await service.submit(formPath: "contact", body: Data(body.utf8), encoding: .json, idempotencyKey: nil)
            #expect(answer.status == 200)
        }
        _ = await service.submit(formPath: "signup", body: Data(#"{"email":"a@b.nl"}"#.utf8), encoding: .json, idempotencyKey: nil)
        return store
    }

    @Test func csvOfOneFormMatchesTheGoldenFile() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try await Self.filled(site)
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "contact"))
        let csv = SubmissionExporter().csv(try await store.submissions(form: "contact", since: nil), spec: spec)
        #expect(csv == String(decoding: try Data(contentsOf: Self.golden), as: UTF8.self))
    }

    @Test func csvFlattensRepeatingSectionsAndFiles() throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/forms/pets.yaml", """
        id: pets
        title: Pets
        sections:
          - id: pets
            title: Your pets
            repeat: {min: 1, max: 5}
            fields:
              - {id: name, label: Name, type: text, required: true}
              - {id: kind, label: Kind, type: text}
        fields:
          - {id: photo, label: Photo, type: file, accept: [image/png], multiple: true}

        """)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "pets"))
        let received = Date(timeIntervalSince1970: 1_750_000_000)
        let records = [
            SubmissionRecord(id: 1, form: "pets", receivedAt: received, data: #"{"pets":[{"name":"Rex","kind":"dog"},{"name":"Tom"}],"photo":[{"name":"rex.png","sha256":"ab12","size":3,"type":"image/png"},{"name":"tom.png","sha256":"cd34","size":4,"type":"image/png"}]}"#, digest: "x", idempotencyKey: nil),
            SubmissionRecord(id: 2, form: "pets", receivedAt: received, data: #"{"pets":[{"name":"Kit"}]}"#, digest: "y", idempotencyKey: nil),
        ]
        #expect(SubmissionExporter().csv(records, spec: spec) == """
        id,received_at,photo,pets[0].name,pets[0].kind,pets[1].name,pets[1].kind\r
        1,2025-06-15T15:06:40Z,rex.png sha256:ab12; tom.png sha256:cd34,Rex,dog,Tom,\r
        2,2025-06-15T15:06:40Z,,Kit,,,\r

        """)
    }

    @Test func aGridIsAColumnPerRowAndItsNoJavaScriptPostIsStoredAsAnObject() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/forms/survey.yaml", """
        id: survey
        title: Survey
        fields:
          - {id: nps, label: Recommend us?, type: scale, min: 0, max: 10, required: true}
          - id: service
            label: Rate our service
            type: grid
            required: true
            rows: [{id: speed, label: Speed}, {id: staff, label: Staff}]
            columns: [{value: good, label: Good}, {value: poor, label: Poor}]
          - {id: likes, label: Likes, type: grid, multiple: true, rows: [parking], columns: [yes, no]}

        """)
        _ = try SiteBuilder(options: BuildOptions(configDirectory: site.root.appendingPathComponent("configs").path,
                                                  templatesDirectory: nil, outputDirectory: site.output.path)).build()
        let store = try SQLiteSubmissionStore(path: site.database)
        let service = CollectService(forms: try SiteForms(site: site.output.path), store: store, now: { Date(timeIntervalSince1970: 1_750_000_000) })
        let posted = "nps=0&service.speed=good&service.staff=poor&likes.parking=yes&likes.parking=no"
        #expect(await service.submit(formPath: "survey", body: Data(posted.utf8), encoding: .urlEncoded, idempotencyKey: nil).status == 200)
        let refused = await service.submit(formPath: "survey", body: Data("nps=11&service.speed=great".utf8), encoding: .urlEncoded, idempotencyKey: nil)
        #expect(refused.status == 422)
        let json = #"{"nps":9,"service":{"speed":"poor","staff":"good"}}"#
        #expect(await service.submit(formPath: "survey", body: Data(json.utf8), encoding: .json, idempotencyKey: nil).status == 200)
        let records = try await store.submissions(form: "survey", since: nil)
        #expect(records.first.map { $0.data } == #"{"likes":{"parking":["yes","no"]},"nps":0,"service":{"speed":"good","staff":"poor"}}"#)
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "survey"))
        #expect(SubmissionExporter().csv(records, spec: spec) == """
        id,received_at,nps,service.speed,service.staff,likes.parking\r
        1,2025-06-15T15:06:40Z,0,good,poor,yes; no\r
        2,2025-06-15T15:06:40Z,9,poor,good,\r

        """)
    }

    @Test func jsonLinesKeepEveryFormAndSinceFilters() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let store = try await Self.filled(site)
        let lines = SubmissionExporter().jsonLines(try await store.submissions(form: "signup", since: nil))
        #expect(lines.hasPrefix(#"{"data":{"email":"a@b.nl"},"digest":""#))
        #expect(lines.hasSuffix(#"","form":"signup","id":4,"receivedAt":"2025-06-15T15:06:40Z"}"# + "\n"))
        #expect(try await store.submissions(form: nil, since: Date(timeIntervalSince1970: 1_750_000_000)).count == 4)
        #expect(try await store.submissions(form: nil, since: Date(timeIntervalSince1970: 1_750_000_001)).isEmpty)
    }

    /// Cells as RFC 4180 reads them: quoted cells may hold CR, LF, commas and doubled quotes; anything else between a
    /// quote and the next separator, or a bare quote, CR or LF in an unquoted cell, is an error. Rows end with CRLF.
    static func rfc4180Rows(_ csv: String) throws -> [[String]] {
        struct Malformed: Error { let offset: Int }
        let bytes = Array(csv.utf8)
        var rows: [[String]] = [], row: [String] = [], cell: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while true {
                    guard index < bytes.count else { throw Malformed(offset: index) }
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") { cell.append(bytes[index]); index += 2; continue }
                        index += 1
                        break
                    }
                    cell.append(bytes[index])
                    index += 1
                }
            } else {
                while index < bytes.count, ![UInt8(ascii: ","), 0x0D, 0x0A].contains(bytes[index]) {
                    guard bytes[index] != UInt8(ascii: "\"") else { throw Malformed(offset: index) }
                    cell.append(bytes[index])
                    index += 1
                }
            }
            guard index < bytes.count else { throw Malformed(offset: index) }
            row.append(String(decoding: cell, as: UTF8.self))
            cell = []
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                rows.append(row)
                row = []
                index += 2
            } else {
                throw Malformed(offset: index)
            }
        }
        return rows
    }

    static let hostileValues = ["a\r\nb", "x,y", "q\"uote", "é\u{301}\"", "\"\u{301}", "\r\n", "line\nfeed", "car\rriage", "plain"]

    /// Marks that join the character before them into one `Character`, and the characters a CSV writer must see.
    static let marks = ["\u{301}", "\u{308}", "\u{20DD}", "\u{200D}"]
    static let specials = ["\"", ",", "\n", "\r", "\r\n", "'", "<", ">", "&"]

    /// Each value, alone in its row's `name` cell, comes back unchanged and every row keeps its cell count.
    @Test(arguments: ExportTests.hostileValues + ExportTests.specials.flatMap { special in ExportTests.marks.map { "v" + special + $0 + "w" } })
    func csvCellsRoundTripThroughAStrictRFC4180Reader(_ value: String) throws {
        let site = try TestSite.make()
        defer { site.remove() }
        let spec = try #require(try SiteForms(site: site.output.path).spec(at: "contact"))
        let data = String(decoding: try JSONEncoder().encode(["name": value, "company": "Acme"]), as: UTF8.self)
        let record = SubmissionRecord(id: 1, form: "contact", receivedAt: Date(timeIntervalSince1970: 1_750_000_000), data: data, digest: "x", idempotencyKey: nil)
        let csv = SubmissionExporter().csv([record, record], spec: spec)
        #expect(csv.hasSuffix("\r\n"))
        let rows = try Self.rfc4180Rows(csv)
        #expect(rows.count == 3)
        let header = try #require(rows.first)
        let name = try #require(header.firstIndex(of: "name"))
        for row in rows.dropFirst() {
            #expect(row.count == header.count)
            #expect(row[name] == value)
            #expect(row[header.firstIndex(of: "company")!] == "Acme")
        }
    }

    /// A formula sign followed by a combining mark is still a formula sign to a spreadsheet: it is defused.
    @Test(arguments: ExportTests.marks)
    func aFormulaSignBeforeACombiningMarkIsDefused(_ mark: String) {
        #expect(SubmissionExporter.cell("=" + mark + "1+1") == "\"'=" + mark + "1+1\"")
    }
}
