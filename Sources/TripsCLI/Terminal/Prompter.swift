import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsModel
import TripsRender

/// Asks questions on a terminal: each prompt shows its default (Enter accepts it), a bad
/// answer is explained and asked again, and end of input (Ctrl-D) leaves cleanly, saying which
/// answer was missing (exit 2, as a missing option is with --no-input).
struct Prompter {
    var context: CLIContext

    /// Asks until `parse` accepts the answer. `defaultAnswer` is used for an empty line; with no
    /// default, an empty line is refused unless `optional` (then `parse("")` decides).
    func ask<T>(
        _ question: String, defaultAnswer: String? = nil, hint: String? = nil, optional: Bool = false,
        parse: (String) throws -> T
    ) throws -> T {
        while true {
            // A note an answer put on stderr shows under that answer, not after the plan.
            context.stderr.flush()
            var prompt = context.style.bold(question)
            if let hint { prompt += " " + context.style.dim("(\(hint.terminalSafe))") }
            if let defaultAnswer { prompt += " [\(defaultAnswer.terminalSafe)]" }
            context.stdout.write(prompt + ": ")
            context.stdout.flush()
            guard let line = context.readLine() else {
                context.stdout.line()
                throw AnswersEnded(question: question)
            }
            var answer = line.trimmed
            if answer.isEmpty, let defaultAnswer { answer = defaultAnswer }
            if answer.isEmpty && !optional {
                say("an answer is needed", warning: true)
                continue
            }
            do {
                return try parse(answer)
            } catch {
                say(ExitStatus.report(error).message, warning: true)
            }
        }
    }

    /// A line under an answer, indented and wrapped to 80 columns: why it is asked again
    /// (`warning`), or what was assumed.
    func say(_ text: String, warning: Bool = false) {
        let lines = TextWrap.lines(
            [text.terminalSafe], separator: " ", first: TextWrap.columns - 2, rest: TextWrap.columns - 4)
        for (index, line) in lines.enumerated() {
            let shown = (index == 0 ? "  " : "    ") + line
            context.stdout.line(warning ? context.style.yellow(shown) : shown)
        }
    }

    /// While prompting, Ctrl-C ends the program at once with status 130 (nothing is written).
    static func exitOnInterrupt() {
        signal(SIGINT) { _ in
            _ = "\n".withCString { write(1, $0, 1) }
            _exit(130)
        }
    }
}

/// End of input (Ctrl-D) where an answer was asked for: nothing is done, and the fan is told
/// how to give it another way. Exit 2, like the same answer missing with `--no-input`.
struct AnswersEnded: Error, ExitCodeProviding, CustomStringConvertible {
    var question: String
    package var exitCode: Int32 { ExitStatus.usage }
    var description: String {
        "no answer to \"\(question)\" (end of input): nothing was planned — answer it, or give it as an option "
            + "(`--help` lists them)"
    }
}
