import Foundation
import Testing

/// Package.swift is the module graph; ARCHITECTURE.md draws it and the sources' imports use it.
/// Each test fails, naming the edge, when one of the three says what the others do not.
@Suite struct ModuleGraphTests {
    @Test func everyArrowInTheDiagramIsADeclaredDependency() throws {
        let manifest = try PackageManifest.load()
        let diagram = try ModuleDiagram.load()
        #expect(diagram.arrows.count > 40)
        for arrow in diagram.arrows.sorted(by: { $0.description < $1.description }) {
            #expect(
                manifest[arrow.from]?.dependencies.contains(arrow.to) == true,
                "ARCHITECTURE.md draws \(arrow), which Package.swift does not declare")
        }
    }

    @Test func everyDependencyOfANonTestTargetIsDrawn() throws {
        let manifest = try PackageManifest.load()
        let arrows = try ModuleDiagram.load().arrows
        for target in manifest.targets where target.kind != .testTarget {
            for dependency in target.dependencies {
                let arrow = ModuleDiagram.Arrow(from: target.name, to: dependency)
                let drawn = arrows.contains(arrow)
                #expect(drawn, "Package.swift declares \(arrow), which ARCHITECTURE.md does not draw")
            }
        }
    }

    /// SwiftPM's import check (`make test`) accepts an import of any module a target reaches
    /// through its dependencies' dependencies (ImportCheckFlagTests shows it); this holds each
    /// import, test targets' too, to a dependency the target declares itself.
    @Test func everyImportOfAPackageModuleIsADeclaredDependency() throws {
        let manifest = try PackageManifest.load()
        let modules = Dictionary(manifest.targets.map { ($0.moduleName, $0.name) }) { first, _ in first }
        var files = 0
        for target in manifest.targets where target.kind != .systemLibrary {
            let folder = PackageManifest.root.appendingPathComponent(target.path)
            let paths = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for path in paths where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for module in SourceImports.modules(in: text) {
                    guard let imported = modules[module], imported != target.name else { continue }
                    #expect(
                        target.dependencies.contains(imported),
                        "\(target.path)/\(path) imports \(module), which \(target.name) does not declare")
                }
                files += 1
            }
        }
        #expect(files > 500)
    }

    /// The reading of the drawing itself: a branch's rows are arrows from its module, and a
    /// misdrawn branch is an error, not a silently different graph.
    @Test func readsBranchesListsAndContinuedRows() throws {
        let drawing = """
            app ─► Cli ─┬─► Parser ─► Text
                        ├─► Store, Model,
                        │   Text          (a remark, no arrow)
                        └─► Sync ─┬─► Model
                                  └─► Wire
            """
        let arrows = try ModuleDiagram(drawing: drawing).arrows.map(\.description).sorted()
        #expect(
            arrows == [
                "Cli ─► Model", "Cli ─► Parser", "Cli ─► Store", "Cli ─► Sync", "Cli ─► Text", "Parser ─► Text",
                "Sync ─► Model", "Sync ─► Wire", "app ─► Cli",
            ])
        #expect(throws: ModuleDiagram.DrawingError.self) { try ModuleDiagram(drawing: "a ─┬─► b\n   ├─► c\n") }
        #expect(throws: ModuleDiagram.DrawingError.self) { try ModuleDiagram(drawing: "a ─┬─► b\n  └─► c\n") }
    }
}
