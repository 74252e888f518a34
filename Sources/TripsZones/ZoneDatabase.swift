import Foundation
import TripsModel

/// The system tz database (TZif files under /usr/share/zoneinfo): the one place zone rules are
/// read, for filing games under days (TripsStore), showing them (TripsCLI) and planning
/// (handed to TripsPlanner as a lookup). Each zone is read on first use and cached, so a
/// command loads only the zones it shows; safe to share across threads.
public final class ZoneDatabase: @unchecked Sendable {
    /// The machine's tz database, shared by the whole process.
    public static let system = ZoneDatabase(directory: "/usr/share/zoneinfo")

    public let directory: String
    private let lock = NSLock()
    private var zones: [String: ZoneInfo?] = [:]

    public init(directory: String) {
        self.directory = directory
    }

    /// The rules of `identifier`; nil when the database has no such (valid) file.
    public func zone(_ identifier: String) -> ZoneInfo? {
        if let cached = lock.withLock({ zones[identifier] }) { return cached }
        let info = read(identifier)
        lock.withLock { zones[identifier] = info }
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

    private func read(_ identifier: String) -> ZoneInfo? {
        // Reject paths that would escape the database.
        guard !identifier.isEmpty, !identifier.contains(".."), !identifier.hasPrefix("/"),
            let data = FileManager.default.contents(atPath: directory + "/" + identifier)
        else { return nil }
        return ZoneInfo(identifier: identifier, tzif: [UInt8](data))
    }
}
