/// The program's version, shown by `--version` and in exported files.
enum TripsVersion {
    static let number = "0.1.0"
}
