import CloudKitWeb
import Foundation
import HTTPServer
import Testing

@testable import CloudServer

/// The sign-in page CloudKit's `AUTHENTICATION_REQUIRED` points at: the 421 body names it, the
/// form posts a name and password (checked against a salted slow hash), and only a right pair
/// redirects — and only to a loopback callback.
@Suite struct SignInPageTests {
    static let callback = "http://127.0.0.1:4567/callback?state=abc"

    /// A service over a store in memory with user `ana` (password `pa ss+wörd&=`, hashed cheaply:
    /// the work factor is the hash's own, so verifying it is quick too).
    func service(clock: ManualClock = ManualClock()) throws -> CloudService {
        let store = try CloudStore()
        try store.setPassword(
            try #require(PasswordHash(password: "pa ss+wörd&=", iterations: 1000)), ofUser: "ana", nowMs: 1)
        return CloudService(store: store, settings: .init(apiToken: "api", adminToken: "admin"), clock: clock.read)
    }

    /// The service's clock, moved by the test.
    final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var ms: Int64 = 1_800_000_000_000
        var read: @Sendable () -> Int64 { { [self] in lock.withLock { ms } } }
        func advance(_ by: Int64) { lock.withLock { ms += by } }
    }

    func post(_ service: CloudService, _ body: String) -> ServerResponse {
        service.handle(
            ServerRequest(
                method: "POST", path: "/signin",
                headers: ["content-type": "application/x-www-form-urlencoded; charset=UTF-8"], body: Data(body.utf8)))
    }

