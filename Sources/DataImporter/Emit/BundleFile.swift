import CloudKitWeb
import TripsModel

/// One `Data/records/<name>.json` file before stamping: records of one type (bookkeeping not
/// yet assigned) and what the manifest says about the file.
struct BundleFile: Sendable {
    var path: String
    var recordType: RecordType
    var records: [Record]
    var sport: String? = nil
    var season: String? = nil
    var complete: Bool? = nil
    var notes: String? = nil
    var sources: [SourceReference] = []
    /// Stadium files: records whose location is a stand-in, by id, with what it stands on.
    var approximateLocations: [String: String]? = nil
}
