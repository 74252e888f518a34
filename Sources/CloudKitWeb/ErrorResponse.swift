/// The body of a failed request: `{"uuid", "serverErrorCode", "reason", "retryAfter"?, "redirectURL"?}`.
public struct ErrorResponse: Sendable, Hashable, Codable, Error {
    public var uuid: String?
    public var serverErrorCode: ServerErrorCode
    public var reason: String?
    /// Seconds to wait before retrying (trips choice of unit; see CLOUD-PROTOCOL "Errors").
    public var retryAfter: Double?
    /// Where a user signs in, with `AUTHENTICATION_REQUIRED`.
    public var redirectURL: String?

    public init(
        serverErrorCode: ServerErrorCode, reason: String?, uuid: String? = nil, retryAfter: Double? = nil,
        redirectURL: String? = nil
    ) {
        self.uuid = uuid
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.retryAfter = retryAfter
        self.redirectURL = redirectURL
    }

    private enum CodingKeys: String, CodingKey { case uuid, serverErrorCode, reason, retryAfter, redirectURL }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        serverErrorCode = try c.decode(ServerErrorCode.self, forKey: .serverErrorCode)
        uuid = try? c.decodeIfPresent(String.self, forKey: .uuid)
        reason = try? c.decodeIfPresent(String.self, forKey: .reason)
        retryAfter = (try? c.decodeIfPresent(JSONValue.self, forKey: .retryAfter))?.double
        redirectURL = try? c.decodeIfPresent(String.self, forKey: .redirectURL)
    }
}
