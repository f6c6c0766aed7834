import FormgenRuntime
import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// Signed-in flows without tokens in storage (#38 item 2): `credentials` on data sources and `submit`, `onSuccess.goTo`
/// (and its alias `redirect`), `requiresSession` and `logout`: read, checked, put in the spec and on the page.
@Suite struct SessionTests {
    static let account = """
    title: Your account
    requiresSession: {check: me, else: /login/}
    logout: {endpoint: /api/logout, goTo: /login/, label: {en: Sign out, ar: تسجيل الخروج}, credentials: include}
    dataSources:
      - {id: me, endpoint: /api/me, fields: [name], credentials: include}
      - {id: plain, endpoint: "https://api.example.org/x", fields: [email]}
    submit:
      action: /api/profile
      credentials: include
      onSuccess: {goTo: /home/}
    fields:
      - {id: name, label: Name, dataSource: me}
      - {id: email, label: Email, dataSource: plain}

    """

    @Test func theReadersKeepEverySetting() throws {
        let site = try TestSite(["configs/forms/account.yaml": Self.account])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        #expect(diagnostics == [])
        let form = try #require(loaded.allForms.first)
        #expect(form.requiresSession?.check == "me")
        #expect(form.requiresSession?.elseGoTo == "/login/")
        #expect(form.logout?.endpoint == "/api/logout")
        #expect(form.logout?.goTo == "/login/")
        #expect(form.logout?.credentials == .include)
        #expect(form.logout?.label(in: "ar") == "تسجيل الخروج")
        #expect(form.logout?.label(in: "en") == "Sign out")
        #expect(form.dataSources.map(\.credentials) == [.include, .sameOrigin])
        #expect(form.submission.credentials == .include)
        #expect(form.submission.redirect == "/home/")
    }

    @Test func theSpecCarriesTheSessionAndTheCredentialsAndNothingForTheDefault() throws {
        let site = try TestSite(["configs/forms/account.yaml": Self.account])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let form = try #require(site.load().site.allForms.first)
        let spec = FormSpec(form)
        let json = spec.json(scriptSafe: false)
        #expect(json.contains(#""session":{"check":{"credentials":"include","endpoint":"/api/me"},"else":"/login/","logout":{"credentials":"include","endpoint":"/api/logout","goTo":"/login/"}}"#))
        #expect(json.contains(#"{"credentials":"include","endpoint":"/api/me","fields":["name"],"id":"me"}"#))
        #expect(json.contains(#"{"endpoint":"https://api.example.org/x","fields":["email"],"id":"plain"}"#))
        #expect(json.contains(#""submit":{"action":"/api/profile","credentials":"include""#) && !json.contains(#""encoding""#), "a JSON post is the default")
        #expect(json.contains(#""redirect":"/home/""#))
        #expect(RuntimeScript.modules(for: spec).contains("session"))
        // Decoding what the page embeds gives the same spec back.
        #expect(try JSONDecoder().decode(FormSpec.self, from: Data(json.utf8)) == spec)
    }

    @Test func aPageWithNeitherHasNoSessionAndNoSessionModule() throws {
        let site = try TestSite(["configs/forms/plain.yaml": "title: P\nfields:\n  - {id: a, label: A}\n"])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let spec = FormSpec(try #require(site.load().site.allForms.first))
        #expect(spec.session == nil)
        #expect(!spec.json(scriptSafe: false).contains(#""session":"#))
        #expect(!RuntimeScript.modules(for: spec).contains("session"))
    }

    @Test func theSessionSpecIsMadeFromTheModelAlone() {
        let at = SourceLocation(file: "p.yaml", line: 1, column: 1)
        var source = DataSource(id: "me", type: "api", endpoint: "/api/me", fields: [], at: at)
        source.credentials = .include
        let logout = LogoutAction(endpoint: "/api/logout", goTo: "/login/", at: at)
        let policy = SessionPolicy(check: "me", elseGoTo: "/login/", at: at)
        #expect(SessionSpec(requiresSession: policy, logout: nil, dataSources: [source])
                == SessionSpec(check: .init(endpoint: "/api/me", credentials: "include"), else: "/login/"))
        #expect(SessionSpec(requiresSession: nil, logout: logout, dataSources: [])
                == SessionSpec(logout: .init(endpoint: "/api/logout", credentials: "same-origin", goTo: "/login/")))
        #expect(SessionSpec(requiresSession: nil, logout: nil, dataSources: [source]) == nil)
        #expect(policy.checksOneOf(["me", "transactions"]))
        #expect(!policy.checksOneOf(["mine"]))
        #expect(policy.unknownSourceMessage(among: []) == "requiresSession check 'me' is not a data source of this page (it has none: add one under 'dataSources')")
    }

    @Test func thePageHasARealLogoutFormAndItsPolicyAllowsTheEndpoint() throws {
        let pages = try ExampleSiteTests.build(["configs/forms/account.yaml": Self.account])
        let page = try #require(pages["account/index.html"])
        #expect(page.contains(#"<form class="fg-logout" method="post" action="/api/logout" data-fg-logout>"#
            + "\n" + #"<button type="submit" class="fg-button fg-button-secondary">Sign out</button>"#))
        #expect(page.contains("form-action &#39;self&#39;;"))
        #expect(page.contains("connect-src &#39;self&#39; https://api.example.org"))
        // The session module is joined: it reads `spec.session` and the texts it shows.
        #expect(page.contains("fg-session-check"))
        #expect(page.contains(#""checkingSession":"Checking that you are signed in…""#))
    }

    @Test func theReferencePageSaysWhatTheSessionSettingsDo() throws {
        let pages = try ExampleSiteTests.build(["configs/forms/account.yaml": Self.account])
        let reference = try #require(pages["account/reference/index.html"])
        for words in ["The page needs a session: on load it asks the data source <code>me</code>, and an answer of 401 or 403 sends the person to <code>/login/</code> (with JavaScript only).",
                      "Its Log out button posts to <code>/api/logout</code>, then goes to <code>/login/</code>.",
                      "The post is sent with <code>credentials: include</code>.",
                      "On success it goes to <code>/home/</code>.",
                      "<code>me</code> is asked with <code>credentials: include</code>."] {
            #expect(reference.contains(words), "\(words)")
        }
    }

    @Test func theLogoutButtonSaysLogOutInThePagesLanguageByDefault() throws {
        let pages = try ExampleSiteTests.build([
            "configs/forms/out.yaml": "title: Konto\nlang: de\nlogout: {endpoint: \"https://auth.example.org/logout\", goTo: /}\nfields:\n  - {id: a, label: A}\n",
        ])
        let page = try #require(pages["out/index.html"])
        #expect(page.contains(#"class="fg-button fg-button-secondary">Abmelden</button>"#))
        #expect(page.contains("form-action &#39;self&#39; https://auth.example.org"))
    }

    @Test func theLoginExampleGoesOnWithOnSuccess() throws {
        let login = try #require(ExampleSite.form("login"))
        #expect(login.submission.redirect == "/home/")
        #expect(login.submission.credentials == .sameOrigin)
    }

    @Test func redirectStaysAnAliasOfOnSuccess() throws {
        let site = try TestSite(["configs/forms/f.yaml": "title: T\nsubmit: {action: /a, redirect: /thanks/}\nfields:\n  - {id: a, label: A}\n"])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (loaded, diagnostics) = site.load()
        #expect(diagnostics == [])
        #expect(loaded.allForms.first?.submission.redirect == "/thanks/")
    }
}
