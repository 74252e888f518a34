import RecordSchema
import TripsModel

extension Sport: CanonicalValue {
    public static let recordType = RecordType.sport

    @inlinable public static func blank(id: String) -> Sport {
        Sport(
            id: id, sportId: "", abbreviation: "", displayName: "", seasonStartMonth: 0, seasonEndMonth: 0,
            gameDurationMinutes: 0)
    }

    @inlinable public static func map<M: FieldMapper>(_ v: inout Sport, _ m: inout M) throws(M.Failure) {
        typealias F = SportFields
        try m.map(F.sportId, &v.sportId)
        try m.map(F.abbreviation, &v.abbreviation)
        try m.map(F.displayName, &v.displayName)
        try m.map(F.seasonStartMonth, &v.seasonStartMonth)
        try m.map(F.seasonEndMonth, &v.seasonEndMonth)
        try m.map(F.gameDurationMinutes, &v.gameDurationMinutes)
    }
}
