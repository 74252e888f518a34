import FeedFetch
import Testing

/// Whether a response is dated before the one already published from its URL; a date the
/// server wrote absurdly is unreadable (nil), never a trap.
@Suite struct FeedValidatorsAgeTests {
    @Test func anEarlierLastModifiedIsOlderAndAnAbsurdOneIsUnreadable() {
        let published = FeedValidators(lastModified: "Wed, 02 Dec 2026 10:00:00 GMT")
        #expect(FeedValidators(lastModified: "Tue, 01 Dec 2026 10:00:00 GMT").isOlder(than: published) == true)
        #expect(FeedValidators(lastModified: "Thu, 03 Dec 2026 10:00:00 GMT").isOlder(than: published) == false)
        #expect(FeedValidators(lastModified: nil).isOlder(than: published) == nil)
        for absurd in [
            "Wed, 02 Dec 999999999999999999 10:00:00 GMT", "Wed, 99 Dec 2026 10:00:00 GMT",
            "Wed, 02 Dec 2026 99:00:00 GMT", "Wed, 02 Dec -5 10:00:00 GMT",
        ] {
            #expect(FeedValidators(lastModified: absurd).isOlder(than: published) == nil, "\(absurd)")
        }
    }
}
