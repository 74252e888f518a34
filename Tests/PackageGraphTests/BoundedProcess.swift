import Foundation
import TestSupport

/// A child process given a deadline: a build that hangs fails the test instead of blocking it.
/// A `WatchedProcess`, so the wait holds no pool thread.
struct BoundedProcess {
    struct Result {
        var status: Int32
        var output: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the first found on PATH) in `directory`; past `seconds` it is killed and
    /// `Failure` is thrown, with its last lines.
    static func run(_ arguments: [String], in directory: URL, seconds: Double) async throws -> Result {
        let child = try WatchedProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments, directory: directory)
        do {
            let exit = try await child.exit(within: .seconds(seconds))
            return Result(status: exit.status, output: exit.stdout + exit.stderr)
        } catch let timeout as WaitTimedOut {
            throw Failure(
                description: "\(arguments.joined(separator: " ")) ran over \(Int(seconds)) s; stopped\n\(timeout)")
        }
    }
}
