import Foundation
import Testing
import TripsStore

/// `PathText`, the stand-in for NSString's path methods and `URL.standardizedFileURL`, answers what they answer.
@Suite struct PathTextTests {
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
}
