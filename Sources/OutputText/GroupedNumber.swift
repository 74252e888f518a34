extension Int {
    /// "1,230": counts as a fan reads them.
    public var grouped: String {
        var digits = String(self)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
