import FoundationEssentials
import InputText
import OutputText
import TripsModel

/// The settings `trips config` knows (DESIGN §8), each with its environment override.
public enum ConfigKey: String, CaseIterable, Sendable, Hashable {
    case cloudURL = "cloud.url"
    case cloudContainer = "cloud.container"
    case cloudEnvironment = "cloud.environment"
    case cloudAPIToken = "cloud.apiToken"
    case cloudWebAuthToken = "cloud.webAuthToken"
    case syncPageSize = "sync.pageSize"
    case syncOverlapSeconds = "sync.overlapSeconds"
    case syncSource = "sync.source"
    case deviceName = "device.name"
    /// Where you live (a city, venue, team or "lat,long"): `trips next` measures miles from it.
    case home
    /// `off` hides results in every output, as `--no-scores` does (`--scores` shows them once).
    case scores

    /// A key as typed (case-insensitive), or nil.
    public init?(name: String) {
        guard let key = ConfigKey.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = key
    }

    /// Tokens: never printed (`config list`/`get` show them redacted).
    public var isSecret: Bool { self == .cloudAPIToken || self == .cloudWebAuthToken }

    /// The variable that overrides the stored value (a set, non-empty variable wins).
    public var environmentVariable: String? {
        switch self {
        case .cloudURL: return "TRIPS_CLOUD_URL"
        case .cloudContainer: return "TRIPS_CLOUD_CONTAINER"
        case .cloudEnvironment: return "TRIPS_CLOUD_ENVIRONMENT"
        case .cloudAPIToken: return "TRIPS_CLOUD_API_TOKEN"
        case .cloudWebAuthToken: return "TRIPS_CLOUD_WEB_AUTH_TOKEN"
        case .deviceName: return "TRIPS_DEVICE_NAME"
        case .syncSource: return "TRIPS_SYNC_SOURCE"
        case .syncPageSize, .syncOverlapSeconds, .home, .scores: return nil
        }
    }

    /// Used when neither the environment nor the file sets the key.
    public var defaultValue: String? {
        switch self {
        case .cloudURL: return "https://api.apple-cloudkit.com"
        case .cloudEnvironment: return "development"
        case .syncPageSize: return "200"
        case .syncOverlapSeconds: return "300"
        case .scores: return "on"
        case .cloudContainer, .cloudAPIToken, .cloudWebAuthToken, .deviceName, .syncSource, .home: return nil
        }
    }

    public var summary: String {
        switch self {
        case .cloudURL: return "Cloud base URL (Apple's, or a trips-cloud server's)"
        case .cloudContainer: return "CloudKit container, e.g. iCloud.com.example.trips"
        case .cloudEnvironment: return "development or production"
        case .cloudAPIToken: return "API token for the public database (secret)"
        case .cloudWebAuthToken: return "Web auth token for the private database (secret)"
        case .syncPageSize: return "Records per query page, 1 to 200"
        case .syncOverlapSeconds: return "Seconds re-read before each watermark"
        case .deviceName: return "This device's name on your synced trips (default: the hostname)"
        case .syncSource: return "feeds or cloud (default: cloud when one is set, else the leagues' feeds)"
        case .home: return "Your home town (\"Boston, MA\"), for `trips next`'s miles"
        case .scores: return "on or off: off hides results everywhere, as --no-scores"
        }
    }

    /// Checks and normalises a value for this key.
    public func validate(_ value: String) throws(ConfigError) -> String {
        let text = value.trimmed
        guard !text.isEmpty else {
            throw .invalidValue(key: self, reason: "the value is empty (use `trips config unset`)")
        }
        switch self {
        case .cloudURL:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw .invalidValue(key: self, reason: "expected an http(s) URL such as https://api.apple-cloudkit.com")
            }
            return text
        case .syncPageSize:
            guard let n = Int(text), (1...200).contains(n) else {  // 200: the protocol's page maximum
                throw .invalidValue(key: self, reason: "expected a whole number from 1 to 200")
            }
            return String(n)
        case .syncOverlapSeconds:
            guard let n = Int(text), (0...86_400).contains(n) else {
                throw .invalidValue(key: self, reason: "expected a whole number of seconds from 0 to 86400")
            }
            return String(n)
        case .syncSource:
            guard ["feeds", "cloud"].contains(text.lowercased()) else {
                throw .invalidValue(key: self, reason: "expected feeds or cloud")
            }
            return text.lowercased()
        case .scores:
            guard ["on", "off"].contains(text.lowercased()) else {
                throw .invalidValue(key: self, reason: "expected on or off")
            }
            return text.lowercased()
        case .home:
            guard text.count <= 100, !text.contains(where: { $0.isNewline }) else {
                throw .invalidValue(key: self, reason: "expected a place on one line, such as \"Boston, MA\"")
            }
            return text
        case .deviceName:
            guard text.count <= 64, !text.contains(where: { $0.isNewline }) else {
                throw .invalidValue(key: self, reason: "expected one line of at most 64 characters")
            }
            return text
        case .cloudContainer, .cloudEnvironment, .cloudAPIToken, .cloudWebAuthToken:
            guard !text.contains(where: { $0.isWhitespace }) else {
                throw .invalidValue(key: self, reason: "spaces are not allowed")
            }
            return text
        }
    }

    /// A value of this key as it may be shown: a secret redacted whole, a password in a URL
    /// redacted in place.
    public func displayed(_ value: String) -> String {
        isSecret ? SecretRedaction.marker : SecretRedaction.redact(value)
    }
}