    func form(user: String, password: String, callback: String = SignInPageTests.callback) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func encode(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(of: "%20", with: "+")
        }
        return "callback=\(encode(callback))&user=\(encode(user))&password=\(encode(password))"
    }

    func location(_ response: ServerResponse) -> String? {
        response.headers.first { $0.name == "Location" }?.value
    }

    func text(_ response: ServerResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func usersCurrentWithoutATokenIs421WithTheSignInPage() throws {
        let service = try service()
        let response = service.handle(
            ServerRequest(
                method: "GET", path: "/database/1/iCloud.trips.local/development/public/users/current",
                query: ["ckAPIToken": "api"]))
        #expect(response.status == 421)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(Set(body.keys) == ["uuid", "serverErrorCode", "reason", "redirectURL"])
        #expect(body["serverErrorCode"] as? String == "AUTHENTICATION_REQUIRED")
        #expect(body["redirectURL"] as? String == "http://127.0.0.1/signin")
    }

    @Test func theFormIsServedForALoopbackCallbackAndEscapesIt() throws {
        for callback in [Self.callback, "http://[::1]:80/cb", "http://LOCALHOST:9/x?a='&b=1"] {
            let response = try service().handle(
                ServerRequest(method: "GET", path: "/signin", query: ["callback": callback]))
            #expect(response.status == 200, "\(callback)")
            #expect(response.contentType.hasPrefix("text/html"))
            #expect(text(response).contains("<form method=\"post\" action=\"/signin\">"))
            #expect(text(response).contains("type=\"password\""))
        }
        let quoted = try service().handle(
            ServerRequest(method: "GET", path: "/signin", query: ["callback": "http://LOCALHOST:9/x?a='&b=1"]))
        #expect(text(quoted).contains("value=\"http://LOCALHOST:9/x?a=&#39;&amp;b=1\""))
        let raw = try service().handle(
            ServerRequest(method: "GET", path: "/signin", query: ["callback": "http://localhost:9/\"><script>"]))
        #expect(raw.status == 400)
        #expect(!text(raw).contains("<script>") && text(raw).contains("&quot;&gt;&lt;script&gt;"))
    }

    @Test(arguments: [
        "https://127.0.0.1:4567/callback", "http://evil.example:4567/callback", "http://127.0.0.1/callback",
        "http://127.0.0.1.evil.example:80/", "http://user@127.0.0.1:4567/", "javascript:alert(1)",
        "http://127.0.0.1:4567/cb\r\nSet-Cookie: x=1", "//127.0.0.1:4567/", "",
    ])
    func aCallbackOffThisMachineIsRefused(callback: String) throws {
        let service = try service()
        let page = service.handle(ServerRequest(method: "GET", path: "/signin", query: ["callback": callback]))
        #expect(page.status == 400)
        #expect(!text(page).contains("<form"))
        let signIn = post(service, form(user: "ana", password: "pa ss+wörd&=", callback: callback))
        #expect(signIn.status == 400)
        #expect(location(signIn) == nil)
    }

    @Test func theRightPasswordRedirectsToTheCallbackWithATokenTheCloudKnows() throws {
        let service = try service()
        let response = post(service, form(user: "ana", password: "pa ss+wörd&="))
        #expect(response.status == 303, "\(text(response))")
        let target = try #require(location(response))
        #expect(target.hasPrefix(Self.callback + "&ckWebAuthToken="))
        let token = String(target.dropFirst((Self.callback + "&ckWebAuthToken=").count))
        let user = service.handle(
            ServerRequest(
                method: "GET", path: "/database/1/iCloud.trips.local/development/public/users/current",
                query: ["ckAPIToken": "api", "ckWebAuthToken": token]))
        #expect(user.status == 200, "\(text(user))")
    }

    @Test func aWrongPasswordShowsTheFormWithAnErrorAndDoesNotRedirect() throws {
        let service = try service()
        for (user, password) in [
            ("ana", "pa ss wörd&="), ("ana", "pa+ss+wörd&="), ("bob", "pa ss+wörd&="), ("ana", ""),
            ("<b>ana</b>", "x"),
        ] {
            let response = post(service, form(user: user, password: password))
            #expect(response.status == 401, "\(user)/\(password)")
            #expect(location(response) == nil)
            #expect(text(response).contains("That user name and password do not match."))
            #expect(text(response).contains("<form"))
            #expect(!text(response).contains("<b>ana</b>"))
        }
        #expect(text(post(service, form(user: "<b>ana</b>", password: "x"))).contains("&lt;b&gt;ana&lt;/b&gt;"))
    }

    @Test func aBodyThatIsNotAWebFormIsRefused() throws {
        let service = try service()
        #expect(post(service, "callback=%zz&user=ana").status == 400)
        let json = service.handle(
            ServerRequest(
                method: "POST", path: "/signin", headers: ["content-type": "application/json"],
                body: Data(form(user: "ana", password: "pa ss+wörd&=").utf8)))
        #expect(json.status == 400)
        #expect(location(json) == nil)
    }

    @Test func formFieldsArePercentDecodedWithPlusAsSpace() throws {
        let form = try #require(FormBody(Data("a=1+2%2B3&b=%C3%A9t%C3%A9&c&a=later&d=x%3Dy%26z".utf8)))
        #expect(form["a"] == "1 2+3")
        #expect(form["b"] == "été")
        #expect(form["c"] == "")
        #expect(form["d"] == "x=y&z")
        #expect(FormBody(Data("a=%E9".utf8)) == nil, "not UTF-8 once decoded")
        #expect(FormBody(Data("a=%4".utf8)) == nil)
        #expect(FormBody.isFormEncoded("Application/X-WWW-Form-Urlencoded;charset=utf-8"))
        #expect(!FormBody.isFormEncoded("multipart/form-data; boundary=x"))
        #expect(!FormBody.isFormEncoded(""))
    }

    @Test func aPasswordHashVerifiesOnlyItsPasswordAndIsSalted() throws {
        let one = try #require(PasswordHash(password: "correct horse", iterations: 2000))
        let two = try #require(PasswordHash(password: "correct horse", iterations: 2000))
        #expect(one.verify("correct horse"))
        #expect(!one.verify("correct horsf"))
        #expect(!one.verify(""))
        #expect(one.salt != two.salt && one.hash != two.hash, "the same password hashes differently each time")
        #expect(!one.stored.contains("correct"))
        let read = try #require(PasswordHash(stored: one.stored))
        #expect(read == one && read.verify("correct horse"))
        #expect(PasswordHash(stored: "sha256:abc") == nil)
        // RFC 7914 §11's PBKDF2-HMAC-SHA256 vector ("passwd", "salt", c = 1), first 32 bytes.
        let vector = try #require(
            PasswordHash(stored: "pbkdf2-sha256$1$c2FsdA==$VawEblbjCJ/sFpHCJUS2BflBhSFt3gRl5oudV8INrLw="))
        #expect(vector.verify("passwd"))
    }

    @Test func theStoreKeepsOnlyTheHash() throws {
        let store = try CloudStore()
        try store.setPassword("s3cret-pass", ofUser: "cy", nowMs: 1)
        let stored = try #require(try store.passwordHash(ofUser: "cy"))
        #expect(stored.iterations == PasswordHash.defaultIterations)
        #expect(!stored.stored.contains("s3cret"))
        let rows = try store.db.rows("SELECT hash FROM user_passwords") { $0.string(0) }
        #expect(rows.count == 1 && !rows[0].contains("s3cret"))
        #expect(try store.passwordHash(ofUser: "nobody") == nil)
    }

    @Test func fiveWrongPasswordsHoldTheNameForFiveMinutes() throws {
        let clock = ManualClock()
        let service = try service(clock: clock)
        for _ in 0..<5 { #expect(post(service, form(user: "ana", password: "guess")).status == 401) }
        let held = post(service, form(user: "ana", password: "pa ss+wörd&="))
        #expect(held.status == 429, "the right password is not even checked now")
        #expect(location(held) == nil)
        #expect(text(held).contains("Too many wrong passwords for this user; try again in 5 minutes."))
        #expect(held.headers.contains { $0.name == "Retry-After" && $0.value == "300" })
        #expect(post(service, form(user: "bob", password: "guess")).status == 401, "other names are not held")
        clock.advance(299_000)
        #expect(post(service, form(user: "ana", password: "pa ss+wörd&=")).status == 429)
        clock.advance(1_000)
        #expect(post(service, form(user: "ana", password: "pa ss+wörd&=")).status == 303)
        // A success clears the count: four more wrong ones do not hold the name.
        for _ in 0..<4 { #expect(post(service, form(user: "ana", password: "guess")).status == 401) }
        #expect(post(service, form(user: "ana", password: "pa ss+wörd&=")).status == 303)
    }
}
