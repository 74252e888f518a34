/// Numbers a game cannot have (issue 37 item 6): a response whose game says it scored 10^17 or
/// is a day's game number 0 is refused whole, like any malformed response, so nothing of it
/// reaches the store. The readers decode Ints exactly (1e300, 0.5 and NaN are already refused);
/// these are the ranges that make sense.
extension FeedSchedule {
    /// Points, goals or runs of one side in one game.
    public static let scores = 0...999
    /// Which game of the day between the same teams (a doubleheader's second is 2).
    public static let gameNumbers = 1...9

    /// - Throws: `FeedError.badValue` naming the first game and field out of range.
    func checkedRanges(format: FeedFormat, source: String) throws(FeedError) -> FeedSchedule {
        for game in games {
            if !Self.gameNumbers.contains(game.gameNumber) {
                throw .badValue(
                    format: format, source: source, gameId: game.gameId, field: "gameNumber",
                    value: "\(game.gameNumber)")
            }
            if let score = game.score, !Self.scores.contains(score.home) || !Self.scores.contains(score.away) {
                throw .badValue(
                    format: format, source: source, gameId: game.gameId, field: "score",
                    value: "\(score.home)-\(score.away)")
            }
        }
        return self
    }
}
