import RecordSchema
import TripsModel
import TripsZones

extension Stadium: CanonicalValue {
    public static let recordType = RecordType.stadium

    @inlinable public static func blank(id: String) -> Stadium {
        Stadium(
            id: id, name: "", city: "", state: "", country: "", location: Coordinate(latitude: 0, longitude: 0),
            timeZone: "", sports: [])
    }

    @inlinable public static func map<M: FieldMapper>(_ v: inout Stadium, _ m: inout M) throws(M.Failure) {
        typealias F = StadiumFields
        try m.map(F.name, &v.name)
        try m.map(F.city, &v.city)
        try m.map(F.state, &v.state)
        try m.map(F.country, &v.country)
        try m.map(F.location, &v.location)
        try m.map(F.timeZone, &v.timeZone)
        try m.map(F.capacity, &v.capacity)
        try m.map(F.yearOpened, &v.yearOpened)
        try m.map(F.sports, &v.sports)
        try m.map(F.locationApproximate, &v.locationIsApproximate)
    }

    /// A venue's times are shown in its zone, and its place on the map is a real one.
    public func validate() throws(RecordDecodingError) {
        guard location.isValid else {
            throw .invalidField(recordName: id, field: StadiumFields.location.name, reason: "is out of range")
        }
        guard ZoneDatabase.system.zone(timeZone) != nil else {
            throw .invalidField(recordName: id, field: StadiumFields.timeZone.name, reason: "is not an IANA zone")
        }
    }
}
