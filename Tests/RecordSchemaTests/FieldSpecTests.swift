import CloudKitWeb
import Testing

@testable import RecordSchema

struct FieldSpecTests {
    static let types: [(String, [FieldSpec])] = [
        (SportFields.recordType, SportFields.all), (LeagueStructureFields.recordType, LeagueStructureFields.all),
        (StadiumFields.recordType, StadiumFields.all), (TeamFields.recordType, TeamFields.all),
        (TeamAliasFields.recordType, TeamAliasFields.all), (StadiumAliasFields.recordType, StadiumAliasFields.all),
        (GameFields.recordType, GameFields.all),
    ]

    @Test func namesAndColumnsAreUniquePerType() {
        for (type, own) in Self.types {
            let fields = own + CommonFields.all
            #expect(Set(fields.map(\.name)).count == fields.count, "\(type)")
            let columns = fields.flatMap(\.columns)
            #expect(Set(columns).count == columns.count, "\(type)")
            #expect(!columns.contains("id"), "\(type): id is the record name's column")
        }
    }

    @Test func defaultsHaveTheFieldsWireType() {
        for (type, own) in Self.types {
            for field in own + CommonFields.all {
                guard let fallback = field.defaultValue else { continue }
                #expect(field.type.matches(fallback), "\(type).\(field.name)")
            }
        }
    }

    @Test func wireTypesMatchOnlyTheirValues() {
        #expect(FieldSpec.WireType.timestamp.matches(.timestamp(1)))
        #expect(!FieldSpec.WireType.timestamp.matches(.int64(1)))
        #expect(FieldSpec.WireType.stringList.matches(.list(.string, [])))
        #expect(!FieldSpec.WireType.stringList.matches(.list(.int64, [])))
        #expect(!FieldSpec.WireType.string.matches(.int64(1)))
    }
}
