import FormgenCollect
import FormgenCore
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// Every shared validation vector posted to the endpoint: the same verdict and messages as `formgen validate`
/// (FormValidator) and the vector, the same stored data, nothing stored when invalid.
@Suite struct SharedVectorTests {
    @Test func theEndpointAgreesWithTheValidatorOnEverySharedVector() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-collect-vectors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.postEveryVector(to: try SQLiteSubmissionStore(path: folder.appendingPathComponent("vectors.db").path))
    }

    /// Every body vector (JSON, urlencoded, multipart) posted as sent: the verdict and stored data the vector gives, the
    /// same as the page's and `formgen validate`'s ("0x10", "+5" and "1." refused as numbers in every body).
    @Test func theEndpointReadsEveryBodyAsTheVectorSays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-collect-bodies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteSubmissionStore(path: folder.appendingPathComponent("bodies.db").path)
        let vectors = try SharedVector.all("bodies")
        #expect(vectors.count >= 60)
        var options = CollectOptions(site: "unused", database: "")
        options.rateBurst = 100_000
        var expectedRows: [String] = []
        for vector in vectors {
            let body = try #require(vector.body), contentType = try #require(vector.contentType)
            let service = CollectService(forms: SiteForms(specs: ["vector": vector.spec]), store: store, uploadsDirectory: folder.path,
                                         now: { vector.now })
            let router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger).makeRouter()
            try await Application(router: router).test(.router) { client in
                try await client.execute(uri: "/submit/vector", method: .post, headers: [.contentType: contentType],
                                         body: ByteBuffer(string: body)) { response in
                    if vector.errors.isEmpty {
                        #expect(response.status == .ok, "\(vector.name)")
                    } else {
                        #expect(response.status == .unprocessableContent, "\(vector.name)")
                        let answer = try JSONDecoder().decode([String: [String: String]].self, from: Data(buffer: response.body))
                        #expect(answer["errors"] == vector.errors, "\(vector.name)")
                    }
                }
            }
            if vector.errors.isEmpty { expectedRows.append(JSONValue.object(try #require(vector.data)).jsonText()) }
        }
        let stored = try await store.submissions(form: "vector", since: nil).map(\.data)
        #expect(stored == expectedRows)
    }

    /// Posts every vector to a service over `store`; checks the answers and the stored rows.
    static func postEveryVector(to store: any SubmissionStore) async throws {
        let vectors = try SharedVector.all()
        #expect(vectors.count > 100)
        var options = CollectOptions(site: "unused", database: "")
        options.rateBurst = 100_000
        options.maxBodyBytes = 4 << 20
        var expectedRows: [String] = []
        let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("formgen-vector-uploads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: uploads) }
        for vector in vectors {
            let validate = FormValidator(spec: vector.spec, now: vector.now).validate(vector.values)
            #expect(validate.messages == vector.errors, "\(vector.name): formgen validate disagrees with the vector")
            let service = CollectService(forms: SiteForms(specs: ["vector": vector.spec]), store: store, uploadsDirectory: uploads.path,
                                         now: { vector.now })
            let router = CollectRouter(service: service, options: options, logger: TestSite.quietLogger).makeRouter()
            // Files reach the server only as multipart parts (their metadata in JSON is never believed): a vector with files
            // is sent as such, each file made of bytes of its size and kind, and judged as the server reads it.
            let files = vector.spec.fields.filter { $0.kind == .file && !Self.files(in: vector.values[$0.id]).isEmpty }.map(\.id)
            let (body, contentType) = files.isEmpty ? (Data(JSONValue.object(vector.values).jsonText().utf8), "application/json")
                : (Self.multipart(vector.values), "multipart/form-data; boundary=\(Self.boundary)")
            let judged = files.isEmpty ? validate : FormValidator(spec: vector.spec, now: vector.now).validate(
                try SubmissionBody.values(body, encoding: .multipart(boundary: Self.boundary), spec: vector.spec))
            if !files.isEmpty, Self.bytesSayAsMuch(vector.values) { #expect(judged.messages == vector.errors, "\(vector.name): sent as files") }
            // A file value no part can carry (not an object with a name) stays in JSON, which refuses any file value.
            let unsendable = vector.spec.fields.first { field in
                field.kind == .file && !files.contains(field.id) && vector.values[field.id].map { $0 != .null } == true
            }
            try await Application(router: router).test(.router) { client in
                try await client.execute(uri: "/submit/vector", method: .post, headers: [.contentType: contentType],
                                         body: ByteBuffer(data: body)) { response in
                    if let unsendable {
                        #expect(response.status == .badRequest, "\(vector.name)")
                        let answer = try JSONDecoder().decode([String: String].self, from: Data(buffer: response.body))
                        #expect(answer["error"] == SubmissionError.fileOutsideItsPart(unsendable.id).description, "\(vector.name)")
                    } else if judged.isValid {
                        #expect(response.status == .ok, "\(vector.name)")
                    } else {
                        #expect(response.status == .unprocessableContent, "\(vector.name)")
                        let answer = try JSONDecoder().decode([String: [String: String]].self, from: Data(buffer: response.body))
                        #expect(answer["errors"] == judged.messages, "\(vector.name)")
                    }
                }
            }
            if unsendable == nil, judged.isValid { expectedRows.append(JSONValue.object(files.isEmpty ? vector.data ?? validate.data : judged.data).jsonText()) }
        }
        let stored = try await store.submissions(form: "vector", since: nil).map(\.data)
        #expect(stored == expectedRows)
    }

    static let boundary = "formgenVectorBoundary"

    /// The vector's files as multipart parts, each of its `size` in bytes that begin as its `type`'s files begin.
    static func multipart(_ values: [String: JSONValue]) -> Data {
        var data = Data()
        func line(_ text: String) { data.append(Data((text + "\r\n").utf8)) }
        for (field, value) in values.sorted(by: { $0.key < $1.key }) {
            for file in files(in: value) {
                guard case .string(let name)? = file["name"] else { continue }
                line("--\(boundary)")
                line("Content-Disposition: form-data; name=\"\(field)\"; filename=\"\(name)\"")
                line("")
                data.append(bytes(of: file))
                line("")
            }
        }
        line("--\(boundary)--")
        return data
    }

    /// The named files a value describes (one object, or a list of them).
    static func files(in value: JSONValue?) -> [[String: JSONValue]] {
        let entries: [JSONValue]
        switch value {
        case .object?: entries = [value!]
        case .array(let list)?: entries = list
        default: entries = []
        }
        return entries.compactMap { entry in
            guard case .object(let file) = entry, case .string? = file["name"] else { return nil }
            return file
        }
    }

    static func bytes(of file: [String: JSONValue]) -> Data {
        var size = 3
        if case .number(let number)? = file["size"] { size = Int(number) }
        let start: [UInt8]
        switch file["type"] {
        case .string("image/png")?: start = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .string("image/jpeg")?: start = [0xFF, 0xD8, 0xFF]
        default: start = Array("abc".utf8)
        }
        return Data((start + Array(repeating: 0, count: max(0, size - start.count))).prefix(max(size, 1)))
    }

    /// Whether bytes can carry everything the metadata says: a numeric size, a type the server tells from bytes, no other member.
    static func bytesSayAsMuch(_ values: [String: JSONValue]) -> Bool {
        values.values.allSatisfy { value in
            let files: [JSONValue]
            if case .array(let list) = value { files = list } else { files = [value] }
            return files.allSatisfy { file in
                guard case .object(let members) = file, case .number? = members["size"],
                      case .string(let type)? = members["type"], ["image/png", "image/jpeg"].contains(type) else { return false }
                return Set(members.keys).isSubset(of: ["name", "size", "type"])
            }
        }
    }
}
