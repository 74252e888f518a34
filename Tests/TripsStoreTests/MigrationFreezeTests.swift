import Digest
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
        ("003_stadium_location_approximate", "2f73da7a00d8f7b8accfac05be9f1f0c9668e766f411bba84787c88e4f203ef8"),
        ("004_game_resumed_at", "e8749f09bcd165026e4f0593cb86891528ee3ba5f84b2cb7571e3def00962ba4"),
        ("005_sync_cloud_checks", "8c57ca59135a9ee7b2db23e47b68d6f2c56a39cf25d1b693a894692c2744a87e"),
        ("006_games_team_season", "d23e786d664ba69c3a836a78b5d724dd2789b8b5036b07ce843fcbe90cc47507"),
        ("007_user_data", "c86b8eef6d7ae806f010674f9497cd956ff4f425d2c736b097423eee3d8e201c"),
        ("008_records_gone_from_cloud", "2e75b8463bc3ddcf99e40787e36013215b37badc64a52c90db29191cfc728293"),
        ("009_games_team_season_start", "588bca9f94e7fcc2c0d4179a05ebf5d2d9bf40991c289fd7645cc6e4e5223edd"),
        ("010_game_results_and_source", "4d4963a321ad4d6c6dd200ec127f4d9511083a41708e2cbfa1cedff0e250dd68"),
        ("011_games_live_by_season", "a8a6947eb7c9e1dc63b48c4351dc1575bc223b95bdb2018eee161a9f3bdf9ec4"),
        ("012_game_venue_name", "b1baca34a6c0dbd2c945600baec73e8448a58463fbe95efde884b077a67543e0"),
        ("013_game_decided_in", "022e6fb4a212744c6a6fc658467baa7f95f0d0aadddd7ea8177ce2b07070bdaa"),
    ]

    @Test func everyShippedMigrationKeepsItsExactText() {
        let actual = CanonicalSchema.migrations.map { (name: $0.name, sha256: SHA256.hex($0.sql)) }
        #expect(
            actual.map(\.name) == Self.frozen.map(\.name), "a migration was added, removed or renamed: freeze it here")
        for (migration, frozen) in zip(actual, Self.frozen) {
            #expect(migration.sha256 == frozen.sha256, "\(migration.name) was edited after it shipped")
        }
    }
}
