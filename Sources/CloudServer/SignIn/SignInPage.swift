/// The sign-in page's HTML: a user name and a password, posted back to `/signin` with the
/// callback in a hidden field. Everything it echoes (the callback, the name typed, a message) is
/// escaped; it loads nothing else (no script, no external style).
enum SignInPage {
    /// The form; `error` (already worded for people) shows above it.
    static func form(callback: String, userName: String = "", error: String? = nil) -> String {
        let message = error.map { "<p class=\"error\" role=\"alert\">\(escape($0))</p>\n" } ?? ""
        return page(
            title: "Sign in to trips",
            body: """
                <h1>Sign in to trips</h1>
                \(message)<form method="post" action="/signin">
                <input type="hidden" name="callback" value="\(escape(callback))">
                <label for="user">User name</label>
                <input id="user" name="user" autocomplete="username" required value="\(escape(userName))">
                <label for="password">Password</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required>
                <button type="submit">Sign in</button>
                </form>
                """)
    }

    /// A page that only says something (a refused callback, a malformed form).
    static func notice(_ title: String, _ text: String) -> String {
        page(title: title, body: "<h1>\(escape(title))</h1>\n<p class=\"error\">\(escape(text))</p>")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>body{font-family:sans-serif;max-width:22em;margin:3em auto}label,input,button{display:block;\
        width:100%;margin:.3em 0}.error{color:#a00}</style>
        </head><body>
        \(body)
        </body></html>

        """
    }

    /// HTML text and attribute escaping (`&`, `<`, `>`, `"`, `'`).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
