import Foundation
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// Text from the cloud keeps every character through the store: a NUL once cut a value short
/// locally, and the cut value was then exported back as if the user had changed it.
@Suite struct TextFidelityTests {
    @Test func aUserRecordFieldWithANulComesBackWhole() throws {
        let store = try CanonicalStore(location: .memory)
        let note = "meet at gate 4\u{0} (bring tickets)"
        try store.writeUserRecord(
            UserRecord(
                name: "trip_nul", type: .savedTrip, fields: ["name": "Lake loop", "notes": note],
                fieldTimes: ["name": 1, "notes": 1], device: "laptop", updatedMs: 1))

        let read = try #require(try store.userRecord(named: "trip_nul"))

        #expect(read.fields["notes"] == note)
        #expect(read.fields["notes"]?.utf8.count == note.utf8.count)
    }

    @Test func aCanonicalNameWithANulComesBackWhole() throws {
        let store = try CanonicalStore(location: .memory)
        let team = Team(
            id: "team_x", sport: "mlb", abbreviation: "XX", city: "Houston", nickname: "As\u{0}tros",
            name: "Houston As\u{0}tros", stadiumId: nil)
        try store.upsert(CanonicalRecord(.team(team), meta: RecordMetadata(changeTag: "t1", modifiedMs: 1)))

        #expect(try DataProvider(store: store).team(id: "team_x") == team)
    }
}
