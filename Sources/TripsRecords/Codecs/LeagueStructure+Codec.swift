import RecordSchema
import TripsModel

extension LeagueStructure: CanonicalValue {
    public static let recordType = RecordType.leagueStructure

    @inlinable public static func blank(id: String) -> LeagueStructure {
        LeagueStructure(id: id, sport: "", kind: .league, name: "", abbreviation: "", parentId: nil, displayOrder: 0)
    }

    @inlinable public static func map<M: FieldMapper>(_ v: inout LeagueStructure, _ m: inout M) throws(M.Failure) {
        typealias F = LeagueStructureFields
        try m.map(F.sport, &v.sport)
        try m.map(F.kind, &v.kind)
        try m.map(F.name, &v.name)
        try m.map(F.abbreviation, &v.abbreviation)
        try m.map(F.parentId, &v.parentId)
        try m.map(F.displayOrder, &v.displayOrder)
    }
}
