/// One raw file a bundle file was built from, as the manifest lists it: enough to fetch the
/// same bytes again and to know what its licence says.
public struct SourceReference: Sendable, Hashable, Codable {
    public var path: String
    public var repository: String
    public var commit: String
    public var licence: String

    public init(path: String, repository: String, commit: String, licence: String) {
        self.path = path
        self.repository = repository
        self.commit = commit
        self.licence = licence
    }
}
