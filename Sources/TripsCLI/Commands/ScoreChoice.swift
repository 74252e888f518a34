import ArgumentParsing
import TripsStore

/// Whether results are shown. Without a flag, `trips config set scores off` hides them in
/// every command — for a fan who records games and catches up later — and `--scores` shows
/// them once anyway; `--no-scores` hides them whatever the setting.
enum ScoreChoice {
    static let hide = Option<Bool>.flag(
        "no-scores", "Hide results (scores) in every format; `trips config set scores off` makes it the default")
    static let show = Option<Bool>.flag("scores", "Show results this once, though `config scores` is off")

    static let options: [any OptionDeclaration] = [hide, show]

    /// True when results are shown.
    static func read(_ arguments: ParsedArguments, context: CLIContext) throws -> Bool {
        let hide = try arguments.read(Self.hide)
        let show = try arguments.read(Self.show)
        if hide && show { throw arguments.error(.conflicting("--scores", "--no-scores")) }
        if hide || show { return show }
        return try configured(context)
    }

    /// Whether results are shown where no option says: `trips config set scores off` hides them.
    static func configured(_ context: CLIContext) throws -> Bool {
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        return try settings.validated(.scores) != "off"
    }
}
