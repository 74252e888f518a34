import CloudKitWeb
import Foundation
import HTTPServer

extension CloudService {
    private func syncToken(owner: Int64, zone: String, in store: CloudStore) throws -> String? {
        guard let generation = try store.zoneGeneration(owner: owner, zone: zone) else { return nil }
        return SyncToken(generation: generation, sequence: try store.currentSequence(owner: owner)).encoded
    }

    func listZones(scope: DatabaseScope, caller: Caller) throws -> ServerResponse {
        guard scope == .private else {
            return ServerResponse(status: 200, body: CloudService.encode(ZoneList(zones: [Zone(zoneID: .defaultZone)])))
        }
        let owner = owner(of: scope, caller: caller)
        let zones: [Zone] = try withStore { store in
            try ([ZoneID.defaultZone.zoneName] + store.zoneNames(owner: owner)).map { name in
                Zone(zoneID: ZoneID(zoneName: name), syncToken: try syncToken(owner: owner, zone: name, in: store))
            }
        }
        return ServerResponse(status: 200, body: CloudService.encode(ZoneList(zones: zones)))
    }

    func modifyZones(_ request: ZonesModifyRequest, scope: DatabaseScope, caller: Caller) throws -> ServerResponse {
        guard scope == .private else {
            throw ServiceError.badRequest("custom zones exist only in private databases")
        }
        guard request.operations.count <= ProtocolLimits.operationsPerRequest else {
            throw ServiceError.badRequest("at most \(ProtocolLimits.operationsPerRequest) operations per request")
        }
        let owner = owner(of: scope, caller: caller)
        let results: [ItemResult<Zone>] = try withStore { store in
            try store.db.transaction {
                try request.operations.map { operation in
                    let zoneID = operation.zone.zoneID
                    let name = zoneID.zoneName
                    func failure(_ code: ServerErrorCode, _ reason: String) -> ItemResult<Zone> {
                        .failure(
                            ItemError(zoneID: zoneID, serverErrorCode: code, reason: reason, uuid: UUID().uuidString))
                    }
                    guard name != ZoneID.defaultZone.zoneName else {
                        return failure(.badRequest, "the default zone cannot be created or deleted")
                    }
                    guard !name.isEmpty, name.unicodeScalars.count <= 255, !name.hasPrefix("_") else {
                        return failure(.badRequest, "invalid zone name")
                    }
                    switch operation.operationType {
                    case .create:
                        try store.createZone(owner: owner, zone: name)
                    case .delete:
                        guard try store.zoneGeneration(owner: owner, zone: name) != nil else {
                            return failure(.zoneNotFound, "zone \(name) does not exist")
                        }
                        try store.deleteZone(owner: owner, zone: name)
                        return .success(Zone(zoneID: ZoneID(zoneName: name)))
                    }
                    return .success(
                        Zone(
                            zoneID: ZoneID(zoneName: name),
                            syncToken: try syncToken(owner: owner, zone: name, in: store)))
                }
            }
        }
        return ServerResponse(status: 200, body: CloudService.encode(ZoneList(zones: results)))
    }

    func changes(_ request: ZoneChangesRequest, scope: DatabaseScope, caller: Caller) throws -> ServerResponse {
        guard scope == .private else {
            throw ServiceError.badRequest("the public database has no change tokens; query by modifiedTimestamp")
        }
        let owner = owner(of: scope, caller: caller)
        let items: [String] = try withStore { store in
            try request.zones.map { item in
                let name = item.zoneID.zoneName
                guard let generation = try store.zoneGeneration(owner: owner, zone: name) else {
                    let error = ItemError(
                        zoneID: item.zoneID, serverErrorCode: .zoneNotFound, reason: "zone \(name) does not exist",
                        uuid: UUID().uuidString)
                    return String(decoding: CloudService.encode(error), as: UTF8.self)
                }
                var after: Int64 = 0
                if let text = item.syncToken {
                    guard let token = SyncToken(decoding: text), token.generation == generation,
                        token.sequence <= (try store.currentSequence(owner: owner))
                    else {
                        throw ServiceError.badRequest(
                            "syncToken is unknown or expired; fetch the zone again without one")
                    }
                    after = token.sequence
                }
                let wanted = item.resultsLimit ?? request.resultsLimit ?? settings.pageLimit
                let limit = min(max(wanted, 1), settings.pageLimit)
                var rows = try store.changes(
                    owner: owner, zone: name, after: after, limit: limit, types: item.desiredRecordTypes)
                let moreComing = rows.count > limit
                if moreComing { rows.removeLast(rows.count - limit) }
                let sequence = moreComing ? rows.last!.seq : try store.currentSequence(owner: owner)
                let token = SyncToken(generation: generation, sequence: sequence).encoded
                let zoneJSON = String(decoding: CloudService.encode(item.zoneID), as: UTF8.self)
                return "{\"zoneID\":\(zoneJSON),\"syncToken\":\"\(token)\",\"moreComing\":\(moreComing),\"records\":["
                    + rows.map(\.json).joined(separator: ",") + "]}"
            }
        }
        return ServerResponse(status: 200, body: Data(("{\"zones\":[" + items.joined(separator: ",") + "]}").utf8))
    }
}
