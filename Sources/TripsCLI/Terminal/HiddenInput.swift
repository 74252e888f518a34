import FoundationEssentials
import Glibc

/// Reads a secret typed on a terminal without showing it (`trips config set cloud.apiToken -`),
/// so it stays out of the scrollback as well as out of argv and the shell history.
enum HiddenInput {
    /// The terminal settings to put back if Ctrl-C arrives while echo is off.
    nonisolated(unsafe) private static var saved = termios()

    /// One line from stdin. On a terminal, `prompt` goes to stderr and echo is off while
    /// typing; from a pipe or file the line is simply read.
    static func readLine(prompt: String, context: CLIContext) -> String? {
        guard context.stdinIsTerminal, tcgetattr(0, &saved) == 0 else { return context.readLine() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        signal(SIGINT) { _ in
            tcsetattr(0, TCSANOW, &HiddenInput.saved)
            _ = "\n".withCString { write(2, $0, 1) }
            _exit(130)
        }
        // Echo goes off before the prompt shows, so nothing typed after it can appear.
        tcsetattr(0, TCSANOW, &quiet)
        context.stderr.write(prompt)
        context.stderr.flush()
        defer {
            tcsetattr(0, TCSANOW, &saved)
            signal(SIGINT, SIG_DFL)
            context.stderr.line()
        }
        return context.readLine()
    }
}
