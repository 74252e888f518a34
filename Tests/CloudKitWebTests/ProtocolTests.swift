import CloudKitWeb
import Testing

@Suite struct ServerErrorCodeTests {
    /// Apple's Error Codes table.
    @Test(arguments: [
        ("ACCESS_DENIED", 403), ("ATOMIC_ERROR", 400), ("AUTHENTICATION_FAILED", 401),
        ("AUTHENTICATION_REQUIRED", 421), ("BAD_REQUEST", 400), ("CONFLICT", 409), ("EXISTS", 409),
        ("INTERNAL_ERROR", 500), ("NOT_FOUND", 404), ("QUOTA_EXCEEDED", 413), ("THROTTLED", 429),
        ("TRY_AGAIN_LATER", 503), ("VALIDATING_REFERENCE_ERROR", 412), ("ZONE_NOT_FOUND", 404),
    ])
    func eachDocumentedCodeHasItsHTTPStatus(code: String, status: Int) {
        let parsed = ServerErrorCode(rawValue: code)
        #expect(parsed.rawValue == code)
        #expect(ServerErrorCode.documented.contains(parsed))
        #expect(parsed.httpStatus == status)
    }

    @Test func onlyThrottlingAndServerTroubleAreTransient() {
        let transient = ServerErrorCode.documented.filter(\.isTransient)
        #expect(transient == [.internalError, .throttled, .tryAgainLater])
    }
}

@Suite struct DatabasePathTests {
    @Test func buildsTheDocumentedPath() {
        let path = DatabasePath(
            container: "iCloud.trips.local", environment: "development", scope: .private, operation: .changesZone)
        #expect(path.path == "/database/1/iCloud.trips.local/development/private/changes/zone")
    }

    @Test func parsesWhatItBuilds() {
        for operation in CloudOperation.allCases {
            let path = DatabasePath(
                container: "iCloud.a", environment: "production", scope: .public, operation: operation)
            #expect(DatabasePath(parsing: path.path) == path)
            #expect(DatabasePath(parsing: path.path)?.operation == operation)
        }
    }

    @Test func keepsAnUnknownOperationForTheServerToRefuse() {
        let path = DatabasePath(parsing: "/database/1/iCloud.a/development/public/records/explode")
        #expect(path?.operationName == "records/explode")
        #expect(path?.operation == nil)
    }

    @Test func rejectsPathsThatAreNotDatabasePaths() {
        #expect(DatabasePath(parsing: "/database/2/iCloud.a/development/public/records/query") == nil)
        #expect(DatabasePath(parsing: "/database/1/iCloud.a/development/shared/records/query") == nil)
        #expect(DatabasePath(parsing: "/_admin/faults") == nil)
    }

    @Test func onlyZonesListAndUsersCurrentAreGETs() {
        #expect(CloudOperation.allCases.filter { $0.method == "GET" } == [.zonesList, .usersCurrent])
    }
}
