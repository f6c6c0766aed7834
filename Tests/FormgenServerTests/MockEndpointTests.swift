import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `configs/mocks/` answering data-source endpoints while previewing.
@Suite struct MockEndpointTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theExampleSiteAnswersTheDutchProfileAfterHalfASecond() throws {
        let mocks = MockEndpoints(directory: Self.repository.appendingPathComponent("configs/mocks").path)
        let answer = try #require(mocks.answer(path: "/api/nl-user-profile"))
        #expect(answer.status == 200)
        #expect(answer.delay == 500)
        #expect(answer.contentType == "application/json")
        let profile = try JSONDecoder().decode([String: String].self, from: Data(answer.body.utf8))
        #expect(profile == ["first_name": "Jan", "last_name": "van der Berg", "birth_date": "1985-03-15"])
    }

    @Test func aMockFileAnswersItsPathWithOrWithoutTheExtension() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            for path in ["/api/profile", "/api/profile.json"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json")
                    #expect(response.text == #"{"first_name":"Jan"}"#)
                }
            }
            try await client.execute(uri: "/api/nobody", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aRequestCanAskForAFailureByQueryOrHeader() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            try await client.execute(uri: "/api/profile?mock-status=503", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.text.contains(#""error""#))
            }
            let header = try #require(HTTPFields.Element.Name("X-Formgen-Mock-Status"))
            try await client.execute(uri: "/api/profile", method: .get, headers: [header: "500"]) { response in
                #expect(response.status == .internalServerError)
            }
        }
    }

    @Test func statusesOutside200To599AreRefusedAndBodilessStatusesHaveNoBody() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try await site.withClient { client in
            for status in ["0", "-1", "99", "100", "101", "199", "600"] {
                try await client.execute(uri: "/api/profile?mock-status=\(status)", method: .get) { response in
                    #expect(response.status == .badRequest, "\(status)")
                    #expect(response.text == "mock-status must be between 200 and 599, not \(Int(status)!)\n")
                }
            }
            for status in [204, 304] {
                try await client.execute(uri: "/api/profile?mock-status=\(status)", method: .get) { response in
                    #expect(response.status.code == status)
                    #expect(response.body.readableBytes == 0, "\(status)")
                }
            }
        }
    }

    @Test func mocksYamlSetsStatusDelayFirstFailuresAndInlineBodies() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/mocks/api/flaky.json", #"{"ok":true}"#)
        try site.write("configs/mocks/mocks.yaml", """
        delay: 0
        endpoints:
          /api/flaky:
            failFirst: 2
          /api/down:
            status: 502
          /api/countries:
            body:
              - { code: NL, name: Nederland }
              - { code: BE, name: België }
          /api/slow:
            delay: 200
            body: { done: true }

        """)
        try await site.withClient { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 { statuses.append(try await client.execute(uri: "/api/flaky", method: .get).status) }
            #expect(statuses == [.serviceUnavailable, .serviceUnavailable, .ok])
            #expect(try await client.execute(uri: "/api/down", method: .get).status == .badGateway)
            try await client.execute(uri: "/api/countries", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"[{"code":"NL","name":"Nederland"},{"code":"BE","name":"België"}]"#)
            }
            let start = ContinuousClock.now
            let slow = try await client.execute(uri: "/api/slow", method: .get)
            #expect(ContinuousClock.now - start >= .milliseconds(200))
            #expect(slow.text == #"{"done":true}"#)
            try await client.execute(uri: "/api/slow?mock-delay=0", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func mistakesInMocksYamlAreLocatedAndAnswered() async throws {
        let (_, diagnostics) = MockConfigReader.parse("""
        delay: soon
        endpoints:
          /api/profile:
            stauts: 503
          api/no-slash:
            delay: 1
        colour: red
        cases:
          - {when: {password: x}, stauts: 401}
          - {status: 200}

        """, file: "configs/mocks/mocks.yaml")
        #expect(diagnostics.map(\.description) == [
            "configs/mocks/mocks.yaml:1:8: error: 'delay' must be a whole number from 0 to 60000",
            "configs/mocks/mocks.yaml:4:5: warning: unknown key 'stauts' in the settings of '/api/profile' (did you mean 'status'?)",
            "configs/mocks/mocks.yaml:5:3: error: an endpoint is a request path starting with '/'",
            "configs/mocks/mocks.yaml:7:1: warning: unknown key 'colour' in mocks.yaml",
            "configs/mocks/mocks.yaml:9:27: warning: unknown key 'stauts' in a mock case (did you mean 'status'?)",
            "configs/mocks/mocks.yaml:10:5: error: a case needs 'when'",
        ])

        let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + (1...9).map { level in
            let (name, previous) = (String(UnicodeScalar(UInt8(97 + level))), String(UnicodeScalar(UInt8(96 + level))))
            return "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }.joined() + "body: *j\n"
        let (_, refused) = MockConfigReader.parse(bomb, file: "configs/mocks/mocks.yaml")
        #expect(refused.map(\.description).contains { $0.contains("error: aliases repeat more than 100000 values") }, "\(refused)")

        let site = try TestSite.make()
        defer { site.remove() }
        try site.write("configs/mocks/mocks.yaml", "delay: soon\n")
        try await site.withClient { client in
            try await client.execute(uri: "/api/profile", method: .get) { response in
                #expect(response.status == .internalServerError)
                #expect(response.text.contains("mocks.yaml:1:8: error: 'delay' must be a whole number"))
            }
        }
    }
}

