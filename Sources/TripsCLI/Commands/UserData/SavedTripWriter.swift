import FoundationEssentials
import InputText
import TripsRender
import TripsStore

/// Keeps a plan's best option as a saved trip (`--save NAME`, or the question after an
/// interactive plan): the itinerary exactly as planned, rendered as table, JSON, iCalendar,
/// CSV, GeoJSON and GPX, with its games and venues in order.
struct SavedTripWriter {
    var renderer: ItineraryRenderer
    var context: CLIContext

    /// Saves as `name`; without one, on a terminal, asks for a name (Enter or end of input skips).
    func offer(name: String?, interactive: Bool) throws {
        var name = name
        if name == nil && interactive {
            context.stdout.write(context.style.bold("Save this trip?") + " (a name, or Enter to skip): ")
            context.stdout.flush()
            name = context.readLine()?.trimmed
        }
        guard let name, !name.isEmpty else { return }
        try save(as: name)
    }

    func save(as typed: String) throws {
        let name = try SavedTripName.checked(typed)
        guard let best = renderer.result.itineraries.first else { return }
        var one = renderer
        one.modified = try context.provider().gameModificationTimes(ids: best.gameIds)
        one.result.itineraries = [best]
        let plain = Style(enabled: false)
        var fields: [String: String] = [
            "name": name, "from": renderer.inputs.request.from.description,
            "to": renderer.inputs.request.to.description,
            "games": best.gameIds.joined(separator: ","),
            "stadiums": best.stops.map(\.game.stadium.id).joined(separator: ","),
            // Its rules and its games as planned: a sync tells the fan when a game moves.
            SavedTripReview.planField: SavedTripPlan(renderer.inputs).field,
            SavedTripReview.plannedField: PlannedGame.field(best.stops.map(\.game.game)),
        ]
        // The maps as `plan --output trip.gpx` writes them, so `saved export` can write them too.
        let formats = [OutputFormat.table, .json, .ics, .csv, .geojson, .gpx]
        for format in formats {
            fields[SavedTrip.renderingField(format.rawValue)] = try format.render(one, style: plain)
        }
        let store = try context.store()
        let existing = try store.savedTrip(named: name)
        if existing == nil { fields["createdAt"] = String(context.nowMs) }
        let id = existing?.id ?? UserRecordName.savedTrip(UUID().uuidString)
        // Past the cloud's 1 MB limit, keep fewer renderings (GPX, GeoJSON, CSV, iCalendar, then JSON go;
        // empty: not kept), and refuse only when the table alone is too much.
        var kept = formats.count
        while true {
            do {
                try store.editUserRecord(
                    id, type: .savedTrip, set: fields, device: context.deviceName(), nowMs: context.nowMs)
                break
            } catch let error as UserDataError {
                kept -= 1
                guard kept > 0 else { throw SavedTripError.tooLarge(error, hint: "plan a shorter trip") }
                fields[SavedTrip.renderingField(formats[kept].rawValue)] = ""
            }
        }
        if kept < formats.count {
            let dropped = formats[kept...].map(\.rawValue).joined(separator: ", ")
            context.stderr.line("Kept no \(dropped) rendering: with it the trip would pass the cloud's 1 MB limit.")
        }
        context.stderr.line(
            (existing == nil ? "Saved as \(name)" : "Replaced the saved trip \(name)")
                + " (`trips saved show \(name.contains(" ") ? "\"\(name)\"" : name)`).")
    }
}
