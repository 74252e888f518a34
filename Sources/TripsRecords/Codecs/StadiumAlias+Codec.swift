import RecordSchema
import TripsModel

extension StadiumAlias: CanonicalValue {
    public static let recordType = RecordType.stadiumAlias

    @inlinable public static func blank(id: String) -> StadiumAlias { StadiumAlias(id: id, stadiumId: "", value: "") }

    @inlinable public static func map<M: FieldMapper>(_ v: inout StadiumAlias, _ m: inout M) throws(M.Failure) {
        typealias F = StadiumAliasFields
        try m.map(F.stadiumId, &v.stadiumId)
        try m.map(F.value, &v.value)
        try m.map(F.validFrom, &v.validFrom)
        try m.map(F.validUntil, &v.validUntil)
    }
}
