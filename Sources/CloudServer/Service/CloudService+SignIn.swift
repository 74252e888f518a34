import Foundation
import HTTPServer

/// The sign-in page `AUTHENTICATION_REQUIRED`'s `redirectURL` names (`/signin`): CloudKit's web
/// sign-in, for a development server. `GET /signin?callback=URL` shows the form; `POST /signin`
/// checks the name and password and answers 303 to the callback with `ckWebAuthToken` (a new
/// token of that user, as `user add` issues); a wrong name or password shows the form again with
/// an error (401), and nothing redirects; after 5 wrong ones for a name in 5 minutes it is not
/// checked until they have passed (429, `SignInThrottle`).
extension CloudService {
    /// A name or password the form sends that is longer than this is refused unread.
    static let maximumFieldBytes = 1024

    func signIn(_ request: ServerRequest) -> ServerResponse {
        switch request.method {
        case "GET":
            do {
                let callback = try SignInCallback(request.query["callback"])
                return CloudService.html(200, SignInPage.form(callback: callback.url))
            } catch {
                return CloudService.html(400, SignInPage.notice("Cannot sign in here", error.description))
            }
        case "POST":
            return signInPost(request)
        default:
            var response = CloudService.html(405, SignInPage.notice("Cannot sign in here", "Use GET or POST."))
            response.headers.append((name: "Allow", value: "GET, POST"))
            return response
        }
    }

    private func signInPost(_ request: ServerRequest) -> ServerResponse {
        guard FormBody.isFormEncoded(request.headers["content-type"]), let form = FormBody(request.body) else {
            return CloudService.html(
                400, SignInPage.notice("Cannot sign in here", "The form did not arrive as a web form."))
        }
        let callback: SignInCallback
        do {
            callback = try SignInCallback(form["callback"])
        } catch {
            return CloudService.html(400, SignInPage.notice("Cannot sign in here", error.description))
        }
        let name = (form["user"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        guard name.utf8.count <= CloudService.maximumFieldBytes,
            password.utf8.count <= PasswordHash.maximumPasswordBytes
        else {
            return CloudService.html(
                400, SignInPage.form(callback: callback.url, error: "The user name or password is too long."))
        }
        let refused = CloudService.html(
            401,
            SignInPage.form(
                callback: callback.url, userName: name, error: "That user name and password do not match."))
        guard !name.isEmpty, !password.isEmpty else { return refused }
        if let waitMs = signInThrottle.waitMs(for: name, nowMs: wallClockMs) {
            let minutes = (waitMs + 59_999) / 60_000
            var response = CloudService.html(
                429,
                SignInPage.form(
                    callback: callback.url, userName: name,
                    error:
                        "Too many wrong passwords for this user; try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
                ))
            response.headers.append((name: "Retry-After", value: String((waitMs + 999) / 1000)))
            return response
        }
        do {
            // The slow hash runs outside the store's lock; an unknown name costs the same work,
            // so the answer's timing does not tell which names exist.
            let stored = try withStore { try $0.passwordHash(ofUser: name) }
            guard (stored ?? CloudService.decoyHash).verify(password), stored != nil,
                let token = try withStore({ try $0.issueToken(forUser: name, nowMs: wallClockMs) })
            else {
                signInThrottle.failed(name, nowMs: wallClockMs)
                return refused
            }
            signInThrottle.succeeded(name)
            var response = ServerResponse(status: 303, contentType: "text/plain; charset=utf-8", body: Data())
            response.headers.append((name: "Location", value: callback.redirect(token: token)))
            response.headers.append((name: "Cache-Control", value: "no-store"))
            return response
        } catch {
            FileHandle.standardError.write(Data("sign-in failed: \(error)\n".utf8))
            return CloudService.html(
                500, SignInPage.form(callback: callback.url, userName: name, error: "The server failed; try again."))
        }
    }

    /// Verified against when the name has no password: as slow as a real one, matches nothing.
    static let decoyHash = PasswordHash(
        stored: "pbkdf2-sha256$\(PasswordHash.defaultIterations)$AAAAAAAAAAAAAAAAAAAAAA==$"
            + Data(repeating: 0, count: 32).base64EncodedString())!

    /// An HTML answer that is never cached, framed or allowed to load anything.
    static func html(_ status: Int, _ text: String) -> ServerResponse {
        var response = ServerResponse(status: status, contentType: "text/html; charset=utf-8", body: Data(text.utf8))
        response.headers = [
            (name: "Cache-Control", value: "no-store"),
            (
                name: "Content-Security-Policy",
                value: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
            ),
            (name: "X-Content-Type-Options", value: "nosniff"),
            (name: "Referrer-Policy", value: "no-referrer"),
        ]
        return response
    }
}
