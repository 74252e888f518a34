/// A document a command prints (a team list, a schedule, itineraries), rendered in each format
/// it offers. Commands gather the data, build the document's renderer and hand it to
/// `OutputFormat.render`, the one place a format picks the rendering — no command formats text
/// itself. A format a document does not offer is refused by the command's `--format` choices;
/// should one get through, it is an error, not a crash.
protocol Rendering {
    /// The text table for a terminal (styled) or a `.txt` file (plain).
    func table(style: Style) throws -> String
    /// The JSON document, with stable key order.
    func json() throws -> JSONDocument
    func csv() throws -> String
    /// An iCalendar file.
    func calendar() throws -> String
    /// A map: an RFC 7946 FeatureCollection.
    func geojson() throws -> JSONDocument
    /// A GPX 1.1 file (waypoints and routes) for GPS devices and map apps.
    func gpx() throws -> String
}

extension Rendering {
    func table(style: Style) throws -> String { throw FormatUnavailable(format: .table) }
    func json() throws -> JSONDocument { throw FormatUnavailable(format: .json) }
    func csv() throws -> String { throw FormatUnavailable(format: .csv) }
    func calendar() throws -> String { throw FormatUnavailable(format: .ics) }
    func geojson() throws -> JSONDocument { throw FormatUnavailable(format: .geojson) }
    func gpx() throws -> String { throw FormatUnavailable(format: .gpx) }
}

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

/// A command offered a format its document cannot be written in (a programming error that
/// `--format`'s declared choices prevent).
struct FormatUnavailable: Error, ExitCodeProviding {
    var format: OutputFormat
    package var exitCode: Int32 { ExitStatus.usage }
    var description: String { "this command cannot write \(format.name)" }
}
