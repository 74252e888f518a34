import CloudKitWeb
import Foundation
import HTTPServer

extension CloudService {
    /// The database a caller addresses: the public one (owner 0) or the caller's own, in the
    /// environment the path names.
    func owner(of scope: DatabaseScope, caller: Caller) -> Int64 {
        caller.environment.owner(scope == .public ? CloudStore.publicOwner : caller.user!.id)
    }

    /// The zone's name, checked to exist.
    func zoneName(_ zoneID: ZoneID?, owner: Int64, in store: CloudStore) throws -> String {
        let name = zoneID?.zoneName ?? ZoneID.defaultZone.zoneName
        guard try store.zoneGeneration(owner: owner, zone: name) != nil else {
            throw ServiceError(.zoneNotFound, "zone \(name) does not exist")
        }
        return name
    }

    /// The SELECT expression for `fields` limited to `desiredKeys` (nil: all fields).
    static func fieldsExpression(_ desiredKeys: [String]?) throws(ServiceError) -> String {
        guard let keys = desiredKeys else { return "fields" }
        guard !keys.isEmpty else { return "'{}'" }
        for key in keys { _ = try QueryPlan.path(of: key) }  // validated: safe to inline
        let list = keys.map { "'\($0)'" }.joined(separator: ", ")
        return
            "(SELECT json_group_object(e.key, json(e.value)) FROM json_each(records.fields) AS e WHERE e.key IN (\(list)))"
    }

    /// The publisher's bookkeeping in the public database (its lease, its feeds' URLs and
    /// validators): the publisher's own, not the clients'. A caller with only the API token reads
    /// none of it (issue 37 item 7); a signed publisher or the admin does.
    static let publisherTypes: Set<String> = ["PublisherLease", "PublisherFeedState"]

    func hidesBookkeeping(from caller: Caller, scope: DatabaseScope) -> Bool {
        scope == .public && caller.signedBy == nil && !caller.admin
    }

    func query(_ request: QueryRequest, scope: DatabaseScope, caller: Caller) throws -> ServerResponse {
        if hidesBookkeeping(from: caller, scope: scope), Self.publisherTypes.contains(request.query.recordType) {
            let info = CloudDatabaseInfo(epoch: caller.environment.epoch(epoch), recordCount: 0).jsonMember
            return ServerResponse(status: 200, body: Data(("{\"records\":[]," + info + "}").utf8))
        }
        let owner = owner(of: scope, caller: caller)
        let limit = min(max(request.resultsLimit ?? settings.pageLimit, 1), settings.pageLimit)
        let lag = faults.indexLagMs
        let visibleUntil = lag > 0 ? nowMs - lag : nil
        let fields = try CloudService.fieldsExpression(request.desiredKeys)
        let (rows, lastKeys, fingerprint, count) = try withStore { store in
            let zone = try zoneName(request.zoneID, owner: owner, in: store)
            let plan = try QueryPlan(
                owner: owner, zone: zone, request: request, limit: limit, visibleUntilMs: visibleUntil,
                fieldsExpression: fields)
            let page = try store.query(plan, limit: limit)
            // On the last page only: one indexed count per completed pull of a type.
            let count =
                page.lastKeys == nil
                ? try store.liveRecordCount(owner: owner, zone: zone, type: request.query.recordType) : nil
            return (page.rows, page.lastKeys, plan.fingerprint, count)
        }
        var json = "{\"records\":["
        json.reserveCapacity(rows.count * 600)
        for (i, row) in rows.enumerated() {
            if i > 0 { json += "," }
            json += row.json
        }
        json += "]"
        if let lastKeys {
            json +=
                ",\"continuationMarker\":\"" + ContinuationMarker(fingerprint: fingerprint, keys: lastKeys).encoded
                + "\""
        }
        json += "," + CloudDatabaseInfo(epoch: caller.environment.epoch(epoch), recordCount: count).jsonMember
        json += "}"
        return ServerResponse(status: 200, body: Data(json.utf8))
    }

    func lookup(_ request: LookupRequest, scope: DatabaseScope, caller: Caller) throws -> ServerResponse {
        guard request.records.count <= ProtocolLimits.recordsPerResponse else {
            throw ServiceError.badRequest("at most \(ProtocolLimits.recordsPerResponse) records per lookup")
        }
        let owner = owner(of: scope, caller: caller)
        let fields = try CloudService.fieldsExpression(request.desiredKeys)
        let items: [String] = try withStore { store in
            let zone = try zoneName(request.zoneID, owner: owner, in: store)
            return try request.records.map { item in
                let hidden = hidesBookkeeping(from: caller, scope: scope)
                if let row = try store.fetch(owner: owner, zone: zone, name: item.recordName, fieldsExpression: fields),
                    !row.deleted, !(hidden && Self.publisherTypes.contains(row.type))
                {
                    return row.json
                }
                let error = ItemError(
                    recordName: item.recordName, serverErrorCode: .notFound,
                    reason: "record \(item.recordName) does not exist", uuid: UUID().uuidString)
                return String(decoding: CloudService.encode(error), as: UTF8.self)
            }
        }
        return ServerResponse(status: 200, body: Data(("{\"records\":[" + items.joined(separator: ",") + "]}").utf8))
    }

    func modify(_ request: ModifyRequest, scope: DatabaseScope, caller: Caller) throws -> ServerResponse {
        let results = try modifyResults(request, scope: scope, caller: caller)
        return ServerResponse(status: 200, body: CloudService.encode(RecordResultList(records: results)))
    }

    /// What `records/modify` answers, item by item in request order.
    func modifyResults(
        _ request: ModifyRequest, scope: DatabaseScope, caller: Caller
    ) throws -> [ItemResult<Record>] {
        if scope == .public, caller.signedBy == nil, !(caller.admin && settings.adminWrites) {
            throw ServiceError(
                .accessDenied,
                "writing the public database needs a request signed by a registered server-to-server key "
                    + "(trips-cloud key add)"
                    + (caller.admin ? "; the admin token writes only on a server started with --admin-writes" : ""))
        }
        guard request.operations.count <= ProtocolLimits.operationsPerRequest else {
            throw ServiceError.badRequest("at most \(ProtocolLimits.operationsPerRequest) operations per request")
        }
        _ = try CloudService.fieldsExpression(request.desiredKeys)
        let owner = owner(of: scope, caller: caller)
        let actor = scope == .public ? CloudService.publicActor(caller) : caller.user?.recordName
        let now = nowMs
        var results: [ItemResult<Record>] = try withStore { store in
            let zone = try zoneName(request.zoneID, owner: owner, in: store)
            let atomic = zone != ZoneID.defaultZone.zoneName && (request.atomic ?? true)
            let writer = RecordWriter(store: store, owner: owner, zone: zone, actor: actor, nowMs: now)
            return try writer.apply(request.operations, atomic: atomic)
        }
        if let keys = request.desiredKeys {
            let wanted = Set(keys)
            results = results.map { result in
                guard case .success(var record) = result else { return result }
                record.fields = record.fields.filter { wanted.contains($0.key) }
                return .success(record)
            }
        }
        return results
    }
}
