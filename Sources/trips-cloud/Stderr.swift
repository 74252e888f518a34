import Foundation

/// Lines for the operator on standard error, from any thread (the server logs from its
/// connection threads).
enum Stderr {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
