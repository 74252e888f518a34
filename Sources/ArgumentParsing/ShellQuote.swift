import FoundationEssentials

/// Quoting text into a generated script, so help texts with quotes or dollars stay literal.
enum ShellQuote {
    /// `'it'\''s'` for bash and zsh.
    static func single(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// `'it\'s'` for fish, where a backslash escapes a quote or a backslash inside single quotes.
    static func fish(_ text: String) -> String {
        "'" + text.replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
    }
}
