/// File paths as text, the way `NSString`'s path methods treat them (without Foundation):
/// `"/a/b"` → last component `"b"`, parent `"/a"`; `"/a"` + `"b"` → `"/a/b"`. Here because the
/// store's own files (`StoreLocation`, `StoreFiles`, `ConfigFile`) are its first users; the CLI
/// above it uses it for the files it writes and the `trips-sync` beside it.
public enum PathText {
    /// `path` and `component` joined by one slash (`component` alone when `path` is empty).
    public static func appending(_ path: String, _ component: String) -> String {
        let base = withoutTrailingSlashes(path)
        if base.isEmpty { return path.hasPrefix("/") ? "/" + component : component }
        if base == "/" { return "/" + component }
        return base + "/" + component
    }

    /// The folder part of `path`: `"/a/b"` → `"/a"`, `"/a"` → `"/"`, `"a"` → `""`.
    public static func deletingLastComponent(_ path: String) -> String {
        let base = withoutTrailingSlashes(path)
        guard let slash = base.lastIndex(of: "/") else { return "" }
        if slash == base.startIndex { return "/" }
        return withoutTrailingSlashes(String(base[..<slash]))
    }

    /// The last component: `"/a/b.txt"` → `"b.txt"`.
    public static func lastComponent(_ path: String) -> String {
        let base = withoutTrailingSlashes(path)
        if base == "/" { return base }
        guard let slash = base.lastIndex(of: "/") else { return base }
        return String(base[base.index(after: slash)...])
    }

    /// The extension of the last component without its dot (`"ics"`), `""` when it has none.
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` made absolute against `directory` when relative, without `.`, `..` and empty
    /// components (`URL(fileURLWithPath:).standardizedFileURL.path`, symbolic links kept).
    public static func standardized(_ path: String, in directory: String) -> String {
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `~` and `~/…` under `home`; other paths unchanged.
    public static func expandingTilde(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return appending(home, String(path.dropFirst(2))) }
        return path
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.last == "/" { text.removeLast() }
        return String(text)
    }
}
