import FoundationEssentials
import Glibc

/// A text stream (stdout, stderr, or a buffer in tests). Writes to a file descriptor are
/// buffered and flushed in large chunks: a season's table is one `write(2)`.
package final class Output {
    private let descriptor: Int32?
    private var buffer: [UInt8] = []
    /// Everything written, when this is a capture (tests).
    private(set) var captured = ""
    /// Why a write failed (a full disk, `> /dev/full`), if one did: the text is then not all
    /// there, and the command must not end in success. A reader that went away (`| head`) is not
    /// a failure: it asked for no more.
    package private(set) var writeFailure: String?

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// An in-memory output for tests.
    package init() {
        descriptor = nil
    }

    package func write(_ text: String) {
        guard descriptor != nil else {
            captured += text
            return
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    package func line(_ text: String = "") { write(text + "\n") }

    package func flush() {
        guard let descriptor, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    // EPIPE (e.g. `| head`): stop quietly.
                    if n < 0, errno != EPIPE, writeFailure == nil { writeFailure = String(cString: strerror(errno)) }
                    break
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
