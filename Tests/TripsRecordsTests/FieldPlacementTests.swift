import CloudKitWeb
import FoundationEssentials
import SQLite
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// Each model property lands under its own wire name and in its own store column, and is read
/// back from there: the guard against two same-typed fields swapped in a codec or in
/// `RecordSchema` (a round trip alone cannot see a swap made on both sides). Every value differs
/// from the others of its type in the same record, and the names and columns are spelled out here.
struct FieldPlacementTests {
    struct Placement: Sendable, CustomTestStringConvertible {
        var entity: CanonicalEntity
        /// Wire name → value.
        var wire: [String: FieldValue]
        /// Column → the value as SQLite's `quote()` prints it.
        var columns: [String: String]
        var testDescription: String { entity.recordType.rawValue }
    }

    static let placements: [Placement] = [
        Placement(
            entity: .sport(
                Sport(
                    id: "sport_x", sportId: "xl", abbreviation: "XL", displayName: "X League", seasonStartMonth: 3,
                    seasonEndMonth: 10, gameDurationMinutes: 180)),
            wire: [
                "sportId": .string("xl"), "abbreviation": .string("XL"), "displayName": .string("X League"),
                "seasonStartMonth": .int64(3), "seasonEndMonth": .int64(10), "gameDurationMinutes": .int64(180),
            ],
            columns: [
                "sport_id": "'xl'", "abbreviation": "'XL'", "display_name": "'X League'", "season_start_month": "3",
                "season_end_month": "10", "game_duration_minutes": "180",
            ]),
        Placement(
            entity: .leagueStructure(
                LeagueStructure(
                    id: "ls_x", sport: "xl", kind: .conference, name: "East Conference", abbreviation: "EC",
                    parentId: "ls_top", displayOrder: 7)),
            wire: [
                "sport": .string("xl"), "kind": .string("conference"), "name": .string("East Conference"),
                "abbreviation": .string("EC"), "parentId": .string("ls_top"), "displayOrder": .int64(7),
            ],
            columns: [
                "sport": "'xl'", "kind": "'conference'", "name": "'East Conference'", "abbreviation": "'EC'",
                "parent_id": "'ls_top'", "display_order": "7",
            ]),
        Placement(
            entity: .stadium(
                Stadium(
                    id: "stadium_x", name: "X Park", city: "Houston", state: "TX", country: "US",
                    location: Coordinate(latitude: 29.5, longitude: -95.25), timeZone: "America/Chicago",
                    capacity: 41_168, yearOpened: 2000, sports: ["xl", "yl"], locationIsApproximate: true)),
            wire: [
                "name": .string("X Park"), "city": .string("Houston"), "state": .string("TX"),
                "country": .string("US"), "location": .location(Location(latitude: 29.5, longitude: -95.25)),
                "timeZone": .string("America/Chicago"), "capacity": .int64(41_168), "yearOpened": .int64(2000),
                "sports": .list(.string, [.string("xl"), .string("yl")]), "locationApproximate": .int64(1),
            ],
            columns: [
                "name": "'X Park'", "city": "'Houston'", "state": "'TX'", "country": "'US'", "latitude": "29.5",
                "longitude": "-95.25", "time_zone": "'America/Chicago'", "capacity": "41168", "year_opened": "2000",
                "sports": "'xl,yl'", "location_approximate": "1",
            ]),
        Placement(
            entity: .team(
                Team(
                    id: "team_x", sport: "xl", abbreviation: "HOU", city: "Houston", nickname: "Astros",
                    name: "Houston Astros", stadiumId: "stadium_x", leagueId: "ls_l", conferenceId: "ls_c",
                    divisionId: "ls_d")),
            wire: [
                "sport": .string("xl"), "abbreviation": .string("HOU"), "city": .string("Houston"),
                "nickname": .string("Astros"), "name": .string("Houston Astros"), "stadiumId": .string("stadium_x"),
                "leagueId": .string("ls_l"), "conferenceId": .string("ls_c"), "divisionId": .string("ls_d"),
            ],
            columns: [
                "sport": "'xl'", "abbreviation": "'HOU'", "city": "'Houston'", "nickname": "'Astros'",
                "name": "'Houston Astros'", "stadium_id": "'stadium_x'", "league_id": "'ls_l'",
                "conference_id": "'ls_c'", "division_id": "'ls_d'",
            ]),
        Placement(
            entity: .teamAlias(
                TeamAlias(
                    id: "ta_x", teamId: "team_x", kind: .abbreviation, value: "OAK",
                    validFrom: Date(milliseconds: 1_000), validUntil: Date(milliseconds: 2_000))),
            wire: [
                "teamId": .string("team_x"), "kind": .string("abbreviation"), "value": .string("OAK"),
                "validFrom": .timestamp(1_000), "validUntil": .timestamp(2_000),
            ],
            columns: [
                "team_id": "'team_x'", "kind": "'abbreviation'", "value": "'OAK'", "valid_from_ms": "1000",
                "valid_until_ms": "2000",
            ]),
        Placement(
            entity: .stadiumAlias(
                StadiumAlias(
                    id: "sa_x", stadiumId: "stadium_x", value: "Minute Maid Park",
                    validFrom: Date(milliseconds: 3_000), validUntil: Date(milliseconds: 4_000))),
            wire: [
                "stadiumId": .string("stadium_x"), "value": .string("Minute Maid Park"),
                "validFrom": .timestamp(3_000), "validUntil": .timestamp(4_000),
            ],
            columns: [
                "stadium_id": "'stadium_x'", "value": "'Minute Maid Park'", "valid_from_ms": "3000",
                "valid_until_ms": "4000",
            ]),
        Placement(
            entity: .game(
                Game(
                    id: "game_x", sport: "xl", season: "2026", startTime: Date(milliseconds: 1_774_553_100_000),
                    timeTBD: true, homeTeamId: "team_home", awayTeamId: "team_away", stadiumId: "stadium_x",
                    gameNumber: 2, status: .postponed, isNeutralSite: false, seasonType: .postseason,
                    resumedAt: Date(milliseconds: 1_774_639_500_000), homeScore: 5, awayScore: 3,
                    sourceId: "778899", venueName: "Rickwood Field", decidedIn: .shootout)),
            wire: [
                "sport": .string("xl"), "season": .string("2026"), "startTime": .timestamp(1_774_553_100_000),
                "timeTBD": .int64(1), "homeTeamId": .string("team_home"), "awayTeamId": .string("team_away"),
                "stadiumId": .string("stadium_x"), "gameNumber": .int64(2), "status": .string("postponed"),
                "isNeutralSite": .int64(0), "seasonType": .string("postseason"),
                "resumedAt": .timestamp(1_774_639_500_000), "homeScore": .int64(5), "awayScore": .int64(3),
                "sourceId": .string("778899"), "venueName": .string("Rickwood Field"),
                "decidedIn": .string("shootout"),
            ],
            columns: [
                "sport": "'xl'", "season": "'2026'", "start_ms": "1774553100000", "time_tbd": "1",
                "home_team_id": "'team_home'", "away_team_id": "'team_away'", "stadium_id": "'stadium_x'",
                "game_number": "2", "status": "'postponed'", "is_neutral_site": "0", "season_type": "'postseason'",
                "resumed_ms": "1774639500000", "home_score": "5", "away_score": "3", "source_id": "'778899'",
                "venue_name": "'Rickwood Field'", "decided_in": "'shootout'",
            ]),
    ]

