extension Double {
    /// "6", "2.5" — no trailing ".0": a number as it is typed, in help, messages and tables.
    public var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
