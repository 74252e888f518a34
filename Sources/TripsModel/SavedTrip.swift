import Foundation

/// A user's own itinerary, synced both ways through the private database.
public struct SavedTrip: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    /// JSON: ordered game ids and legs.
    public var itinerary: String
    /// JSON: the planner inputs that produced it.
    public var preferences: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, name: String, itinerary: String, preferences: String, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.itinerary = itinerary
        self.preferences = preferences
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
