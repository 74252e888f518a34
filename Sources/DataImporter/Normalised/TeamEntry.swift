/// A club as a league source describes it, in the league's own codes.
struct TeamEntry: Sendable, Hashable {
    var code: String
    var name: String
    var nickname: String
    var city: String
    var leagueId: String?
    var conferenceId: String?
    var divisionId: String?
    /// The city of the club's home venue when the league states it (MLB: "Bronx", "Anaheim").
    var venueCity: String? = nil
    /// Other spellings the schedule uses for this club ("D-backs").
    var otherNames: [String] = []
}
