import Testing
import TripsModel

/// The one folding every matcher of names uses, and the record-name fragments made from names.
@Suite struct NameKeyTests {
    @Test(arguments: [
        ("Great American Ball Park", "Great American Ballpark"),
        ("Inter&Co Stadium", "Inter.co Stadium"),
        ("Centre Vidéotron", "CENTRE VIDEOTRON"),
        ("Crypto.com Arena", "crypto com arena"),
    ])
    func namesThatDifferOnlyInSpacesCaseAccentsAndPunctuationMeet(_ a: String, _ b: String) {
        #expect(NameKey.match(a) == NameKey.match(b))
    }

    @Test func differentNamesStayApart() {
        #expect(NameKey.match("Citi Field") != NameKey.match("Citizens Bank Park"))
        #expect(NameKey.match("Daikin Park") == "daikinpark")
    }

    /// The key is `SearchKey`'s, so a user's words and a source's names fold alike.
    @Test func theKeyIsTheSearchKeyWithoutItsSpaces() {
        for name in ["St. Louis", "Montréal", "UNIQLO Field at Dodger Stadium", "Ｔｏｋｙｏ Dome"] {
            #expect(NameKey.match(name) == SearchKey.normalize(name).replacingSpaces())
        }
    }

    @Test(arguments: [
        ("UNIQLO Field at Dodger Stadium", "uniqlo_field_at_dodger_stadium"),
        ("Crypto.com Arena", "cryptocom_arena"),
        ("Levi's Stadium", "levis_stadium"),
        ("Estadio Olímpico Universitario", "estadio_olimpico_universitario"),
        ("HOU", "hou"),
        ("778899", "778899"),
        ("고척스카이돔", ""),
    ])
    func slugsAreASCIIWordsJoinedByUnderscores(_ name: String, _ slug: String) {
        #expect(NameKey.slug(name) == slug)
    }
}

extension String {
    fileprivate func replacingSpaces() -> String { String(unicodeScalars.filter { $0 != " " }) }
}
