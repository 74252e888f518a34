import Foundation
import Testing
import TripsModel

@testable import TripsStore

/// The shipped `Data/` imported through the real path, read back through the provider.
@Suite struct ShippedBundleTests {
    static let dataDirectory: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Data")
    }()

    /// Imported once into a temporary store file (the import itself is what is under test);
    /// each test opens its own connection to it.
    static let imported: (path: String, report: BundleImportReport)? = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UUID()).sqlite").path
        guard let store = try? CanonicalStore(location: .file(path)),
            let report = try? store.importBundle(at: dataDirectory)
        else { return nil }
        return (path, report)
    }()

    func store() throws -> CanonicalStore {
        try CanonicalStore(location: .file(try #require(Self.imported, "the shipped bundle did not import").path))
    }

    func provider() throws -> DataProvider { DataProvider(store: try store()) }

    @Test func importsEveryRecordCleanly() throws {
        let report = try #require(Self.imported?.report)
        for (type, counts) in report.counts {
            #expect(counts.malformed == 0, "\(type): \(counts.malformedRecords.prefix(3))")
            #expect(counts.skippedIncompatible == 0)
        }
        let manifest = try BundleManifest.load(from: Self.dataDirectory)
        let store = try store()
        for type in RecordType.allCases {
            #expect(try store.watermark(for: type) == manifest.watermark(for: type), "\(type) watermark")
        }
    }

    /// The narrow reads a listing makes before any table is cached answer what the cached
    /// tables answer.
    @Test func narrowReadsAgreeWithTheCachedTables() throws {
        for sports in [["mlb"], ["nba", "nhl"], ["nfl"]] {
            let narrow = try provider()
            let teams = try narrow.teams(sports: Set(sports))
            let ids = Set(teams.compactMap(\.stadiumId))
            let names = try narrow.stadiumNames(ids: ids)
            let cached = try provider()
            _ = try cached.team(id: "")
            _ = try cached.stadium(id: "")
            #expect(teams.map(\.id) == (try cached.teams(sports: Set(sports))).map(\.id), "\(sports)")
            #expect(!teams.isEmpty && names.count == ids.count)
            #expect(names == (try cached.stadiumNames(ids: ids)))
            for (id, name) in names { #expect(name == (try cached.stadium(id: id))?.name) }
        }
    }

    @Test func everyMLBTeamPlays162GamesIn2026With81AtHome() throws {
        let p = try provider()
        let teams = try p.teams(sports: ["mlb"])
        #expect(teams.count == 30)
        let games = try p.richGames(GameQuery(sports: ["mlb"], season: "2026"))
        #expect(games.unresolved.isEmpty)
        #expect(games.games.count == 2430)
        for team in teams {
            let played = games.games.filter { $0.homeTeam.id == team.id || $0.awayTeam.id == team.id }
            let home = played.filter { $0.homeTeam.id == team.id }
            #expect(played.count == 162, "\(team.abbreviation) plays \(played.count)")
            #expect(home.count == 81, "\(team.abbreviation) hosts \(home.count)")
        }
    }

    @Test func theAstrosHomeGamesAreAllAtDaikinPark() throws {
        let p = try provider()
        let home = try p.richGames(GameQuery(sports: ["mlb"], teamIds: ["team_mlb_hou"], side: .home, season: "2026"))
        #expect(home.games.count == 81)
        #expect(Set(home.games.map(\.stadium.name)) == ["Daikin Park"])
    }

    @Test func allGamesSpansWholeSeasonsWithoutADateWindow() throws {
        let p = try provider()
        let all = try p.allGames(for: ["mlb"])
        #expect(all.count == 4860)  // 2025 and 2026
        #expect(try p.allRichGames(for: nil).count == p.allGames(for: nil).count)
    }

    /// Names fans use that are not the league's current ones (issue 9 item 8).
    @Test(arguments: [
        ("Phoenix Coyotes", "team_nhl_uta"), ("A's", "team_mlb_ath"), ("ARI", "team_mlb_az"), ("CHW", "team_mlb_cws"),
        ("WSN", "team_mlb_wsh"), ("KCR", "team_mlb_kc"), ("TBR", "team_mlb_tb"), ("SDP", "team_mlb_sd"),
        ("SFG", "team_mlb_sf"), ("BRK", "team_nba_bkn"), ("PHO", "team_nba_phx"), ("GNB", "team_nfl_gb"),
        ("VEG", "team_nhl_vgk"), ("RBNY", "team_mls_nyrb"), ("Habs", "team_nhl_mtl"), ("Sonics", "team_nba_okc"),
        ("SuperSonics", "team_nba_okc"), ("Devil Rays", "team_mlb_tb"), ("Expos", "team_mlb_wsh"),
    ])
    func otherTeamNamesAndCodesResolve(input: String, teamId: String) throws {
        let sport = String(teamId.split(separator: "_")[1])
        #expect(try provider().resolveTeam(input, sports: [sport]).team.id == teamId)
    }

    /// Teams named together: the one league among them settles codes several leagues use.
    @Test func teamsNamedTogetherTakeTheirCommonLeague() throws {
        let p = try provider()
        let division = try p.resolveTeams(["BOS", "NYY", "TB", "TOR", "BAL"]).map(\.team.id)
        #expect(division == ["team_mlb_bos", "team_mlb_nyy", "team_mlb_tb", "team_mlb_tor", "team_mlb_bal"])
        // With no league settled by the others, a shared code stays ambiguous and says so.
        #expect(throws: ResolutionError.self) { try p.resolveTeams(["BOS", "TOR"]) }
        #expect(try p.resolveTeams(["BOS", "Bruins"]).map(\.team.id) == ["team_nhl_bos", "team_nhl_bos"])
    }

    @Test(arguments: [
        ("Minute Maid", "stadium_daikin_park"), ("Heinz Field", "stadium_acrisure_stadium"),
        ("FedEx Field", "stadium_northwest_stadium"), ("FedExField", "stadium_northwest_stadium"),
        ("KeyArena", "stadium_climate_pledge_arena"), ("Key Arena", "stadium_climate_pledge_arena"),
        ("Red Bull Arena", "stadium_sports_illustrated_stadium"), ("MSG", "stadium_madison_square_garden"),
        ("Oakland Coliseum", "stadium_oakland_coliseum"),
        ("Oakland-Alameda County Coliseum", "stadium_oakland_coliseum"),
        ("RingCentral Coliseum", "stadium_oakland_coliseum"),
    ])
    func formerAndShortVenueNamesResolve(input: String, stadiumId: String) throws {
        #expect(try provider().resolveStadium(input).stadium.id == stadiumId)
    }
}
