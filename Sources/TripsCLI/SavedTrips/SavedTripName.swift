import InputText
import TripsInput

/// A saved trip's name as a fan types it: a line of text a list can show, not a paste of a
/// whole document or a terminal escape (issue 37 item 6).
enum SavedTripName {
    static let longest = 200

    /// `name` trimmed, or why it cannot be a trip's name.
    static func checked(_ name: String) throws -> String {
        let name = name.trimmed
        guard !name.isEmpty else { throw InputError.other("the trip's name is empty") }
        guard name.count <= longest else {
            throw InputError.other("a trip's name is at most \(longest) characters (this one has \(name.count))")
        }
        if name.unicodeScalars.contains(where: {
            $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value)
        }) {
            throw InputError.other("a trip's name cannot hold control characters (tabs, escapes, line breaks)")
        }
        return name
    }
}
