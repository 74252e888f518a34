import CloudKitWeb
import FoundationEssentials

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

        /// The value as it may be shown: secrets redacted, and a password in the URL.
        public var displayValue: String? {
            value.map(key.displayed)
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
    package func validated(_ key: ConfigKey) throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        return try key.validate(value)
    }

    /// Whether enough is set to reach a cloud: a container and an API token.
    public var missingCloudKeys: [ConfigKey] {
        [ConfigKey.cloudContainer, .cloudAPIToken].filter { value($0) == nil }
    }
}

extension SyncSettings {
    /// Whether the user set a cloud at all (its URL, container or token; the URL's default,
    /// Apple's, is none): then `trips sync` reads it, and says what else it lacks; without one,
    /// it reads the leagues' feeds.
    public var hasCloud: Bool {
        entries.contains { entry in
            [.cloudURL, .cloudContainer, .cloudAPIToken].contains(entry.key)
                && { if case .environment = entry.source { true } else { entry.source == .file } }()
        }
    }
}
