import Digest
import Testing

@testable import CloudServer

/// The server's shipped migrations never change (a database records only their names); adding
/// one means adding its hash here.
@Suite struct CloudMigrationFreezeTests {
    static let frozen: [(name: String, sha256: String)] = [
        ("1-records", "b40c9f30903d2d1f3adc546a664968b22c617fddb7b7e3748f4282d52a4d4461"),
        ("2-records-by-name", "5b8c7954c83b18f40efb070610da04fbf882a59923c60b9c5a7de1110f023e66"),
        ("3-live-counts", "600e52fab87bfa58ad308bdd109b6a68a49376313fdedb1f5978bcb110a1e19d"),
        ("4-token-hashes", "a23080ecad0b10eb3c0c077c643aca8167417f13ea2e1981b0e677fbcfffbdc1"),
        ("5-server-keys", "a7ec6e429c7dff31b8fe3d470d093c9421dfeaa8eef2e9c73089629336fa5002"),
        ("6-user-passwords", "ed444abcae47e2b78644b43601b4b51378d58c809c20724ee390b080dc475050"),
    ]

    @Test func everyShippedMigrationKeepsItsExactText() {
        let actual = CloudStore.migrations.map { (name: $0.name, sha256: SHA256.hex($0.sql)) }
        #expect(
            actual.map(\.name) == Self.frozen.map(\.name), "a migration was added, removed or renamed: freeze it here")
        for (migration, frozen) in zip(actual, Self.frozen) {
            #expect(migration.sha256 == frozen.sha256, "\(migration.name) was edited after it shipped")
        }
    }
}
