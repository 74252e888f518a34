import TripsInput
import TripsModel
import TripsPlanner
import TripsStore

extension CLIContext {
    /// The bundle's airports when `request` may fly (`--travel fly|either`); nil for a trip by
    /// road, which never reads the file.
    func airports(for request: PlanRequest) throws -> AirportTable? {
        request.travelMode == .drive ? nil : try PlaceInput.loadAirports(bundleLocator)
    }

    /// The airports a saved trip's rules need (nil: by road, or saved before trips kept its rules).
    func airports(for trip: SavedTrip) throws -> AirportTable? {
        guard let plan = SavedTripPlan.read(trip.record.fields[SavedTripReview.planField]) else { return nil }
        return try airports(for: plan.request)
    }
}
