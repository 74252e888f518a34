extension String {
    /// The text with every run of white space (line breaks included) made one space: prose the
    /// CLI wraps at 80 columns breaks wherever the words fall — a path in it is as long as the
    /// checkout's folder — so a test that looks for a phrase reads it unwrapped.
    public var unwrapped: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
