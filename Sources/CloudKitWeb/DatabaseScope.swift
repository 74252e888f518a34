/// Which database of a container a request addresses (the `{database}` path segment).
public enum DatabaseScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// Canonical data, readable with the API token alone.
    case `public`
    /// One user's data, needing a web auth token.
    case `private`
}
