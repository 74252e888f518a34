import Foundation
import TestSupport

/// The lines of a running `trips sync --watch --format json`, awaited as the watcher writes them.
struct WatchLog {
    typealias Line = JSONLineLog.Line

    let watcher: WatchedProcess

    /// The next line not yet returned that satisfies `matches`; throws (killing the watcher) when
    /// none comes within `allowed`, naming `what`.
    func next(
        _ what: String, within allowed: Duration = .seconds(60), where matches: (Line) -> Bool
    ) async throws -> Line {
        Line(text: try await watcher.nextLine(what, within: allowed) { matches(Line(text: $0)) })
    }

    /// Lines written so far that satisfy `matches` (whether returned by `next` or not).
    func all(where matches: (Line) -> Bool) -> [Line] {
        watcher.lines.map { Line(text: $0) }.filter(matches)
    }
}

extension JSONLineLog.Line {
    var event: String? { self["event"] }
    var status: String? { self["status"] }
    var trigger: String? { self["trigger"] }
    var started: Date? { instant("startedAt") }
    /// When the watcher wrote a network line (its own clock).
    var at: Date? { instant("at") }
}
