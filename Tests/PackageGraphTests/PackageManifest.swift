import Foundation

/// The targets `Package.swift` declares and their `dependencies:`, read from its text: the tests
/// compare them with the imports and with ARCHITECTURE.md's diagram without running SwiftPM.
/// It reads what this manifest writes (string dependencies, `path:` when not the default).
struct PackageManifest {
    enum Kind: String {
        case target, executableTarget, testTarget, systemLibrary
    }

    struct Target {
        var name: String
        var kind: Kind
        var dependencies: [String]
        /// The sources' folder, relative to the package.
        var path: String
        /// The name an `import` uses (`trips-cloud` → `trips_cloud`).
        var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    var targets: [Target]

    /// The repository this file is in.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func load() throws -> PackageManifest {
        try PackageManifest(text: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    init(text: String) {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
        var targets: [Target] = []
        for kind in [Kind.target, .executableTarget, .testTarget, .systemLibrary] {
            var rest = code[...]
            while let open = rest.range(of: ".\(kind.rawValue)(") {
                let arguments = Self.balanced(rest[open.upperBound...])
                rest = rest[open.upperBound...]
                guard let name = Self.strings(after: "name:", in: arguments).first else { continue }
                let dependencies = Self.list(after: "dependencies:", in: arguments)
                let folder = kind == .testTarget ? "Tests" : "Sources"
                let path = Self.strings(after: "path:", in: arguments).first ?? "\(folder)/\(name)"
                targets.append(Target(name: name, kind: kind, dependencies: dependencies, path: path))
            }
        }
        self.targets = targets
    }

    subscript(name: String) -> Target? { targets.first { $0.name == name } }

    /// The text up to the parenthesis that closes the one before `text`.
    private static func balanced(_ text: Substring) -> Substring {
        var depth = 1
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return text[..<index] }
            default: break
            }
        }
        return text
    }

    /// The string literals of the `[…]` after `label`.
    private static func list(after label: String, in text: Substring) -> [String] {
        guard let start = text.range(of: label), let close = text[start.upperBound...].firstIndex(of: "]") else {
            return []
        }
        return literals(in: text[start.upperBound..<close])
    }

    /// The first string literal after `label`.
    private static func strings(after label: String, in text: Substring) -> [String] {
        guard let start = text.range(of: label) else { return [] }
        return Array(literals(in: text[start.upperBound...]).prefix(1))
    }

    private static func literals(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
