/// The answer of `users/current`: who the web auth token belongs to.
public struct CurrentUser: Sendable, Hashable, Codable {
    public var userRecordName: String
    public var firstName: String?
    public var lastName: String?
    public var emailAddress: String?

    public init(userRecordName: String, firstName: String? = nil, lastName: String? = nil) {
        self.userRecordName = userRecordName
        self.firstName = firstName
        self.lastName = lastName
    }
}
