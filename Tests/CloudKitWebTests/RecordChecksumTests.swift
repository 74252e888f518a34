import CloudKitWeb
import Digest
import Testing

@Suite struct RecordChecksumTests {
    @Test func oneSortedLinePerTypeOverSortedEntries() {
        let entries = [
            RecordChecksum.Entry(recordType: "Team", recordName: "team_b", changeTag: "2"),
            RecordChecksum.Entry(recordType: "Game", recordName: "game_1", changeTag: "x"),
            RecordChecksum.Entry(recordType: "Team", recordName: "team_a", changeTag: "1"),
        ]
        let lines = RecordChecksum.lines(entries)
        #expect(lines.count == 2)
        #expect(lines[0] == "Game 1 \(SHA256.hex("game_1:x\n"))")
        #expect(lines[1] == "Team 2 \(SHA256.hex("team_a:1\nteam_b:2\n"))")
        // Order of input does not matter.
        #expect(RecordChecksum.lines(entries.reversed()) == lines)
    }

    @Test func aChangedTagChangesTheLine() {
        let a = RecordChecksum.lines([.init(recordType: "Game", recordName: "g", changeTag: "1")])
        let b = RecordChecksum.lines([.init(recordType: "Game", recordName: "g", changeTag: "2")])
        #expect(a != b)
    }
}
