import FoundationEssentials
import RecordSchema
import TripsModel

extension Game: CanonicalValue {
    public static let recordType = RecordType.game

    @inlinable public static func blank(id: String) -> Game {
        Game(
            id: id, sport: "", season: "", startTime: Date(timeIntervalSince1970: 0), homeTeamId: "", awayTeamId: "",
            stadiumId: nil)
    }

    @inlinable public static func map<M: FieldMapper>(_ v: inout Game, _ m: inout M) throws(M.Failure) {
        typealias F = GameFields
        try m.map(F.sport, &v.sport)
        try m.map(F.season, &v.season)
        try m.map(F.startTime, &v.startTime)
        try m.map(F.timeTBD, &v.timeTBD)
        try m.map(F.homeTeamId, &v.homeTeamId)
        try m.map(F.awayTeamId, &v.awayTeamId)
        try m.map(F.stadiumId, &v.stadiumId)
        try m.map(F.gameNumber, &v.gameNumber)
        try m.map(F.status, &v.status)
        try m.map(F.isNeutralSite, &v.isNeutralSite)
        try m.map(F.seasonType, &v.seasonType)
        try m.map(F.resumedAt, &v.resumedAt)
        try m.map(F.homeScore, &v.homeScore)
        try m.map(F.awayScore, &v.awayScore)
        try m.map(F.sourceId, &v.sourceId)
        try m.map(F.venueName, &v.venueName)
        try m.map(F.decidedIn, &v.decidedIn)
    }
}
