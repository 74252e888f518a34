import CloudKitClient
import Foundation
import OutputText
import TripsStore

/// The cloud side of the settings: they become a `CloudConfiguration` and sync options here,
/// so reading and editing settings (`trips config`) needs no networking code.
extension SyncSettings {
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

    /// Which cloud this is, without secrets: URL (its password hidden — this is stored in the
    /// store and the sync log), container and environment.
    public static func identity(of configuration: CloudConfiguration) -> String {
        let url = SecretRedaction.redact(configuration.baseURL.absoluteString)
        return "\(url) \(configuration.container) \(configuration.environment)"
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
