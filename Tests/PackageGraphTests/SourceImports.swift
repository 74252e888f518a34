/// The modules a Swift file imports: `import X`, with attributes (`@testable`, `@_spi(…)`), an
/// access level or a declaration kind (`import struct X.Y`) before the name.
enum SourceImports {
    static func modules(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").drop { $0.hasPrefix("@") }
            if let first = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(first) {
                words = words.dropFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            if words.count >= 2,
                ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words.first!)
            {
                words = words.dropFirst()
            }
            if let name = words.first?.split(separator: ".").first { modules.insert(String(name)) }
        }
        return modules
    }
}
