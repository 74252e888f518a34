import Foundation

/// Writes a file so that it is either complete or absent: the text goes to a temporary file
/// in the same folder, is synced, then renamed over the destination (rename is atomic).
enum FileWriter {
    enum WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)

        var description: String {
            switch self {
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError.cannotWrite(path: path, reason: "folder \(directory) does not exist")
        }
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw WriteError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        Array(text.utf8).withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    reason = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 {
            ok = false
            reason = String(cString: strerror(errno))
        }
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            if ok { reason = String(cString: strerror(errno)) }
            unlink(temporary)
            throw WriteError.cannotWrite(path: path, reason: reason)
        }
    }
}