    static let meta = RecordMetadata(changeTag: "tag-1", modifiedMs: 1_767_225_600_000)

    @Test("the placements cover every record type")
    func everyType() {
        #expect(Self.placements.map(\.entity.recordType) == RecordType.allCases)
    }

    @Test("each property is written under its own wire name", arguments: placements)
    func encodesByName(_ p: Placement) {
        #expect(p.entity.fields == p.wire)
    }

    @Test("each wire field is read into its own property", arguments: placements)
    func decodesByName(_ p: Placement) throws {
        var fields = p.wire
        fields["schemaVersion"] = .int64(1)
        let wire = Record(
            recordName: p.entity.id, recordType: p.entity.recordType.rawValue, recordChangeTag: Self.meta.changeTag,
            fields: fields, created: RecordStamp(timestamp: Self.meta.modifiedMs),
            modified: RecordStamp(timestamp: Self.meta.modifiedMs))
        #expect(try CanonicalRecord(record: wire).entity == p.entity)
    }

    @Test("each property is stored in its own column and read back from it", arguments: placements)
    func storesByColumn(_ p: Placement) throws {
        let store = try CanonicalStore(location: .memory)
        try store.upsert(CanonicalRecord(p.entity, meta: Self.meta))
        let table = CanonicalTable.name(p.entity.recordType)
        for (column, expected) in p.columns {
            let stored = try store.database.row(
                "SELECT quote(\(column)) FROM \(table) WHERE id = ?", [.text(p.entity.id)]
            ) { $0.string(0) }
            #expect(stored == expected, "\(table).\(column)")
        }
        let read = try #require(try store.storedRecord(p.entity.recordType, named: p.entity.id))
        #expect(read.entity == p.entity)
    }

    @Test("the store's provider reads each column into its own property")
    func providerReadsByColumn() throws {
        let store = try CanonicalStore(location: .memory)
        for p in Self.placements { try store.upsert(CanonicalRecord(p.entity, meta: Self.meta)) }
        let provider = DataProvider(store: store)
        guard case .game(let game) = Self.placements.last?.entity,
            case .stadium(let stadium) = Self.placements[2].entity,
            case .team(let team) = Self.placements[3].entity, case .sport(let sport) = Self.placements[0].entity
        else {
            Issue.record("placements out of order")
            return
        }
        #expect(try provider.sports() == [sport])
        #expect(try provider.stadium(id: stadium.id) == stadium)
        #expect(try provider.team(id: team.id) == team)
        let games = try store.database.rows(CanonicalTable.select(.game), [], Game.init(row:))
        #expect(games == [game])
    }
}
