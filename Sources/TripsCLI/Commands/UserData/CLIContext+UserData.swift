import FoundationEssentials
import TripsStore

#if canImport(Glibc)
    import Glibc
#endif

extension CLIContext {
    /// The current instant in milliseconds, the time user-data edits are stamped with.
    var nowMs: Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded()) }

    /// The name this device signs its user-data edits with: `device.name` (or
    /// TRIPS_DEVICE_NAME), else the hostname.
    func deviceName() -> String {
        let settings = try? SyncSettings.load(configPath: storeLocation.configPath, environment: environment)
        if let name = settings?.value(.deviceName), !name.isEmpty { return name }
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "this device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "this device" : name
    }
}

/// "just now", "5 min ago", "2 h ago", "3 days ago": how long since a user-data change.
enum ElapsedTime {
    static func ago(_ thenMs: Int64, nowMs: Int64) -> String {
        let seconds = max(0, (nowMs - thenMs) / 1000)
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return "\(seconds / 60) min ago" }
        if seconds < 48 * 3_600 { return "\(seconds / 3_600) h ago" }
        return "\(seconds / 86_400) days ago"
    }
}
