import CloudKitWeb
import Foundation
import Testing

/// Request and response bodies against the documented shapes (CLOUD-PROTOCOL, Apple's
/// QueryingRecords, LookupRecords, ModifyRecords, zones, changes and users pages).
@Suite struct RequestWireTests {
    @Test func theCanonicalPullQueryEncodesAsDocumented() throws {
        let request = QueryRequest(
            query: Query(
                recordType: "Game", filterBy: [.modified(since: 1_767_225_600_000)], sortBy: QuerySort.byModification),
            zoneID: .defaultZone, resultsLimit: 200, continuationMarker: "abc")
        let expected = try jsonObject(
            """
            {"zoneID": {"zoneName": "_defaultZone"}, "resultsLimit": 200, "continuationMarker": "abc",
             "query": {"recordType": "Game",
               "filterBy": [{"comparator": "GREATER_THAN_OR_EQUALS", "systemFieldName": "modifiedTimestamp",
                             "fieldValue": {"value": 1767225600000, "type": "TIMESTAMP"}}],
               "sortBy": [{"systemFieldName": "modifiedTimestamp", "ascending": true},
                          {"systemFieldName": "recordName", "ascending": true}]}}
            """)
        #expect(try encodedObject(request) == expected)
    }

    @Test func aFilterNamesEitherAFieldOrASystemField() throws {
        let query = try decode(
            Query.self,
            """
            {"recordType": "Game", "filterBy": [
              {"comparator": "EQUALS", "fieldName": "sport", "fieldValue": {"value": "mlb", "type": "STRING"}},
              {"comparator": "IN", "fieldName": "homeTeamId",
               "fieldValue": {"value": ["team_mlb_hou", "team_mlb_tex"], "type": "STRING_LIST"}},
              {"comparator": "LESS_THAN", "systemFieldName": "recordName", "fieldValue": {"value": "game_z"}}],
             "sortBy": [{"fieldName": "startTime", "ascending": false}]}
            """)
        #expect(query.filterBy[0] == QueryFilter(.field("sport"), .equals, .string("mlb")))
        #expect(
            query.filterBy[1]
                == QueryFilter(
                    .field("homeTeamId"), .in, .list(.string, [.string("team_mlb_hou"), .string("team_mlb_tex")])))
        #expect(query.filterBy[2] == QueryFilter(.system(.recordName), .lessThan, .string("game_z")))
        #expect(query.sortBy == [QuerySort(.field("startTime"), ascending: false)])
    }

    @Test(arguments: QueryComparator.allCases)
    func everyComparatorRoundTrips(comparator: QueryComparator) throws {
        let filter = QueryFilter(.field("f"), comparator, .string("v"))
        let again = try JSONDecoder().decode(QueryFilter.self, from: JSONEncoder().encode(filter))
        #expect(again == filter)
        #expect((try encodedObject(filter) as? NSDictionary)?["comparator"] as? String == comparator.rawValue)
    }

    @Test func aFilterWithoutAFieldIsRejected() {
        #expect(throws: DecodingError.self) {
            try decode(QueryFilter.self, #"{"comparator": "EQUALS", "fieldValue": {"value": 1}}"#)
        }
    }

    @Test func anUnknownComparatorIsRejected() {
        #expect(throws: DecodingError.self) {
            try decode(
                QueryFilter.self, #"{"comparator": "SOUNDS_LIKE", "fieldName": "f", "fieldValue": {"value": 1}}"#)
        }
    }

    @Test func aQueryResponseCarriesAMarkerOnlyWhileMoreRemain() throws {
        let more = try decode(
            QueryResponse.self, #"{"records": [{"recordName": "a", "recordType": "Game"}], "continuationMarker": "m1"}"#
        )
        #expect(more.records.map(\.recordName) == ["a"])
        #expect(more.continuationMarker == "m1")
        let last = try decode(QueryResponse.self, #"{"records": []}"#)
        #expect(last.continuationMarker == nil)
    }

    @Test func aLookupAnswerMixesRecordsAndErrorsInRequestOrder() throws {
        #expect(
            try encodedObject(LookupRequest(recordNames: ["a", "b"]))
                == (try jsonObject(#"{"records": [{"recordName": "a"}, {"recordName": "b"}]}"#)))
        let answer = try decode(
            RecordResultList.self,
            """
            {"records": [
              {"recordName": "a", "recordType": "Game", "recordChangeTag": "1", "fields": {}},
              {"recordName": "b", "serverErrorCode": "NOT_FOUND", "reason": "no such record", "uuid": "u-1"}]}
            """)
        #expect(answer.records[0].value?.recordName == "a")
        #expect(
            answer.records[1].error
                == ItemError(recordName: "b", serverErrorCode: .notFound, reason: "no such record", uuid: "u-1"))
    }

    @Test func aModifyRequestEncodesEveryOperationType() throws {
        let operations = RecordOperation.Kind.allCases.map {
            RecordOperation($0, Record(recordName: "r-\($0.rawValue)", recordType: "SavedTrip", recordChangeTag: "t"))
        }
        let object = try encodedObject(
            ModifyRequest(operations: operations, zoneID: ZoneID(zoneName: "UserData"), atomic: true))
        let dict = try #require(object as? NSDictionary)
        #expect(dict["atomic"] as? Bool == true)
        #expect((dict["zoneID"] as? NSDictionary)?["zoneName"] as? String == "UserData")
        let types = (dict["operations"] as? [NSDictionary])?.compactMap { $0["operationType"] as? String }
        #expect(types == ["create", "update", "forceUpdate", "replace", "forceReplace", "delete", "forceDelete"])
        let record = (dict["operations"] as? [NSDictionary])?.first?["record"] as? NSDictionary
        #expect(record?["recordChangeTag"] as? String == "t")
    }

    @Test func onlyUpdateReplaceAndDeleteCheckTheChangeTag() {
        let checking = RecordOperation.Kind.allCases.filter(\.checksChangeTag)
        #expect(checking == [.update, .replace, .delete])
    }

    @Test func aTopLevelErrorCarriesCodeReasonRetryAfterAndRedirect() throws {
        let error = try decode(
            ErrorResponse.self,
            """
            {"uuid": "u-2", "serverErrorCode": "THROTTLED", "reason": "slow down", "retryAfter": 3,
             "redirectURL": "https://example.com/signin"}
            """)
        #expect(
            error
                == ErrorResponse(
                    serverErrorCode: .throttled, reason: "slow down", uuid: "u-2", retryAfter: 3,
                    redirectURL: "https://example.com/signin"))
        let again = try JSONDecoder().decode(ErrorResponse.self, from: JSONEncoder().encode(error))
        #expect(again == error)
    }

    @Test func aRetryAfterSentAsAStringIsRead() throws {
        let error = try decode(ErrorResponse.self, #"{"serverErrorCode": "TRY_AGAIN_LATER", "retryAfter": "2"}"#)
        #expect(error.retryAfter == 2)
    }

    @Test func anUnknownErrorCodeIsKept() throws {
        let error = try decode(ErrorResponse.self, #"{"serverErrorCode": "BRAND_NEW_CODE", "reason": "?"}"#)
        #expect(error.serverErrorCode == .unknown("BRAND_NEW_CODE"))
        #expect(error.serverErrorCode.rawValue == "BRAND_NEW_CODE")
    }

    @Test func zonesListAndModifyHaveTheDocumentedShapes() throws {
        let list = try decode(
            ZoneList<Zone>.self,
            #"{"zones": [{"zoneID": {"zoneName": "_defaultZone"}}, {"zoneID": {"zoneName": "UserData"}, "syncToken": "s1"}]}"#
        )
        #expect(
            list.zones == [Zone(zoneID: .defaultZone), Zone(zoneID: ZoneID(zoneName: "UserData"), syncToken: "s1")])
        let request = ZonesModifyRequest(operations: [.init(.create, ZoneID(zoneName: "UserData"))])
        #expect(
            try encodedObject(request)
                == (try jsonObject(
                    #"{"operations": [{"operationType": "create", "zone": {"zoneID": {"zoneName": "UserData"}}}]}"#)))
        let answer = try decode(
            ZoneList<ItemResult<Zone>>.self,
            """
            {"zones": [{"zoneID": {"zoneName": "UserData"}},
                       {"zoneID": {"zoneName": "Gone"}, "serverErrorCode": "ZONE_NOT_FOUND", "reason": "no zone"}]}
            """)
        #expect(answer.zones[0].value == Zone(zoneID: ZoneID(zoneName: "UserData")))
        #expect(answer.zones[1].error?.serverErrorCode == .zoneNotFound)
        #expect(answer.zones[1].error?.zoneID == ZoneID(zoneName: "Gone"))
    }

    @Test func zoneChangesCarryTokenMoreComingAndDeletedEntries() throws {
        #expect(
            try encodedObject(
                ZoneChangesRequest(
                    zones: [.init(zoneID: ZoneID(zoneName: "UserData"), syncToken: "s1")], resultsLimit: 200))
                == (try jsonObject(
                    #"{"zones": [{"zoneID": {"zoneName": "UserData"}, "syncToken": "s1"}], "resultsLimit": 200}"#)))
        let answer = try decode(
            ZoneChangesResponse.self,
            """
            {"zones": [{"zoneID": {"zoneName": "UserData"}, "syncToken": "s2", "moreComing": true,
              "records": [{"recordName": "trip-1", "recordType": "SavedTrip", "recordChangeTag": "a", "fields": {}},
                          {"recordName": "trip-2", "deleted": true}]}]}
            """)
        let changes = try #require(answer.zones.first?.value)
        #expect(changes.syncToken == "s2")
        #expect(changes.moreComing)
        #expect(changes.records.map(\.deleted) == [false, true])
    }

    @Test func currentUserHasAUserRecordName() throws {
        let user = try decode(CurrentUser.self, #"{"userRecordName": "_0123abc", "lastName": "x"}"#)
        #expect(user.userRecordName == "_0123abc")
    }
}
