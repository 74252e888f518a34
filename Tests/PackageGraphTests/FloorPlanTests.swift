import Foundation
import Testing

/// The floor plan stays readable in ten minutes (issue 41 item 4):
/// - `docs/ARCHITECTURE.md` is at most 15,000 bytes;
/// - its module table (the first table under `## Modules`) has one row per non-test target of
///   `Package.swift`, no row for anything else, and no row longer than 200 characters — the
///   rule for "at most two lines": two lines of 100 characters, counted as Swift `Character`s of
///   the row's markdown text, pipes and backticks included;
/// - `docs/flows/` holds a page per flow, and each page's ordered list after "Files, in the order
///   a request passes through them" names at least three repository-relative paths in backticks,
///   every one of which exists;
/// - every relative link between the pages under `docs/` resolves.
@Suite struct FloorPlanTests {
    static let docs = PackageManifest.root.appendingPathComponent("docs")
    static let flowPages = [
        "games-query.md", "sync-from-cloud.md", "sync-from-feeds.md", "publish.md", "plan.md", "tour.md",
        "user-data.md",
    ]

    static func architecture() throws -> String {
        try String(contentsOf: docs.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    }

    @Test func architectureIsOnePage() throws {
        let bytes = try Self.architecture().utf8.count
        #expect(bytes <= FloorPlan.architectureByteLimit, "ARCHITECTURE.md is \(bytes) bytes, over 15,000")
    }

    @Test func theModuleTableHasAShortRowForEveryTarget() throws {
        let rows = try #require(FloorPlan.moduleRows(in: Self.architecture()), "no table under ## Modules")
        for row in rows where row.line.count > FloorPlan.rowCharacterLimit {
            Issue.record("the row of \(row.name) is \(row.line.count) characters, over 200 (two lines of 100)")
        }
        let targets = try PackageManifest.load().targets.filter { $0.kind != .testTarget }.map(\.name)
        #expect(targets.count > 30)
        let named = rows.map(\.name)
        for target in targets where !named.contains(target) {
            Issue.record("Package.swift declares \(target), which ARCHITECTURE.md's module table has no row for")
        }
        for name in named where !targets.contains(name) {
            Issue.record("ARCHITECTURE.md's module table has a row for \(name), which Package.swift does not declare")
        }
        #expect(Set(named).count == named.count, "a module has two rows")
    }

    @Test func everyFlowPageListsFilesThatExist() throws {
        let folder = Self.docs.appendingPathComponent("flows")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        for page in Self.flowPages where !pages.contains(page) {
            Issue.record("docs/flows/ has no \(page)")
        }
        for page in pages.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            let list = FloorPlan.fileList(in: text)
            #expect(list.paths.count >= 3, "docs/flows/\(page) lists \(list.paths.count) files, fewer than 3")
            for item in list.itemsWithoutPath {
                Issue.record("docs/flows/\(page): an item names no `path`: \(item)")
            }
            for path in FloorPlan.missing(list.paths, under: PackageManifest.root) {
                Issue.record("docs/flows/\(page) lists \(path), which is not in the repository")
            }
        }
    }

    @Test func architectureLinksEveryFlowPage() throws {
        let links = FloorPlan.relativeLinks(in: try Self.architecture())
        for page in Self.flowPages where !links.contains("flows/\(page)") {
            Issue.record("ARCHITECTURE.md does not link flows/\(page)")
        }
    }

