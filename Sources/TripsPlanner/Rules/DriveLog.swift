/// What a drive simulation keeps of the stretches it drives: nothing (graph building) or all
/// (itineraries).
protocol DriveLog {
    mutating func record(_ segment: DriveSegment)
}

struct NoDriveLog: DriveLog {
    @inline(__always) mutating func record(_ segment: DriveSegment) {}
}

struct FullDriveLog: DriveLog {
    var segments: [DriveSegment] = []
    mutating func record(_ segment: DriveSegment) { segments.append(segment) }
}
