import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// When room cannot be made fairly the newcomer is refused: every connection that could be
/// shed is busy in the handler. (The descriptors are fake: shedding one is a failed shutdown.)
@Suite struct ConnectionTableTests {
    static let one = inet_addr("127.0.0.1")
    static let two = inet_addr("127.0.0.2")

    @Test func aNewcomerIsRefusedOnlyWhenEveryConnectionItCouldShedIsBusy() throws {
        let table = ConnectionTable(total: 3, perAddress: 2)
        var ids: [Int] = []
        for (address, fd) in [(Self.one, Int32(-1)), (Self.one, -2), (Self.two, -3)] {
            guard case .admitted(let id) = table.admit(address, fd: fd, now: 1) else {
                Issue.record("not admitted")
                return
            }
            ids.append(id)
        }
        for id in ids { #expect(table.beginHandling(id)) }
        #expect(
            table.admit(Self.one, fd: -4, now: 2) == .refused("too many connections from your address (at most 2)"))
        #expect(table.admit(Self.two, fd: -4, now: 2) == .refused("too many connections"))
        // One waiting again: a newcomer from its address takes its place.
        table.endHandling(ids[2], now: 3)
        guard case .admitted = table.admit(Self.two, fd: -4, now: 4) else {
            Issue.record("not admitted in place of a waiting connection of its own address")
            return
        }
        #expect(table.shedCount == 1)
        #expect(!table.beginHandling(ids[2]), "a shed connection went on to its handler")
    }
}
