import FoundationEssentials
import TripsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `config.json` beside the store: a flat JSON object of setting → string. Written atomically
/// with mode 0600 (it may hold tokens); keys it does not know are kept, not dropped.
public struct ConfigFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The stored values; an absent file is empty.
    public func load() throws(ConfigError) -> [String: String] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: "not readable")
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard let values = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw .unreadable(path: path, reason: "not a JSON object of strings")
        }
        return values
    }

    /// Replaces the file's contents: a temporary file created 0600, then renamed over it.
    public func save(_ values: [String: String]) throws(ConfigError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(values) else { throw .notWritable(path: path, reason: "cannot encode") }
        data.append(0x0A)
        let directory = PathText.deletingLastComponent(path)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .notWritable(path: path, reason: "cannot create \(directory)")
        }
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .notWritable(path: path, reason: String(cString: strerror(errno))) }
        // O_CREAT's mode only applies to new files: make sure a leftover one is private too.
        fchmod(fd, 0o600)
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .notWritable(path: path, reason: reason)
        }
    }

    /// Sets (or with nil removes) one key, keeping the others.
    public func update(_ key: ConfigKey, to value: String?) throws(ConfigError) {
        var values = try load()
        values[key.rawValue] = value
        try save(values)
    }
}
