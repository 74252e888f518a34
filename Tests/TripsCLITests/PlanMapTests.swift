import Foundation
import Testing

/// `trips plan --format geojson|gpx`: the map files, read back by real parsers — Debian's
/// python3-shapely for the GeoJSON geometries (with RFC 7946's rules checked around it) and
/// python3-gpxpy for GPX — and compared with the plan's own JSON.
@Suite struct PlanMapTests {
    static let week = [
        // 5 h a day: Buffalo to the next game takes a night on the road (at 6 h its last 3 min
        // are driven the evening before).
        "plan", "--sport", "nfl", "--from", "2026-09-10", "--days", "14", "--start", "Pittsburgh", "--options", "2",
        "--max-drive-hours", "5",
    ]

    /// What the reference parsers found, as JSON.
    struct Reading: Decodable {
        var games: [String]
        var overnights: Int
        var drives: Int
        var options: [Int]
        var problems: [String]
    }

    static func read(_ kind: String, _ path: String) async throws -> Reading {
        let code = """
            import json, sys
            kind, path = sys.argv[1], sys.argv[2]
            problems, games, overnights, drives, options = [], [], 0, 0, set()
            if kind == 'geojson':
                import shapely.geometry
                doc = json.load(open(path))
                if doc.get('type') != 'FeatureCollection': problems.append('not a FeatureCollection')
                for f in doc['features']:
                    if f.get('type') != 'Feature': problems.append('not a Feature')
                    geometry = f['geometry']
                    shape = shapely.geometry.shape(geometry)
                    if not shape.is_valid: problems.append('invalid geometry')
                    points = [geometry['coordinates']] if geometry['type'] == 'Point' else geometry['coordinates']
                    for lon, lat in points:
                        if not (-180 <= lon <= 180 and -90 <= lat <= 90): problems.append('position out of range')
                    p = f['properties']
                    options.add(p['option'])
                    if p['kind'] == 'game':
                        if geometry['type'] != 'Point': problems.append('game is not a Point')
                        games.append(p['gameId'])
                        for key in ('name', 'venue', 'localDate', 'localTime'):
                            if not p.get(key): problems.append('game without ' + key)
                    elif p['kind'] == 'overnight': overnights += 1
                    elif p['kind'] == 'drive':
                        drives += 1
                        if geometry['type'] != 'LineString' or len(geometry['coordinates']) < 2:
                            problems.append('drive is not a LineString')
            else:
                import gpxpy
                gpx = gpxpy.parse(open(path))
                for w in gpx.waypoints:
                    if w.time is None: problems.append('waypoint without time')
                    if w.type == 'game': games.append(w.name)
                    elif w.type == 'overnight': overnights += 1
                    else: problems.append('waypoint of unknown type')
                for i, route in enumerate(gpx.routes):
                    options.add(i + 1)
                    drives += len(route.points) - 1
            print(json.dumps({'games': games, 'overnights': overnights, 'drives': drives,
                              'options': sorted(options), 'problems': problems}))
            """
        let parsed = try await TripsProcess.tool("/usr/bin/python3", ["-c", code, kind, path])
        #expect(parsed.status == 0, "the \(kind) parser failed: \(parsed.stderr)")
        return try JSONDecoder().decode(Reading.self, from: Data(parsed.stdout.utf8))
    }

    /// The plan's own JSON: per option its game ids, overnight stops and drives.
    static func plan(_ trips: TripsProcess) async throws -> [(games: [String], overnights: Int, drives: Int)] {
        let result = try await trips.run(week + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let options = try #require(object["trips"] as? [[String: Any]])
        return options.map { trip in
            let games = (trip["games"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            let legs = (trip["legs"] as? [[String: Any]] ?? []).filter { ($0["miles"] as? Double ?? 0) >= 0.5 }
            let nights = legs.reduce(0) { $0 + ($1["overnightStops"] as? Int ?? 0) }
            return (games, nights, legs.count)
        }
    }

    @Test func theGeoJSONMapHasAPointPerGameAndNightAndALinePerDrive() async throws {
        let trips = TripsProcess()
        let expected = try await Self.plan(trips)
        #expect(expected.count == 2)
        #expect(expected.contains { $0.overnights > 0 }, "the fixture plan should have a night on the road")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trips-map-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trip.geojson").path
        let written = try await trips.run(Self.week + ["--output", file])
        #expect(written.status == 0, "\(written.stderr)")

        let map = try await Self.read("geojson", file)
        #expect(map.problems.isEmpty, "\(map.problems)")
        #expect(map.options == [1, 2])
        #expect(map.games == expected.flatMap(\.games))
        #expect(map.overnights == expected.reduce(0) { $0 + $1.overnights })
        #expect(map.drives == expected.reduce(0) { $0 + $1.drives })
    }

    @Test func theGPXFileHasWaypointsForGamesAndNightsAndARoutePerOption() async throws {
        let trips = TripsProcess()
        let expected = try await Self.plan(trips)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trips-gpx-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trip.gpx").path
        #expect(try await trips.run(Self.week + ["--output", file]).status == 0)

        let gpx = try await Self.read("gpx", file)
        #expect(gpx.problems.isEmpty, "\(gpx.problems)")
        #expect(gpx.options == [1, 2])
        #expect(gpx.games.count == expected.reduce(0) { $0 + $1.games.count })
        #expect(gpx.games.allSatisfy { $0.hasPrefix("Option ") && $0.contains(" @ ") })
        #expect(gpx.overnights == expected.reduce(0) { $0 + $1.overnights })
        // A route runs start → every stop and venue → end: one segment per day's stretch.
        #expect(gpx.drives == expected.reduce(0) { $0 + $1.drives + $1.overnights })
    }

    @Test func aMapFormatAndAContradictingFileNameAreRefused() async throws {
        let result = try await TripsProcess().run(Self.week + ["--format", "gpx", "--output", "trip.geojson"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the name says a GeoJSON map but --format is gpx"), "\(result.stderr)")
    }
}
