extension StringProtocol {
    /// The text without leading and trailing white space and newlines (Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation).
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
