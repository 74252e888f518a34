/// The protocol's size limits (CLOUD-PROTOCOL "Requests").
public enum ProtocolLimits {
    /// Records per response; also the default and the cap of `resultsLimit`.
    public static let recordsPerResponse = 200
    /// Operations per `records/modify` or `zones/modify` request.
    public static let operationsPerRequest = 200
    /// Bytes of one record.
    public static let recordBytes = 1 << 20
}
