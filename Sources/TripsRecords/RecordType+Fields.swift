import RecordSchema
import TripsModel

extension RecordType {
    /// The type's own fields (DESIGN §3) as `RecordSchema` declares them, in store column order;
    /// `CommonFields` come on top.
    public var fields: [FieldSpec] {
        switch self {
        case .sport: return SportFields.all
        case .leagueStructure: return LeagueStructureFields.all
        case .stadium: return StadiumFields.all
        case .team: return TeamFields.all
        case .teamAlias: return TeamAliasFields.all
        case .stadiumAlias: return StadiumAliasFields.all
        case .game: return GameFields.all
        }
    }
}
