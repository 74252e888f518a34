import RecordSchema
import TripsModel

extension Team: CanonicalValue {
    public static let recordType = RecordType.team

    @inlinable public static func blank(id: String) -> Team {
        Team(id: id, sport: "", abbreviation: "", city: "", nickname: "", name: "", stadiumId: nil)
    }

    @inlinable public static func map<M: FieldMapper>(_ v: inout Team, _ m: inout M) throws(M.Failure) {
        typealias F = TeamFields
        try m.map(F.sport, &v.sport)
        try m.map(F.abbreviation, &v.abbreviation)
        try m.map(F.city, &v.city)
        try m.map(F.nickname, &v.nickname)
        try m.map(F.name, &v.name)
        try m.map(F.stadiumId, &v.stadiumId)
        try m.map(F.leagueId, &v.leagueId)
        try m.map(F.conferenceId, &v.conferenceId)
        try m.map(F.divisionId, &v.divisionId)
    }
}
