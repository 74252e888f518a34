import Foundation
import Testing
import TripsCLI

/// `Numeral`, the stand-in for `String(format:)`, answers what it answers.
@Suite struct NumeralTests {
    @Test func numeralsMatchStringFormat() {
        for value in [0.0, 0.05, 0.15, 0.25, 2.25, 2.35, -1.05, 1234.5678, 29.95, 1e-7, 45.123456789, -73.9857] {
            #expect(Numeral.fixed(value, digits: 1) == String(format: "%.1f", value), "\(value)")
            #expect(Numeral.fixed(value, digits: 6) == String(format: "%.6f", value), "\(value)")
        }
        #expect(Numeral.fixed(1e300, digits: 1) == String(format: "%.1f", 1e300))
        for n in [0, 7, 10, 59, 123, -5] {
            #expect(Numeral.padded(n) == String(format: "%02d", n), "\(n)")
            #expect(Numeral.padded(n, width: 3) == String(format: "%03d", n), "\(n)")
        }
    }
}
