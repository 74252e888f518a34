import TripsModel
import TripsPlanner

/// The towns where a plan's long drives stop for the night ("sleep in Des Moines, IA"): the
/// planner knows only a point on the great circle, the gazetteer knows who lives near it.
/// Looked up once per plan, and the gazetteer is read only when some leg has a night.
public struct OvernightTowns: Sendable {
    private var towns: [Coordinate: Place] = [:]

    public init() {}

    public init(_ result: PlanResult, gazetteer: () throws -> Gazetteer) rethrows {
        let points = result.itineraries.flatMap(\.legs).flatMap(\.overnightStops).map(\.location)
        guard !points.isEmpty else { return }
        let places = try gazetteer()
        for point in points where towns[point] == nil {
            towns[point] = places.town(near: point)
        }
    }

    /// Known towns, for tests that place stops by hand.
    init(_ towns: [Coordinate: Place]) { self.towns = towns }

    /// The town of a stop, when the gazetteer has one.
    func town(at point: Coordinate) -> Place? { towns[point] }

    /// What to call a stop: its town, else its position.
    func label(at point: Coordinate) -> String {
        if let town = towns[point] { return town.label }
        return "a stop on the road (\(Self.degrees(point.latitude)), \(Self.degrees(point.longitude)))"
    }

    private static func degrees(_ value: Double) -> String { String((value * 100).rounded() / 100) }
}
