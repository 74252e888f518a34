/// The parts of an ESPN `site.api.espn.com/apis/site/v2/sports/{sport}/{league}/scoreboard`
/// response the reader uses.
struct ESPNScoreboardWire: Decodable {
    var leagues: [League]
    var events: [Event]

    struct League: Decodable {
        var abbreviation: String?
        var slug: String?
    }

    struct Event: Decodable {
        var id: String
        var date: String
        var season: Season?
        var status: Status
        var competitions: [Competition]
    }

    struct Season: Decodable {
        var year: Int
        var type: Int?
        var slug: String?
    }

    struct Status: Decodable {
        var type: StatusType
    }

    struct StatusType: Decodable {
        var name: String
        var state: String
        var completed: Bool
    }

    struct Competition: Decodable {
        var date: String?
        var timeValid: Bool?
        var neutralSite: Bool?
        var venue: Venue?
        var competitors: [Competitor]
    }

    struct Venue: Decodable {
        var id: String?
        var fullName: String?
        var address: Address?
    }

    struct Address: Decodable {
        var city: String?
        var state: String?
        var country: String?
    }

    struct Competitor: Decodable {
        var homeAway: String
        var score: String?
        var team: Team
    }

    struct Team: Decodable {
        var id: String?
        var abbreviation: String?
        var displayName: String?
        var location: String?
    }
}
