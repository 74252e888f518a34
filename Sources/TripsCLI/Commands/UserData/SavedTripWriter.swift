import FoundationEssentials
import InputText
import TripsStore

/// Keeps a plan's best option as a saved trip (`--save NAME`, or the question after an
/// interactive plan): the itinerary exactly as planned, rendered as table, JSON, iCalendar and
/// CSV, with its games and venues in order.
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

    func save(as name: String) throws {
        guard let best = renderer.result.itineraries.first else { return }
        var one = renderer
        one.result.itineraries = [best]
        let plain = Style(enabled: false)
        var fields: [String: String] = [
            "name": name, "from": renderer.inputs.request.from.description,
            "to": renderer.inputs.request.to.description,
            "games": best.gameIds.joined(separator: ","),
            "stadiums": best.stops.map(\.game.stadium.id).joined(separator: ","),
        ]
        for format in [OutputFormat.table, .json, .ics, .csv] {
            fields[SavedTrip.renderingField(format.rawValue)] = try format.render(one, style: plain)
        }
        let store = try context.store()
        let existing = try store.savedTrip(named: name)
        if existing == nil { fields["createdAt"] = String(context.nowMs) }
        try store.editUserRecord(
            existing?.id ?? UserRecordName.savedTrip(UUID().uuidString), type: .savedTrip, set: fields,
            device: context.deviceName(), nowMs: context.nowMs)
        context.stderr.line(
            (existing == nil ? "Saved as \(name)" : "Replaced the saved trip \(name)")
                + " (`trips saved show \(name.contains(" ") ? "\"\(name)\"" : name)`).")
    }
}
