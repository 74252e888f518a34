import Foundation
import Testing
import TripsInput
import TripsStore

@testable import TripsCLI

/// Place input as `--start`, `--end` and `--near` read it, against the bundled gazetteer,
/// venues and teams (the shared store of the golden tests).
@Suite struct PlaceInputTests {
    /// Everyday spellings and the place each must land on (issue 9 item 7).
    static let spellings: [(typed: String, place: String)] = [
        ("New York, NY", "New York City, NY"), ("New York", "New York City, NY"),
        ("new york city", "New York City, NY"),
        ("NYC", "New York City, NY"), ("New York NY", "New York City, NY"), ("New York, New York", "New York City, NY"),
        ("Big Apple", "New York City, NY"), ("LA", "Los Angeles, CA"), ("L.A.", "Los Angeles, CA"),
        ("Los Angeles", "Los Angeles, CA"), ("LA, CA", "Los Angeles, CA"), ("Tampa Bay", "Tampa, FL"),
        ("Tampa", "Tampa, FL"), ("Dallas-Fort Worth", "Dallas, TX"), ("Dallas/Fort Worth", "Dallas, TX"),
        ("DFW", "Dallas, TX"), ("Dallas", "Dallas, TX"), ("Ft. Worth, TX", "Fort Worth, TX"),
        ("Bay Area", "San Francisco, CA"), ("SF", "San Francisco, CA"), ("San Francisco", "San Francisco, CA"),
        ("DC", "Washington, DC"), ("D.C.", "Washington, DC"), ("Washington, DC", "Washington, DC"),
        ("Washington DC", "Washington, DC"), ("Washington, D.C.", "Washington, DC"), ("Philly", "Philadelphia, PA"),
        ("Philadelphia", "Philadelphia, PA"), ("Chicago", "Chicago, IL"), ("Chicago, Illinois", "Chicago, IL"),
        ("Chi-Town", "Chicago, IL"), ("Boston, MA", "Boston, MA"), ("Vegas", "Las Vegas, NV"),
        ("St. Louis", "St. Louis, MO"), ("Saint Louis, MO", "St. Louis, MO"), ("STL", "St. Louis, MO"),
        ("KC", "Kansas City, MO"), ("Kansas City, KS", "Kansas City, KS"), ("Twin Cities", "Minneapolis, MN"),
        ("St. Paul, MN", "Saint Paul, MN"), ("NOLA", "New Orleans, LA"), ("Montreal", "Montréal, QC"),
        ("Toronto ON", "Toronto, ON"), ("CDMX", "Mexico City, CMX"), ("Salt Lake", "Salt Lake City, UT"),
        ("OKC", "Oklahoma City, OK"), ("Indy", "Indianapolis, IN"), ("Brooklyn", "Brooklyn, NY"),
        ("Miami", "Miami, FL"), ("Wrigley Field", "Wrigley Field"), ("Cubs", "Wrigley Field (Chicago Cubs)"),
        // Cities that are also part of a venue's former name stay cities.
        ("Seattle", "Seattle, WA"), ("Arlington", "Arlington, TX"), ("Anaheim", "Anaheim, CA"),
    ]

    @Test func everydayPlaceSpellingsResolveToThePlaceMeant() async throws {
        #expect(Self.spellings.count >= 40)
        let input = try await Self.placeInput()
        for (typed, place) in Self.spellings {
            #expect((try? input.resolve(typed).label) == place, "\(typed)")
        }
    }

    @Test func aCityCodeIsTheCityNotAClubsVenue() async throws {
        // "NYC" is also NYCFC's code and "DC" D.C. United's: as a place they mean the city.
        let input = try await Self.placeInput()
        #expect(try input.resolve("NYC").coordinate.miles(to: input.resolve("New York City, NY").coordinate) < 0.1)
        #expect(try input.resolve("DC").label == "Washington, DC")
    }

    @Test func aBigCityNeedsNoNoteAboutHamletsOfTheSameName() async throws {
        let context = try await Self.context()
        let input = try PlaceInput(context: context, provider: context.provider())
        #expect(try input.resolve("Los Angeles").label == "Los Angeles, CA")
        #expect(context.stderr.captured.isEmpty, "\(context.stderr.captured)")
        // Places of a size a fan might have meant are still named.
        _ = try input.resolve("Kansas City")
        #expect(context.stderr.captured.contains("also: Kansas City, KS"))
    }

    static func context() async throws -> CLIContext {
        let shared = await TripsProcess.shared.whenBootstrapped()
        return CLIContext(
            environment: shared.environment, stdout: Output(), stderr: Output(), stdinIsTerminal: false,
            stdoutIsTerminal: false, stderrIsTerminal: false, now: Date(timeIntervalSince1970: 1_795_000_000),
            storeLocation: StoreLocation(storePath: shared.store),
            bundleLocator: BundleLocator(environment: shared.environment))
    }

    static func placeInput() async throws -> PlaceInput {
        let context = try await context()
        return PlaceInput(context: context, provider: try context.provider())
    }
}
