/// Number formatting for descriptions, without Foundation's locale-dependent formatters.
enum PlanFormat {
    /// "6", "7.2", "0.5": one decimal, trailing ".0" dropped.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let tenths = (value * 10).rounded()
        let whole = Int(tenths / 10)
        let fraction = Int(abs(tenths).truncatingRemainder(dividingBy: 10))
        let sign = value < 0 && whole == 0 && fraction != 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// Hours rounded *up* to a tenth: "needs 7.2 h" must never understate what is needed.
    static func hoursUp(_ value: Double) -> String {
        number((value * 10 - 1e-9).rounded(.up) / 10)
    }
}
