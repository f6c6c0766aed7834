import FormgenCollect
import FormgenCore
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

    /// Posts every vector to a service over `store`; checks the answers and the stored rows.
    static func postEveryVector(to store: any SubmissionStore) async throws {
        let vectors = try SharedVector.all()
        #expect(vectors.count > 100)
        var options = CollectOptions(site: "unused", database: "")
        options.rateBurst = 100_000
        var expectedRows: [String] = []
        for vector in vectors {
            let validate = FormValidator(spec: vector.spec, now: vector.now).validate(vector.values)
            #expect(validate.messages == vector.errors, "\(vector.name): formgen validate disagrees with the vector")
            let service = CollectService(forms: SiteForms(specs: ["vector": vector.spec]), store: store, now: { vector.now })
            let router = CollectRouter(service: service, options: options, logger: CollectSite.quietLogger).makeRouter()
            let body = JSONValue.object(vector.values).jsonText()
            try await Application(router: router).test(.router) { client in
                try await client.execute(uri: "/submit/vector", method: .post, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: body)) { response in
                    if vector.errors.isEmpty {
                        #expect(response.status == .ok, "\(vector.name)")
                    } else {
                        #expect(response.status == .unprocessableContent, "\(vector.name)")
                        let answer = try JSONDecoder().decode([String: [String: String]].self, from: Data(buffer: response.body))
                        #expect(answer["errors"] == validate.messages, "\(vector.name)")
                    }
                }
            }
            if validate.isValid { expectedRows.append(JSONValue.object(vector.data ?? validate.data).jsonText()) }
        }
        let stored = try await store.submissions(form: "vector", since: nil).map(\.data)
        #expect(stored == expectedRows)
    }
}
