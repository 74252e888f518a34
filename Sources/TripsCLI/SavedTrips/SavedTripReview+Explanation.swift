import FoundationEssentials
import InputText
import OutputText
import TripsInput
import TripsRender
import TripsZones

extension SavedTripReview {
    /// What `saved show` says above the itinerary: what changed since the trip was planned, and
    /// whether its drives still work by its own rules (the planner's reason when they do not).
    func explanation(style: Style) -> [String] {
        let name = Self.quoted(trip.name)
        guard isFollowed else {
            return [style.dim("(saved before trips followed its games: shown as it was planned)")]
        }
        if changes.isEmpty {
            guard let unfit else { return [] }
            return ["It does not work with its games as they are now: \(unfit)."]
        }
        var lines = ["", style.bold("Since it was planned:")]
        lines += changeLines(clock: LocalTimeFormatter()).map { "  • " + $0 }
        if current != nil {
            lines.append("Its drives still work by the trip's own rules; below, the trip as it is now.")
        } else {
            lines.append(style.bold("It no longer fits") + ": \(unfit ?? "its games changed").")
            lines.append("`trips saved replan \(name)` plans it again by its rules;")
            lines.append("`trips saved dismiss \(name)` keeps it as it is.")
            lines.append("")
            lines.append(style.bold("As planned:"))
        }
        return lines
    }
}

extension SavedCommand {
    /// A trip that no longer works, exported: its games as they are now (a calendar moves each
    /// event, its UID kept and SEQUENCE raised), without the drives that no longer work.
    static func exportGames(_ review: SavedTripReview, _ destination: OutputDestination, _ context: CLIContext)
        throws
    {
        let name = SavedTripReview.quoted(review.trip.name)
        guard destination.format != .geojson && destination.format != .gpx else {
            throw InputError.other(
                "\(review.trip.name) no longer fits, and its drives no longer work: `trips saved replan \(name)`")
        }
        let provider = try context.provider()
        let entries = review.games.map { ScheduleEntry($0, now: context.now) }
        let ids = entries.map(\.game.id)
        let document = ScheduleDocument(
            entries: entries, summary: "\(entries.count) games of \(review.trip.name), as they are now",
            query: .object([("savedTrip", .string(review.trip.name))]), teamName: nil, times: .venue,
            now: context.now,
            durations: { try provider.gameDurations() },
            modified: { try provider.gameModificationTimes(ids: ids) })
        context.stderr.line(
            ("\(review.trip.name) no longer fits: wrote its games as they are now, without drives "
                + "(`trips saved replan \(name)`)").terminalSafe)
        try destination.emit(try destination.format.render(document, style: destination.style(context)), context)
    }
}