/// Mock endpoints that answer by what the request sends (`cases:`), as the login and register examples use.
@Suite struct MockCaseTests {
    static let mocks = MockEndpoints(directory: MockEndpointTests.repository.appendingPathComponent("configs/mocks").path)

    @Test func theLoginMockRefusesOnlyTheWrongPassword() throws {
        let refused = try #require(Self.mocks.answer(path: "/api/login", sent: ["email": "ann@example.org", "password": "wrong-password"]))
        #expect(refused.status == 401)
        #expect(refused.body == #"{"message":"invalid login credential"}"#)
        let accepted = try #require(Self.mocks.answer(path: "/api/login", sent: ["email": "ann@example.org", "password": "secret"]))
        #expect(accepted.status == 200)
        #expect(accepted.body == #"{"signedIn":true}"#)
        #expect(accepted.cookies == ["fg_session=mock-session; Path=/; HttpOnly; SameSite=Strict"])
        #expect(refused.cookies == [])
    }

    @Test func theRegisterMockKnowsOneTakenEmail() throws {
        #expect(Self.mocks.answer(path: "/api/register", sent: ["email": "taken@example.com"])?.status == 409)
        #expect(Self.mocks.answer(path: "/api/register", sent: ["email": "new@example.com"])?.status == 201)
    }

    @Test func aCaseIsChosenByAJSONOrAFormEncodedBody() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try """
        endpoints:
          /api/login:
            body: {token: t}
            cases:
              - when: {password: wrong, remember: true, attempts: 3}
                status: 401
                body: {message: denied}
        """.write(to: site.mocks.appendingPathComponent("mocks.yaml"), atomically: true, encoding: .utf8)
        try await site.withClient { client in
            let json = ByteBuffer(string: #"{"password": "wrong", "remember": true, "attempts": 3}"#)
            try await client.execute(uri: "/api/login", method: .post, headers: [.contentType: "application/json"], body: json) { response in
                #expect(response.status == .unauthorized)
                #expect(response.text == #"{"message":"denied"}"#)
            }
            let form = ByteBuffer(string: "password=wrong&remember=true&attempts=3")
            try await client.execute(uri: "/api/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: form) { response in
                #expect(response.status == .unauthorized)
            }
            let other = ByteBuffer(string: #"{"password": "right"}"#)
            try await client.execute(uri: "/api/login", method: .post, headers: [.contentType: "application/json"], body: other) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"token":"t"}"#)
            }
        }
    }

    @Test func aCaseWithoutWhenIsALocatedError() {
        let (_, diagnostics) = MockConfigReader.parse("endpoints:\n  /api/x:\n    cases:\n      - status: 401\n", file: "mocks.yaml")
        #expect(diagnostics.map(\.description) == ["mocks.yaml:4:9: error: a case needs 'when'"])
    }
}
