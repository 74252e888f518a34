import Foundation
import Testing
import TripsModel

/// The stand-ins `trips` uses instead of the full Foundation answer what Foundation answers.
@Suite struct FoundationStandInTests {
    /// What NSString's path methods answer (written out: corelibs Foundation traps on some of them).
    @Test(arguments: [
        ("/a/b", "/a", "/a/b/c.json", "b"), ("/a/b/", "/a", "/a/b/c.json", "b"), ("/a", "/", "/a/c.json", "a"),
        ("/", "/", "/c.json", "/"), ("a", "", "a/c.json", "a"), ("a/b", "a", "a/b/c.json", "b"),
        ("/usr/local/bin/trips", "/usr/local/bin", "/usr/local/bin/trips/c.json", "trips"),
    ])
    func pathTextMatchesNSString(path: String, parent: String, appended: String, last: String) {
        #expect(PathText.deletingLastComponent(path) == parent, "\(path)")
        #expect(PathText.appending(path, "c.json") == appended, "\(path)")
        #expect(PathText.lastComponent(path) == last, "\(path)")
    }

    @Test(arguments: [
        ("out.ICS", "ICS"), ("a/b.json", "json"), ("noext", ""), ("dir.d/file", ""), ("a.tar.gz", "gz"),
    ])
    func pathExtensionMatchesNSString(path: String, expected: String) {
        #expect(PathText.pathExtension(path) == expected, "\(path)")
    }

    @Test(arguments: ["/a/b", "/a/./b/../c", "x/y.sqlite", "../up/z", "./here", "/a//b/", "/..", "a/../../b"])
    func standardizedMatchesURL(path: String) {
        let directory = "/tmp/work/dir"
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
        #expect(PathText.standardized(path, in: directory) == url.standardizedFileURL.path, "\(path)")
    }

    @Test func tildeExpandsUnderHome() {
        #expect(PathText.expandingTilde("~/trips.sqlite", home: "/home/fan") == "/home/fan/trips.sqlite")
        #expect(PathText.expandingTilde("~", home: "/home/fan") == "/home/fan")
        #expect(PathText.expandingTilde("/tmp/~x", home: "/home/fan") == "/tmp/~x")
    }

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

    @Test func searchKeysFoldCaseAccentsWidthAndPunctuation() {
        #expect(SearchKey.normalize("Montréal") == "montreal")
        #expect(SearchKey.normalize("MONTREAL") == "montreal")
        #expect(SearchKey.normalize("St. Louis") == "st louis")
        #expect(SearchKey.normalize("  Côte-d'Ivoire ") == "cote divoire")
        #expect(SearchKey.normalize("ＨＯＵ") == "hou")
        for text in ["Nationals Park", "Estadio Alfredo Harp Helú", "Sí, señor", "Ça va", "O’Brien"] {
            let folded = text.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            #expect(SearchKey.normalize(text) == SearchKey.normalize(folded), "\(text)")
        }
    }
}
