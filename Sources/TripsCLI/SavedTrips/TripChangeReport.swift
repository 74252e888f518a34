import FoundationEssentials
import OutputText
import TripsStore
import TripsZones

/// After every sync: each saved trip whose games changed is told once on stderr — what moved,
/// and whether the trip still works — and not again until something else changes. "Once" is
/// per device (a local note of what was said), so every device the trip syncs to says it too.
package enum TripChangeReport {
    /// The store's note of what was last said about a trip.
    static func key(_ tripId: String) -> String { "savedTrip.reported." + tripId }

    /// Reviews every saved trip and says what has not been said; never fails a sync (a trip
    /// that cannot be reviewed is skipped, and `saved show` says why).
    /// `store`: the one the sync wrote (a watcher keeps its own open); else the context's.
    package static func run(_ context: CLIContext, store: CanonicalStore? = nil) {
        guard let store = store ?? (try? context.store()), let trips = try? store.savedTrips(), !trips.isEmpty
        else { return }
        // A provider of its own: a watcher's syncs change teams and venues between reports.
        let provider = DataProvider(store: store)
        let clock = LocalTimeFormatter()
        for trip in trips {
            guard let review = try? SavedTripReview(trip, provider: provider, plansAgain: false), review.isFollowed
            else { continue }
            let lines = review.changeLines(clock: clock)
            let said = lines.isEmpty ? "" : lines.joined(separator: "; ") + (review.current == nil ? " ·unfit" : "")
            guard (try? store.info(key(trip.id))) ?? "" != said else { continue }
            try? store.setInfo(key(trip.id), said)
            guard !lines.isEmpty else { continue }
            let name = SavedTripReview.quoted(trip.name)
            let advice =
                review.current == nil
                ? "the trip no longer fits — `trips saved replan \(name)`"
                : "the trip still works by its own rules (`trips saved show \(name)`)"
            context.stderr.line("your trip \(trip.name): \(lines.joined(separator: "; ")); \(advice)".terminalSafe)
        }
    }
}
