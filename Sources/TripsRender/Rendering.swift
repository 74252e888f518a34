/// A document a command prints (a team list, a schedule, itineraries), rendered in each format
/// it offers. Commands gather the data, build the document's renderer and hand it to
/// `OutputFormat.render` (TripsCLI), the one place a format picks the rendering — no command
/// formats text itself. A format a document does not offer is refused by the command's
/// `--format` choices; should one get through, it is an error, not a crash.
public protocol Rendering {
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
    public func table(style: Style) throws -> String { throw FormatUnavailable(format: "table") }
    public func json() throws -> JSONDocument { throw FormatUnavailable(format: "json") }
    public func csv() throws -> String { throw FormatUnavailable(format: "csv") }
    public func calendar() throws -> String { throw FormatUnavailable(format: "ics") }
    public func geojson() throws -> JSONDocument { throw FormatUnavailable(format: "geojson") }
    public func gpx() throws -> String { throw FormatUnavailable(format: "gpx") }
}

/// A document was asked for a format it does not offer (a programming error that `--format`'s
/// declared choices prevent). `format` names it as `--format` does: table, json, csv, ics,
/// geojson or gpx.
public struct FormatUnavailable: Error, Sendable, Hashable {
    public var format: String

    public init(format: String) { self.format = format }
}
