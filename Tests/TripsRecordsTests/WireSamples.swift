import CloudKitWeb

/// One hand-written wire record per canonical type with every field present. Field names are
/// spelled out here rather than taken from `RecordSchema`, so renaming a wire field fails a test;
/// `.defaulted` fields carry values other than their defaults, so "present" is really read.
enum WireSamples {
    static let modified: Int64 = 1_767_225_600_000

    static func record(_ name: String, _ type: String, _ fields: [String: FieldValue]) -> Record {
        var all = fields
        all["schemaVersion"] = .int64(1)
        all["deprecatedAt"] = .timestamp(modified - 60_000)
        all["deprecationReason"] = .string("replaced by a newer record")
        return Record(
            recordName: name, recordType: type, recordChangeTag: "tag-\(name)", fields: all,
            created: RecordStamp(timestamp: modified), modified: RecordStamp(timestamp: modified))
    }

    static let all: [Record] = [
        record(
            "sport_mlb", "Sport",
            [
                "sportId": .string("mlb"), "abbreviation": .string("MLB"),
                "displayName": .string("Major League Baseball"),
                "seasonStartMonth": .int64(3), "seasonEndMonth": .int64(10), "gameDurationMinutes": .int64(180),
            ]),
        record(
            "ls_mlb_al_west", "LeagueStructure",
            [
                "sport": .string("mlb"), "kind": .string("division"), "name": .string("American League West"),
                "abbreviation": .string("AL West"), "parentId": .string("ls_mlb_al"), "displayOrder": .int64(4),
            ]),
        record(
            "stadium_daikin_park", "Stadium",
            [
                "name": .string("Daikin Park"), "city": .string("Houston"), "state": .string("TX"),
                "country": .string("US"), "location": .location(Location(latitude: 29.757, longitude: -95.355)),
                "timeZone": .string("America/Chicago"), "capacity": .int64(41_168), "yearOpened": .int64(2000),
                "sports": .list(.string, [.string("mlb"), .string("nfl")]), "locationApproximate": .int64(1),
            ]),
        record(
            "team_mlb_hou", "Team",
            [
                "sport": .string("mlb"), "abbreviation": .string("HOU"), "city": .string("Houston"),
                "nickname": .string("Astros"), "name": .string("Houston Astros"),
                "stadiumId": .string("stadium_daikin_park"), "leagueId": .string("ls_mlb_al"),
                "conferenceId": .string("ls_mlb_al_c"), "divisionId": .string("ls_mlb_al_west"),
            ]),
        record(
            "ta_mlb_oak_athletics", "TeamAlias",
            [
                "teamId": .string("team_mlb_ath"), "kind": .string("abbreviation"), "value": .string("OAK"),
                "validFrom": .timestamp(-2_208_988_800_000), "validUntil": .timestamp(1_735_689_600_000),
            ]),
        record(
            "sa_minute_maid_park", "StadiumAlias",
            [
                "stadiumId": .string("stadium_daikin_park"), "value": .string("Minute Maid Park"),
                "validFrom": .timestamp(1_104_537_600_000), "validUntil": .timestamp(1_735_689_600_000),
            ]),
        record(
            "game_mlb_2026_0326_nyy_sf", "Game",
            [
                "sport": .string("mlb"), "season": .string("2026"), "startTime": .timestamp(1_774_553_100_000),
                "timeTBD": .int64(1), "homeTeamId": .string("team_mlb_sf"), "awayTeamId": .string("team_mlb_nyy"),
                "stadiumId": .string("stadium_oracle_park"), "gameNumber": .int64(2), "status": .string("postponed"),
                "isNeutralSite": .int64(1), "seasonType": .string("postseason"),
                "resumedAt": .timestamp(1_774_639_500_000), "homeScore": .int64(2), "awayScore": .int64(7),
                "sourceId": .string("823456"), "venueName": .string("Oracle Park"),
                "decidedIn": .string("overtime"),
            ]),
    ]
}
