import Foundation
import Testing

/// `make test` builds with SwiftPM's import check; these build a tiny package (B imports A) with
/// the Makefile's own flag to show what it refuses and what it lets through.
@Suite(.serialized) struct ImportCheckFlagTests {
    static let flag = "--explicit-target-dependency-import-check"

    /// The flag and its value as `make test`'s build line (`BUILD_TESTS`) writes them.
    static func makefileCheck() throws -> [String] {
        let makefile = try String(
            contentsOf: PackageManifest.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let recipe =
            makefile.components(separatedBy: "\ntest:").dropFirst().first?
            .split(separator: "\n").dropFirst().prefix { $0.hasPrefix("\t") } ?? []
        // The recipe builds with `$(BUILD_TESTS)` (shared with `test-long`), defined once above it.
        #expect(recipe.contains { $0.trimmingCharacters(in: .whitespaces) == "$(BUILD_TESTS)" })
        let build = try #require(
            makefile.split(separator: "\n").first { $0.hasPrefix("BUILD_TESTS :=") && $0.contains(" build ") },
            "the Makefile defines no BUILD_TESTS build line")
        let words = build.split(separator: " ").map(String.init)
        let at = try #require(words.firstIndex(of: flag), "make test's build line lacks \(flag): \(build)")
        return Array(words[at...].prefix(2))
    }

    /// A package whose B imports A, with B's `dependencies` as given; C depends on A.
    static func fixture(in directory: URL, declaring dependencies: String) throws {
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "ImportCheckFixture",
                targets: [
                    .target(name: "A"),
                    .target(name: "C", dependencies: ["A"]),
                    .target(name: "B", dependencies: [\(dependencies)]),
                ]
            )
            """
        let files = [
            "Package.swift": manifest,
            "Sources/A/A.swift": "public func a() -> Int { 1 }\n",
            "Sources/C/C.swift": "import A\n\npublic func c() -> Int { a() }\n",
            "Sources/B/B.swift": "import A\n\npublic func b() -> Int { a() + 1 }\n",
        ]
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func makeTestBuildsWithTheImportCheckAsAnError() throws {
        #expect(try Self.makefileCheck() == [Self.flag, "error"])
    }

    @Test func theFlagRefusesAnUndeclaredImportAndAcceptsADeclaredOne() async throws {
        let check = try Self.makefileCheck()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "import-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let build = ["swift", "build"] + check

        try Self.fixture(in: directory, declaring: "")
        let refused = try await BoundedProcess.run(build, in: directory, seconds: 300)
        #expect(refused.status != 0, "\(refused.output)")
        #expect(
            refused.output.contains("Target B imports another target (A) in the package without declaring it"),
            "\(refused.output)")

        try Self.fixture(in: directory, declaring: "\"A\"")
        let accepted = try await BoundedProcess.run(build, in: directory, seconds: 300)
        #expect(accepted.status == 0, "\(accepted.output)")

        // Reached through C, A needs no declaration of its own: the flag lets it through, so
        // ModuleGraphTests holds every import to a direct dependency.
        try Self.fixture(in: directory, declaring: "\"C\"")
        let transitive = try await BoundedProcess.run(build, in: directory, seconds: 300)
        #expect(transitive.status == 0, "\(transitive.output)")
    }
}
