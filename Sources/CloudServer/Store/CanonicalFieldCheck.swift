import CloudKitWeb
import RecordSchema

/// The values of a canonical record (DESIGN §3) that no client can use, refused at save by
/// `FieldSpec.problem(with:)` — the rule clients read by too. Fields the schema does not name,
/// and records of other types, are not checked.
enum CanonicalFieldCheck {
    /// Each canonical type's fields by wire name, common fields included.
    static let specs: [String: [String: FieldSpec]] = {
        let types: [(String, [FieldSpec])] = [
            (SportFields.recordType, SportFields.all), (LeagueStructureFields.recordType, LeagueStructureFields.all),
            (StadiumFields.recordType, StadiumFields.all), (TeamFields.recordType, TeamFields.all),
            (TeamAliasFields.recordType, TeamAliasFields.all), (StadiumAliasFields.recordType, StadiumAliasFields.all),
            (GameFields.recordType, GameFields.all),
        ]
        return Dictionary(
            uniqueKeysWithValues: types.map { type, fields in
                (type, Dictionary(uniqueKeysWithValues: (fields + CommonFields.all).map { ($0.name, $0) }))
            })
    }()

    /// Why `value` cannot be `field` of a `type` record; nil when it can (or is not checked).
    static func problem(type: String, field: String, value: FieldValue) -> String? {
        guard let spec = specs[type]?[field], let problem = spec.problem(with: value) else { return nil }
        return "field \(field) of a \(type) \(problem)"
    }
}
