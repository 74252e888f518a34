import CloudKitClient
import Foundation

/// The effective settings: for each key the environment variable if set, else `config.json`,
/// else the default — with where each value came from, for `trips config list`.
public struct SyncSettings: Sendable {
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        case environment(String)
        case file
        case defaultValue
        case unset

        public var description: String {
            switch self {
            case .environment(let name): return "env \(name)"
            case .file: return "config file"
            case .defaultValue: return "default"
            case .unset: return "not set"
            }
        }
    }

    public struct Entry: Sendable, Hashable {
        public var key: ConfigKey
        public var value: String?
        public var source: Source

        /// The value as it may be shown: secrets redacted.
        public var displayValue: String? {
            guard let value else { return nil }
            return key.isSecret ? "‹redacted›" : value
        }
    }

    public let entries: [Entry]

    public init(fileValues: [String: String], environment: [String: String]) {
        entries = ConfigKey.allCases.map { key in
            if let name = key.environmentVariable, let value = environment[name], !value.isEmpty {
                return Entry(key: key, value: value, source: .environment(name))
            }
            if let value = fileValues[key.rawValue], !value.isEmpty {
                return Entry(key: key, value: value, source: .file)
            }
            if let value = key.defaultValue { return Entry(key: key, value: value, source: .defaultValue) }
            return Entry(key: key, value: nil, source: .unset)
        }
    }

    /// Reads `config.json` at `path` and overlays the environment.
    public static func load(configPath path: String, environment: [String: String]) throws(ConfigError) -> SyncSettings
    {
        SyncSettings(fileValues: try ConfigFile(path: path).load(), environment: environment)
    }

    public func entry(_ key: ConfigKey) -> Entry {
        entries.first { $0.key == key } ?? Entry(key: key, value: nil, source: .unset)
    }

    public func value(_ key: ConfigKey) -> String? { entry(key).value }

    /// A value checked by its key's rules (a hand-edited file or variable may hold anything).
    private func validated(_ key: ConfigKey) throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        return try key.validate(value)
    }

    /// Whether enough is set to reach a cloud: a container and an API token.
    public var missingCloudKeys: [ConfigKey] {
        [ConfigKey.cloudContainer, .cloudAPIToken].filter { value($0) == nil }
    }

    /// The connection settings, or `SyncSetupError.notConfigured` naming what is missing.
    public func cloudConfiguration() throws(SyncSetupError) -> CloudConfiguration {
        let missing = missingCloudKeys
        guard missing.isEmpty else { throw .notConfigured(missing: missing) }
        let values: (url: String?, container: String?, token: String?, environment: String?, webAuth: String?)
        do throws(ConfigError) {
            values = (
                try validated(.cloudURL), try validated(.cloudContainer), try validated(.cloudAPIToken),
                try validated(.cloudEnvironment), try validated(.cloudWebAuthToken)
            )
        } catch {
            throw .invalidSetting(error)
        }
        guard let url = values.url.flatMap(URL.init(string:)), let container = values.container,
            let token = values.token
        else { throw .notConfigured(missing: missing) }
        return CloudConfiguration(
            baseURL: url, container: container, environment: values.environment ?? "development", apiToken: token,
            webAuthToken: values.webAuth)
    }

    /// Page size and overlap for a pull.
    public func syncOptions() throws(SyncSetupError) -> (pageSize: Int, overlapMs: Int64) {
        do throws(ConfigError) {
            let pageSize = try validated(.syncPageSize).flatMap(Int.init) ?? CanonicalSyncOptions.maximumPageSize
            let overlap = try validated(.syncOverlapSeconds).flatMap(Int64.init).map { $0 * 1000 }
            return (pageSize, overlap ?? CanonicalSyncOptions.defaultOverlapMs)
        } catch {
            throw .invalidSetting(error)
        }
    }

    /// Which cloud this is, without secrets: URL, container and environment.
    public static func identity(of configuration: CloudConfiguration) -> String {
        "\(configuration.baseURL.absoluteString) \(configuration.container) \(configuration.environment)"
    }
}

/// Why `trips sync` cannot start talking to the cloud.
public enum SyncSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    case notConfigured(missing: [ConfigKey])
    case invalidSetting(ConfigError)

    public var description: String {
        switch self {
        case .notConfigured(let missing):
            let keys = missing.map(\.rawValue).joined(separator: " and ")
            let variables = missing.compactMap(\.environmentVariable).joined(separator: " and ")
            return "no cloud configured: set \(keys) with `trips config set` (or \(variables))"
        case .invalidSetting(let error):
            return error.description
        }
    }
}
