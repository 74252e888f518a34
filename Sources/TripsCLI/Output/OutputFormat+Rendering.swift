import TripsRender

extension OutputFormat {
    /// The document as this format's text, ending in a newline.
    func render(_ document: some Rendering, style: Style) throws -> String {
        switch self {
        case .table: return try document.table(style: style)
        case .json: return try document.json().rendered() + "\n"
        case .csv: return try document.csv()
        case .ics: return try document.calendar()
        case .geojson: return try document.geojson().rendered() + "\n"
        case .gpx: return try document.gpx()
        }
    }
}

/// A command offered a format its document cannot be written in: a usage error.
extension FormatUnavailable: ExitCodeProviding {
    package var exitCode: Int32 { ExitStatus.usage }
    public var description: String { "this command cannot write \(OutputFormat(rawValue: format)?.name ?? format)" }
}

extension ItineraryRenderer {
    /// Option 1's notes for stderr when `format` has no room for them: all but the table and JSON.
    func notes(besides format: OutputFormat) -> [String] { notes(formatHasRoom: format == .table || format == .json) }
}
