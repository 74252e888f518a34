import Foundation
import TestSupport

/// The lines of a running `trips sync --watch --format json`.
typealias WatchLog = JSONLineLog

extension JSONLineLog {
    init(_ running: TripsBinary.Running) {
        self.init(file: running.out, isRunning: { running.process.isRunning })
    }
}

extension JSONLineLog.Line {
    var event: String? { self["event"] }
    var status: String? { self["status"] }
    var trigger: String? { self["trigger"] }
    var started: Date? { instant("startedAt") }
}
