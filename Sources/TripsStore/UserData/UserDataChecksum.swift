import Digest

/// One line summarising a set of user records (live ones only): the count and a SHA-256 over
/// each record's name, type and sorted field values. A device and the cloud that hold the same
/// user data print the same line.
public enum UserDataChecksum {
    public static func line(_ records: [UserRecord]) -> String {
        let live = records.filter { !$0.isDeleted }.sorted { $0.name < $1.name }
        var text = ""
        for record in live {
            text += record.name + "\u{1F}" + record.type.rawValue
            for field in record.fields.keys.sorted() {
                text += "\u{1F}" + field + "=" + (record.fields[field] ?? "")
            }
            text += "\n"
        }
        return "UserData \(live.count) \(SHA256.hex(text))"
    }
}
