/// A name as one word of a command the fan can paste: `Texas swing` → `"Texas swing"`, with
/// the characters a shell would read inside double quotes escaped; plain names stay bare.
extension String {
    public var shellWord: String {
        if allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) { return self }
        var escaped = ""
        for c in self {
            if "\\\"$`".contains(c) { escaped.append("\\") }
            escaped.append(c)
        }
        return "\"" + escaped + "\""
    }
}
