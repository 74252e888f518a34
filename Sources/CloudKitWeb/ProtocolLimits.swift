/// The protocol's size limits (CLOUD-PROTOCOL "Requests").
public enum ProtocolLimits {
    /// Records per response; also the default and the cap of `resultsLimit`.
    public static let recordsPerResponse = 200
    /// Operations per `records/modify` or `zones/modify` request.
    public static let operationsPerRequest = 200
    /// Bytes of one record.
    public static let recordBytes = 1 << 20
    /// Bytes of one request body. CloudKit's own guideline is 2 MB per request (assets aside:
    /// `CKError.Code.limitExceeded`); twice that here, so a request carrying one record at
    /// `recordBytes` fits however its strings are escaped on the wire. Clients keep a request of
    /// many records to 2 MB on the wire (`UserDataSync.requestRecordBytes`), as CloudKit wants.
    public static let requestBytes = 4 << 20
    /// The deepest a field's value may nest arrays and objects (a location or reference is 1, a
    /// list of references 2). The server refuses a deeper value when it is saved and the client
    /// counts a record carrying one as malformed and skips it, so both sides agree on what is
    /// readable — a record that one side takes and the other cannot read would otherwise make
    /// every later page of its type unreadable.
    public static let fieldValueNesting = 64
}