    @Test func everyRelativeLinkInTheDocsResolves() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.docs.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") }
        #expect(files.count > 10)
        for file in files.sorted() {
            let page = Self.docs.appendingPathComponent(file)
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in FloorPlan.brokenLinks(in: text, from: page.deletingLastPathComponent()) {
                Issue.record("docs/\(file) links \(link), which does not exist")
            }
        }
    }

    /// The readers themselves, on small texts: each check above can fail.
    @Test func readsTheModuleTableTheFileListAndTheLinks() throws {
        let long = "| `Long` | " + String(repeating: "x", count: 190) + " | — |"
        let document = """
            # A

            ## Modules

            | module | owns | must not know |
            |---|---|---|
            | `Short` | a little | — |
            \(long)

            | `Other` | a second table, not read | — |
            """
        let rows = try #require(FloorPlan.moduleRows(in: document))
        #expect(rows.map(\.name) == ["Short", "Long"])
        #expect(rows.filter { $0.line.count > FloorPlan.rowCharacterLimit }.map(\.name) == ["Long"])
        #expect(FloorPlan.moduleRows(in: "## Module graph\n\n| a | b |\n") == nil)

        let page = """
            # Flow

            `Sources/Before.swift` is prose.

            Files, in the order a request passes through them:

            1. `Package.swift` — the manifest.
            2. `Sources/NoSuchModule/Missing.swift` — not there.
            3. no path here

            After the list, `Sources/After.swift` is prose too.
            """
        let list = FloorPlan.fileList(in: page)
        #expect(list.paths == ["Package.swift", "Sources/NoSuchModule/Missing.swift"])
        #expect(list.itemsWithoutPath == ["3. no path here"])
        #expect(FloorPlan.missing(list.paths, under: PackageManifest.root) == ["Sources/NoSuchModule/Missing.swift"])
        #expect(FloorPlan.missing(["/etc/hostname", "../shared"], under: PackageManifest.root).count == 2)
        #expect(FloorPlan.fileList(in: "1. `Package.swift` — no heading, no list").paths.isEmpty)

        let links = "[a](ARCHITECTURE.md) [b](flows/plan.md#files) [c](https://example.com) [d](nowhere.md)"
        #expect(FloorPlan.relativeLinks(in: links) == ["ARCHITECTURE.md", "flows/plan.md", "nowhere.md"])
        #expect(FloorPlan.brokenLinks(in: links, from: Self.docs) == ["nowhere.md"])
    }
}

/// Reads the parts of the docs `FloorPlanTests` holds to their shape.
enum FloorPlan {
    static let architectureByteLimit = 15_000
    /// Two lines of 100 characters.
    static let rowCharacterLimit = 200
    static let fileListHeading = "Files, in the order a request passes through them"

    struct ModuleRow: Equatable {
        /// The first cell, without its backticks.
        var name: String
        /// The whole row as written.
        var line: String
    }

    /// The body rows of the first table after the `## Modules` heading; nil without one.
    static func moduleRows(in text: String) -> [ModuleRow]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "## Modules"),
            let start = lines[(heading + 1)...].firstIndex(where: { $0.hasPrefix("|") })
        else { return nil }
        let table = lines[start...].prefix { $0.hasPrefix("|") }.dropFirst()  // the header row
        return table.filter { !$0.hasPrefix("|-") }.map { line in
            let cell = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().first ?? ""
            let name = cell.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            return ModuleRow(name: name, line: line)
        }
    }

    struct FileList: Equatable {
        /// Each item's first backticked text, in order.
        var paths: [String] = []
        /// Items with nothing in backticks.
        var itemsWithoutPath: [String] = []
    }

    /// The ordered list after the line naming `fileListHeading` (blank lines before it skipped;
    /// it ends at the first line that is not an item).
    static func fileList(in page: String) -> FileList {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.contains(fileListHeading) }) else { return FileList() }
        let items = lines[(heading + 1)...].drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            .prefix { isItem($0) }
        var list = FileList()
        for item in items {
            let parts = item.split(separator: "`", omittingEmptySubsequences: false)
            if parts.count >= 3, !parts[1].isEmpty {
                list.paths.append(String(parts[1]))
            } else {
                list.itemsWithoutPath.append(item)
            }
        }
        return list
    }

    /// "12. text": digits, a full stop, a space.
    private static func isItem(_ line: String) -> Bool {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && line.dropFirst(digits.count).hasPrefix(". ")
    }

    /// The paths that are not repository-relative paths of existing files or folders.
    static func missing(_ paths: [String], under root: URL) -> [String] {
        paths.filter { path in
            path.hasPrefix("/") || path.split(separator: "/").contains("..")
                || !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
    }

    /// The targets of `[text](target)` links that are not URLs, without their `#fragment`.
    static func relativeLinks(in text: String) -> [String] {
        text.components(separatedBy: "](").dropFirst().compactMap { rest -> String? in
            guard let close = rest.firstIndex(of: ")") else { return nil }
            let target = String(rest[..<close])
            guard !target.contains("://"), !target.hasPrefix("mailto:") else { return nil }
            let path = target.split(separator: "#", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return path.isEmpty ? nil : path
        }
    }

    /// The relative links of `text` with nothing at their target, read from `folder`.
    static func brokenLinks(in text: String, from folder: URL) -> [String] {
        relativeLinks(in: text).filter {
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).standardizedFileURL.path)
        }
    }
}
