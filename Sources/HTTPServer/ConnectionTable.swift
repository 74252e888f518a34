import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open connections, by remote address, and which of them may be shed to make room.
///
/// A connection waiting for its client (a head or body not yet whole, or idle between requests)
/// may be shed; one whose request is in the handler or whose answer is being written may not.
/// A newcomer is refused (503) only when no room can be made fairly:
/// - the server holds `total`: the oldest waiting connection of the address holding the most is
///   shed, if that address would still hold at least as many as the newcomer's (one address never
///   takes a slot from another that holds fewer);
/// - else, or when its address already holds `perAddress`: the oldest waiting connection of the
///   newcomer's own address is shed (a client sharing an address with slow sockets still gets in).
/// "Oldest" is by the start of the current wait: a client that sends its request promptly is
/// never the oldest for long, a trickle always is.
///
/// Shedding is `shutdown(2)` under the lock; an entry is removed under the same lock before its
/// descriptor is closed, so the descriptor shut down is always still the connection's own.
/// `@unchecked Sendable`: every field is touched only under `lock`.
final class ConnectionTable: @unchecked Sendable {
    struct Entry {
        var address: in_addr_t
        var fd: Int32
        /// Uptime ns when the current wait began; nil while the request is being handled.
        var waitingSince: UInt64?
        var shed = false
    }

    enum Admission: Equatable {
        case admitted(id: Int)
        case refused(String)
    }

    let total: Int
    let perAddress: Int
    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    /// Connections not shed, per address and in all.
    private var counts: [in_addr_t: Int] = [:]
    private var open = 0
    private var nextID = 0
    /// Connections shed since the start.
    private var sheds = 0

    init(total: Int, perAddress: Int) {
        self.total = max(1, total)
        self.perAddress = max(1, perAddress)
    }

    /// Counts `fd` from `address` in (shedding another connection if that is fair), or says why not.
    func admit(_ address: in_addr_t, fd: Int32, now: UInt64) -> Admission {
        lock.lock()
        defer { lock.unlock() }
        let mine = counts[address, default: 0]
        let addressFull = mine >= perAddress
        if addressFull || open >= total {
            let heavier = addressFull ? nil : oldestWaitingOfHeaviest(holdingMoreThan: mine + 1)
            guard let victim = heavier ?? oldestWaiting(where: { $0.address == address }) else {
                return .refused(
                    addressFull
                        ? "too many connections from your address (at most \(perAddress))" : "too many connections")
            }
            shed(victim)
        }
        let id = nextID
        nextID += 1
        entries[id] = Entry(address: address, fd: fd, waitingSince: now)
        counts[address, default: 0] += 1
        open += 1
        return .admitted(id: id)
    }

    private func oldestWaiting(where matches: (Entry) -> Bool) -> Int? {
        var best: (id: Int, since: UInt64)?
        for (id, entry) in entries where !entry.shed && matches(entry) {
            guard let since = entry.waitingSince else { continue }
            if best == nil || since < best!.since { best = (id, since) }
        }
        return best?.id
    }

    /// The oldest waiting connection of the address holding the most (of those holding more
    /// than `floor` and having one waiting).
    private func oldestWaitingOfHeaviest(holdingMoreThan floor: Int) -> Int? {
        var best: (id: Int, held: Int, since: UInt64)?
        for (id, entry) in entries where !entry.shed {
            guard let since = entry.waitingSince else { continue }
            let held = counts[entry.address, default: 0]
            guard held > floor else { continue }
            if let b = best, b.held > held || (b.held == held && b.since <= since) { continue }
            best = (id, held, since)
        }
        return best?.id
    }

    private func shed(_ id: Int) {
        guard var entry = entries[id] else { return }
        entry.shed = true
        entries[id] = entry
        uncount(entry.address)
        sheds += 1
        shutdown(entry.fd, Int32(SHUT_RDWR))
    }

    private func uncount(_ address: in_addr_t) {
        open -= 1
        let left = counts[address, default: 1] - 1
        counts[address] = left > 0 ? left : nil
    }

    /// The request goes to the handler: the connection may no longer be shed. False when it
    /// was shed already (its client is gone; the request must not be handled).
    func beginHandling(_ id: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[id], !entry.shed else { return false }
        entries[id]?.waitingSince = nil
        return true
    }

    /// The answer is out: the connection waits for its client again from `now`.
    func endHandling(_ id: Int, now: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        entries[id]?.waitingSince = now
    }

    /// The connection has ended; its descriptor may be closed after this returns.
    func remove(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries.removeValue(forKey: id) else { return }
        if !entry.shed { uncount(entry.address) }
    }

    /// Connections shed since the start.
    var shedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sheds
    }
}
