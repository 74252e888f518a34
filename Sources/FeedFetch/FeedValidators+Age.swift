extension FeedValidators {
    /// Whether this response's `Last-Modified` is before `earlier`'s: a stale copy (an old CDN
    /// edge) answering in place of the response already published. Nil when either date is
    /// missing or unreadable — an answer is never refused on a date it cannot read.
    public func isOlder(than earlier: FeedValidators) -> Bool? {
        guard let mine = lastModified.flatMap(RetryAfter.httpDate),
            let theirs = earlier.lastModified.flatMap(RetryAfter.httpDate)
        else { return nil }
        return mine < theirs
    }
}
