import CloudKitWeb
import Testing

@testable import TripsStore

/// Shipped migrations never change (stores record only their names, so an edited one would
/// silently differ between old and new stores). Adding a migration means adding its hash here;
/// changing a shipped one fails this test.
@Suite struct MigrationFreezeTests {
    /// SHA-256 of each shipped migration's SQL text, by name, in order.
    static let frozen: [(name: String, sha256: String)] = [
        ("001_canonical_tables", "56f561f11fb428fe73bd12d5e6b2f451b2ea9c380d9b40f65c60a5781e877d2d"),
        ("002_sync_state", "d9b71dbe77c9402b9b8e45d403b619857f9f4cc993f56b26a7df481a3876af3e"),
    ]

    @Test func everyShippedMigrationKeepsItsExactText() {
        let actual = CanonicalSchema.migrations.map { (name: $0.name, sha256: SHA256.hex($0.sql)) }
        #expect(actual.map(\.name) == Self.frozen.map(\.name), "a migration was added, removed or renamed: freeze it here")
        for (migration, frozen) in zip(actual, Self.frozen) {
            #expect(migration.sha256 == frozen.sha256, "\(migration.name) was edited after it shipped")
        }
    }
}
