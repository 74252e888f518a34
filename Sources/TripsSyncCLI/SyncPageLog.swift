import OutputText
import TripsCLI
import TripsModel
import TripsSync

/// `trips sync -v`: a line per page on stderr as it is applied — its record type, entries and
/// changes, and the time the page and the sync so far took — and one when a type ends, so a
/// slow or stuck sync shows where its time goes.
final class SyncPageLog {
    private let output: Output
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var last: ContinuousClock.Instant
    /// Entries of the type so far, at the previous report.
    private var records = 0

    init(output: Output) {
        self.output = output
        started = clock.now
        last = started
    }

    func show(_ progress: SyncProgress) {
        let now = clock.now
        let type = progress.recordType.rawValue
        let total = Self.seconds(started.duration(to: now))
        if progress.finished {
            output.line(
                "sync: \(type) done: \(Self.count(progress.pages, "page")), \(Self.count(progress.records, "record")), "
                    + "\(progress.changed) changed (\(total) s so far)")
            records = 0
        } else {
            output.line(
                "sync: \(type) page \(progress.pages): \(Self.count(progress.records - records, "record")) in "
                    + "\(Self.seconds(last.duration(to: now))) s (\(total) s so far)")
            records = progress.records
        }
        output.flush()
        last = now
    }

    /// "1 record", "200 records".
    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        return Numeral.fixed(Double(parts.seconds) + Double(parts.attoseconds) / 1e18, digits: 2)
    }
}
