/// The operations of the protocol (the path after `{database}/`), with their HTTP methods.
public enum CloudOperation: String, Sendable, Hashable, CaseIterable {
    case recordsQuery = "records/query"
    case recordsLookup = "records/lookup"
    case recordsModify = "records/modify"
    case zonesList = "zones/list"
    case zonesModify = "zones/modify"
    case changesZone = "changes/zone"
    case usersCurrent = "users/current"

    /// `zones/list` and `users/current` are GETs; everything else POSTs a JSON body.
    public var method: String { self == .zonesList || self == .usersCurrent ? "GET" : "POST" }
}
