import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Mock endpoints with cookies (`setCookie`, `clearCookie`, `when: {cookie: …}`): the signed-in flow of seed 001 in
/// the preview, through the server's router as a browser reaches it.
@Suite struct MockCookieTests {
    static let mocks = MockCaseTests.mocks

    @Test func theExampleProfileAndTransactionsAnswerOnlyWithTheSessionCookie() throws {
        for path in ["/api/me", "/api/transactions"] {
            #expect(Self.mocks.answer(path: path)?.status == 401, "\(path) without a cookie")
            #expect(Self.mocks.answer(path: path, cookies: ["fg_session": "forged"])?.status == 401, "\(path) with another value")
            let signedIn = try #require(Self.mocks.answer(path: path, cookies: ["fg_session": "mock-session"]))
            #expect(signedIn.status == 200, "\(path)")
            #expect(signedIn.cookies == [])
        }
        let me = try #require(Self.mocks.answer(path: "/api/me", cookies: ["fg_session": "mock-session"]))
        #expect(me.body.contains(#""name":"Rina Wijaya""#))
        let list = try #require(Self.mocks.answer(path: "/api/transactions", cookies: ["fg_session": "mock-session"]))
        guard case .array(let items)? = try? JSONValue.decode(Data(list.body.utf8)) else {
            Issue.record("the transactions are not a list: \(list.body)")
            return
        }
        let days = Set(items.compactMap { item -> String? in if case .object(let o) = item, case .string(let d)? = o["date"] { return d } else { return nil } })
        #expect(days.count >= 3)
        #expect(list.body.contains("-4.5") && list.body.contains("2500"))
    }

    @Test func theExampleLogoutClearsTheCookie() throws {
        let answer = try #require(Self.mocks.answer(path: "/api/logout", sent: [:], cookies: ["fg_session": "mock-session"]))
        #expect(answer.status == 200)
        #expect(answer.cookies == ["fg_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"])
    }

    @Test func theRouterSetsSendsAndClearsTheCookie() async throws {
        let site = try TestSite.make()
        defer { site.remove() }
        try """
        endpoints:
          /api/login:
            body: {ok: true}
            setCookie: [{name: sid, value: s1}, {name: theme, value: dark, httpOnly: false, sameSite: lax, path: /app, maxAge: 60}]
            cases:
              - when: {password: wrong}
                status: 401
                body: {message: denied}
          /api/me:
            status: 401
            cases:
              - when: {cookie: {sid: s1}}
                status: 200
                body: {name: Ann}
          /api/logout:
            body: {}
            clearCookie: [sid]
        """.write(to: site.mocks.appendingPathComponent("mocks.yaml"), atomically: true, encoding: .utf8)
        try await site.withClient { client in
            let json: HTTPFields = [.contentType: "application/json"]
            try await client.execute(uri: "/api/login", method: .post, headers: json, body: ByteBuffer(string: #"{"password": "wrong"}"#)) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[values: .setCookie] == [])
            }
            try await client.execute(uri: "/api/login", method: .post, headers: json, body: ByteBuffer(string: #"{"password": "right"}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[values: .setCookie] == ["sid=s1; Path=/; HttpOnly; SameSite=Strict",
                                                                 "theme=dark; Path=/app; Max-Age=60; SameSite=Lax"])
            }
            try await client.execute(uri: "/api/me", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/api/me", method: .get, headers: [.cookie: "theme=dark; sid=s1"]) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"name":"Ann"}"#)
            }
            try await client.execute(uri: "/api/logout", method: .post, headers: [.cookie: "sid=s1"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[values: .setCookie] == ["sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"])
            }
            try await client.execute(uri: "/api/me?mock-status=503", method: .get, headers: [.cookie: "sid=s1"]) { response in
                #expect(response.status == .serviceUnavailable)
            }
        }
    }

    @Test func aCookieHeaderIsReadByName() {
        #expect(MockCookie.parse("a=1; b=two ;c=; a=3; junk") == ["a": "1", "b": "two", "c": ""])
    }

    @Test func cookieMistakesAreLocated() {
        let text = """
        endpoints:
          /api/x:
            setCookie: {name: "bad name", value: v}
            clearCookie: [ok, "no;pe"]
            cases:
              - when: {cookie: {sid: [1]}}
                setCookie: {name: s, value: "a b", sameSite: sometimes, colour: red}
              - when: {cookie: {sid: s1}}
                setCookie: 5
        """
        let (config, diagnostics) = MockConfigReader.parse(text, file: "mocks.yaml")
        #expect(diagnostics.map(\.description) == [
            "mocks.yaml:3:23: error: a cookie needs a 'name' of letters, digits and !#$%&'*+-.^_`|~",
            "mocks.yaml:4:18: error: 'clearCookie' names a cookie: letters, digits and !#$%&'*+-.^_`|~, not 'no;pe'",
            "mocks.yaml:6:30: error: 'when: {cookie: …}' maps cookie names to the values that choose this case",
            "mocks.yaml:7:37: error: cookie 's' has a value with a space, a quote, a comma, a semicolon or a backslash",
            "mocks.yaml:7:65: warning: unknown key 'colour' in setCookie",
            "mocks.yaml:9:20: error: 'setCookie' must be a mapping like {name: session, value: abc} (or a list of them), not '5'",
        ])
        #expect(config.endpoints["/api/x"]?.clearCookies == ["ok"])
        #expect(config.endpoints["/api/x"]?.cases.last?.cookies == ["sid": "s1"])
    }
}
