/// `a / b` rounded toward negative infinity (for `b > 0`): the day of an instant before 1970
/// is the one before, not the one after, as Swift's truncating `/` would say.
public func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
