import RecordSchema
import TripsModel

extension TeamAlias: CanonicalValue {
    public static let recordType = RecordType.teamAlias

    @inlinable public static func blank(id: String) -> TeamAlias {
        TeamAlias(id: id, teamId: "", kind: .name, value: "")
    }

    @inlinable public static func map<M: FieldMapper>(_ v: inout TeamAlias, _ m: inout M) throws(M.Failure) {
        typealias F = TeamAliasFields
        try m.map(F.teamId, &v.teamId)
        try m.map(F.kind, &v.kind)
        try m.map(F.value, &v.value)
        try m.map(F.validFrom, &v.validFrom)
        try m.map(F.validUntil, &v.validUntil)
    }
}
