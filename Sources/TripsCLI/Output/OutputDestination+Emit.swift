import TripsModel
import TripsRender

extension OutputDestination {
    /// Colour and bold only for a terminal's standard output: a file never holds escapes.
    func style(_ context: CLIContext) -> Style { path == nil ? context.style : Style(enabled: false) }

    /// The one way a command's rendering leaves it: on standard output, or written to `path`
    /// (atomically, through links, streamed to a device) and said on stderr — "wrote trip.ics
    /// (the tour)" — unless the path was a stream the reader already sees.
    func emit(_ text: String, _ context: CLIContext, what: String? = nil) throws {
        guard let path else {
            context.stdout.write(text)
            return
        }
        if try FileWriter.write(text, to: path) == .file {
            context.stderr.line("wrote \(path)\(what.map { " (\($0))" } ?? "")".terminalSafe)
        }
    }

    /// An itinerary (a plan's options or a tour) in the chosen format: the notes the format has
    /// no room for on stderr, then the text emitted as above.
    func emit(_ renderer: ItineraryRenderer, _ context: CLIContext, what: String) throws {
        let text = try format.render(renderer, style: style(context))
        for note in renderer.notes(besides: format) { context.stderr.line(note.terminalSafe) }
        try emit(text, context, what: what)
    }
}
