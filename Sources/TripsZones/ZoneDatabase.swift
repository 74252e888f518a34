import FoundationEssentials
import Synchronization
import TripsModel

/// The system tz database (TZif files under /usr/share/zoneinfo): the one place zone rules are
/// read, for filing games under days (TripsStore), showing them (TripsCLI) and planning
/// (handed to TripsPlanner as a lookup). Each zone is read on first use and cached, so a
/// command loads only the zones it shows; safe to share across threads.
public final class ZoneDatabase: Sendable {
    /// The machine's tz database, shared by the whole process.
    public static let system = ZoneDatabase(directory: "/usr/share/zoneinfo")

    public let directory: String
    private let zones = Mutex<[String: ZoneInfo?]>([:])

    public init(directory: String) {
        self.directory = directory
    }

    /// The rules of `identifier`; nil when the database has no such (valid) file. A fixed
    /// `GMT+0530` (Foundation's name for an offset zone) needs no file.
    public func zone(_ identifier: String) -> ZoneInfo? {
        if let cached = zones.withLock({ $0[identifier] }) { return cached }
        let info = read(identifier) ?? Self.fixed(identifier)
        zones.withLock { $0[identifier] = info }
        return info
    }

    /// The rules of a Foundation zone: its tz file, else its current fixed offset (a zone made
    /// from `TZ` that names no file).
    public func zone(for timeZone: TimeZone) -> ZoneInfo {
        zone(timeZone.identifier)
            ?? ZoneInfo(
                identifier: timeZone.identifier, fixedOffset: timeZone.secondsFromGMT(),
                abbreviation: timeZone.identifier)
    }

    /// The user's own zone: `TZ` (`America/Chicago`, `:Europe/London`) when it names a zone,
    /// else the zone `/etc/localtime` links to, else UTC.
    public func local(environment: [String: String]) -> ZoneInfo {
        if let tz = environment["TZ"], let info = zone(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) {
            return info
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let name = Self.identifier(inPath: target), let info = zone(name)
        {
            return info
        }
        return .utc
    }

    /// `America/Chicago` from `/usr/share/zoneinfo/America/Chicago` (or `../usr/share/zoneinfo/…`).
    static func identifier(inPath path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let index = parts.lastIndex(of: "zoneinfo"), index + 1 < parts.count else { return nil }
        return parts[(index + 1)...].joined(separator: "/")
    }

    /// `GMT+0530` / `GMT-0330` → a fixed zone named as Foundation's formatters name it (`GMT+5:30`).
    static func fixed(_ identifier: String) -> ZoneInfo? {
        let text = Array(identifier.utf8)
        guard text.count == 8, identifier.hasPrefix("GMT"),
            text[3] == UInt8(ascii: "+") || text[3] == UInt8(ascii: "-"),
            text[4...].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let digits = text[4...].map { Int($0 - UInt8(ascii: "0")) }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits[2] * 10 + digits[3]
        guard hours <= 14, minutes < 60 else { return nil }
        let sign = text[3] == UInt8(ascii: "+") ? 1 : -1
        let name =
            "GMT\(sign > 0 ? "+" : "-")\(hours)"
            + (minutes == 0 ? "" : ":" + (minutes < 10 ? "0" : "") + String(minutes))
        return ZoneInfo(identifier: identifier, fixedOffset: sign * (hours * 3600 + minutes * 60), abbreviation: name)
    }

    private func read(_ identifier: String) -> ZoneInfo? {
        // Reject paths that would escape the database.
        guard !identifier.isEmpty, !identifier.contains(".."), !identifier.hasPrefix("/"),
            let data = FileManager.default.contents(atPath: directory + "/" + identifier)
        else { return nil }
        return ZoneInfo(identifier: identifier, tzif: [UInt8](data))
    }
}
