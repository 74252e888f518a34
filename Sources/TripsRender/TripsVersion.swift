/// The program's version, shown by `--version` and in exported files.
public enum TripsVersion {
    public static let number = "0.1.0"
}
