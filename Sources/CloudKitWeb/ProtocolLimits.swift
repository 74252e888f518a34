/// The protocol's size limits (CLOUD-PROTOCOL "Requests").
public enum ProtocolLimits {
    /// Records per response; also the default and the cap of `resultsLimit`.
    public static let recordsPerResponse = 200
    /// Operations per `records/modify` or `zones/modify` request.
    public static let operationsPerRequest = 200
    /// Bytes of one record.
    public static let recordBytes = 1 << 20
    /// The deepest a field's value may nest arrays and objects (a location or reference is 1, a
    /// list of references 2). The server refuses a deeper value when it is saved and the client
    /// counts a record carrying one as malformed and skips it, so both sides agree on what is
    /// readable — a record that one side takes and the other cannot read would otherwise make
    /// every later page of its type unreadable.
    public static let fieldValueNesting = 64
}
