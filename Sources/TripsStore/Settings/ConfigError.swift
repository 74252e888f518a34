/// Why a setting cannot be read, stored or used.
public enum ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownKey(String)
    /// The reason never repeats the value (it may be a token).
    case invalidValue(key: ConfigKey, reason: String)
    case unreadable(path: String, reason: String)
    case notWritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownKey(let name):
            return "unknown setting '\(name)' — known: " + ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")
        case .invalidValue(let key, let reason):
            return "invalid value for \(key.rawValue): \(reason)"
        case .unreadable(let path, let reason):
            return "cannot read the settings file \(path) (\(reason)); fix or delete it"
        case .notWritable(let path, let reason):
            return "cannot write the settings file \(path) (\(reason))"
        }
    }

    /// The user typed something wrong (exit 2) rather than the file system failing (exit 1).
    public var isUsageError: Bool {
        switch self {
        case .unknownKey, .invalidValue: return true
        case .unreadable, .notWritable: return false
        }
    }
}
