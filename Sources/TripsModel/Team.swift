/// A club. `abbreviation` is the league's own code (HOU, NYK); other spellings are aliases.
public struct Team: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var sport: String
    public var abbreviation: String
    public var city: String
    public var nickname: String
    public var name: String
    public var stadiumId: String?
    public var leagueId: String?
    public var conferenceId: String?
    public var divisionId: String?

    public init(
        id: String, sport: String, abbreviation: String, city: String, nickname: String,
        name: String, stadiumId: String?, leagueId: String? = nil, conferenceId: String? = nil,
        divisionId: String? = nil
    ) {
        self.id = id
        self.sport = sport
        self.abbreviation = abbreviation
        self.city = city
        self.nickname = nickname
        self.name = name
        self.stadiumId = stadiumId
        self.leagueId = leagueId
        self.conferenceId = conferenceId
        self.divisionId = divisionId
    }
}
