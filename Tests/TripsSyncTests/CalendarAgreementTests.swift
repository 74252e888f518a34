import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A file from `trips export` and the calendar `trips-cloud` serves follow one set of rules
/// (`CalendarText`): after a postponed game is synced, both carry the same UID, SEQUENCE and
/// LAST-MODIFIED for it, so a fan who re-imports the file or subscribes sees one event move.
@Suite struct CalendarAgreementTests {
    /// SEQUENCE and LAST-MODIFIED of each event, by UID, from calendar text (lines unfolded).
    static func revisions(_ text: String) -> [String: String] {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var out: [String: String] = [:]
        var uid = ""
        var revision: [String] = []
        for line in lines {
            if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
            if line.hasPrefix("SEQUENCE:") || line.hasPrefix("LAST-MODIFIED:") { revision.append(line) }
            if line == "END:VEVENT" {
                out[uid] = revision.sorted().joined(separator: " ")
                revision = []
            }
        }
        return out
    }

    @Test func anExportedFileAndTheSubscribedCalendarAgreeAfterAPostponement() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let game = "game_mlb_2026_0822_atl_mil"
        try await cloud.admin("postpone", game, "--to", "2026-08-23T23:10:00Z")
        #expect(try await trips.run("sync", "--quiet").status == 0)

        let file = trips.home.appendingPathComponent("brewers.ics")
        let export = try await trips.run(
            "export", "--sport", "mlb", "--team", "MIL", "--season", "2026", "--output", file.path)
        #expect(export.status == 0, "\(export.stderr)")
        let exported = Self.revisions(try String(contentsOf: file, encoding: .utf8))

        let subscribe = try await trips.run("export", "--subscribe", "--sport", "mlb", "--team", "MIL")
        #expect(subscribe.status == 0, "\(subscribe.stderr)")
        let address = subscribe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(address.hasPrefix("webcal://"))
        let url = try #require(URL(string: "http://" + address.dropFirst("webcal://".count)))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: URLRequest(url: url, timeoutInterval: 30))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let served = Self.revisions(String(decoding: data, as: UTF8.self))

        #expect(!exported.isEmpty)
        #expect(Set(exported.keys) == Set(served.keys), "the same games under the same UIDs")
        let moved = try #require(exported[game])
        #expect(moved == served[game])
        #expect(exported == served, "every game's SEQUENCE and LAST-MODIFIED agree")
        let others = exported.filter { $0.key != game }.values
        #expect(others.allSatisfy { $0 != moved }, "only the postponed game was revised")
    }
}
