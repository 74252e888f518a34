/// The parts of the bash and zsh scripts written in the syntax both shells share: the tables
/// of commands and values, and the scan of the words before the cursor. Each script builds
/// `typed` (those words, as the program will see them) and `cur` (the word being typed), runs
/// the scan, and turns its verdict — `want` is `subcommands`, `options` or `values` (`choices`,
/// or `from` files or the program), `inline` when the word is `--option=value` — into its own
/// completion calls.
extension CompletionScript {
    /// Locals the scan sets.
    static var shScanVariables: String {
        "word cmd= option= names= valued= choices= from= want= skip=0 inline=0 ended=0 positionals=0"
    }

    /// `<f>_command PATH`: sets `names` (the subcommands), `valued` (" --sport --team ", the
    /// options that take a value) and what `more` adds for the shell (its option list).
    func shCommandFunction(_ more: (Node) -> String) -> String {
        let cases = nodes.map { node in
            let names = node.subcommands.map(\.name).joined(separator: " ")
            let valued = " " + Self.valued(node).joined(separator: " ") + " "
            return "    \(ShellQuote.single(node.path))) names=\(ShellQuote.single(names)) "
                + "valued=\(ShellQuote.single(valued))\n        \(more(node)) ;;"
        }
        return """
            # The command at path $1: its subcommands, its options, and those that take a value.
            \(function)_command() {
                case $1 in
            \(cases.joined(separator: "\n"))
                *) return 1 ;;
                esac
            }
            """
    }

    /// `<f>_values KEY`: sets `choices` (words) or `from` for "$cmd|--option" or "$cmd|N".
    var shValuesFunction: String {
        let cases = actions(
            choices: { "choices=\(ShellQuote.single($0.joined(separator: " ")))" }, files: "from=files",
            program: "from=program"
        ).map { "    \(Self.pattern($0.keys))) \($0.action) ;;" }
        return """
            # What the value of "$cmd|--option" or "$cmd|N" (the N-th positional) can be: fixed
            # choices, a file, or what `\(program) \(completer)` lists from the data.
            \(function)_values() {
                case $1 in
            \(cases.joined(separator: "\n"))
                esac
            }
            """
    }

    /// The parser's rules in shell: subcommands descend until the first positional, an option
    /// that takes a value skips it (unless it looks like an option), `--` ends options.
    var shWordScan: String {
        """
            \(function)_command '' || return 1
            for word in "${typed[@]}"; do
                if ((skip)); then
                    skip=0
                    [[ $word == -* ]] || continue
                fi
                if ((!ended)) && [[ $word == -- ]]; then
                    ended=1
                elif ((!ended)) && [[ $word == -?* ]]; then
                    [[ $word != *=* && $valued == *" $word "* ]] && skip=1 option=$word
                elif ((!positionals && !ended)) && [[ " $names " == *" $word "* ]]; then
                    cmd=${cmd:+$cmd }$word
                    \(function)_command "$cmd"
                else
                    positionals=$((positionals + 1))
                fi
            done
            ((skip)) && [[ $cur != -* ]] || option=
            if [[ -z $option ]] && ((!ended)) && [[ $cur == --*=* ]]; then
                option=${cur%%=*}
                cur=${cur#*=}
                inline=1
                [[ $valued == *" $option "* ]] || return 1
            fi
            if [[ -n $option ]]; then
                want=values
                \(function)_values "$cmd|$option"
            elif ((!ended)) && [[ $cur == -* ]]; then
                want=options
            elif ((!positionals && !ended)) && [[ -n $names ]]; then
                want=subcommands
            else
                want=values
                \(function)_values "$cmd|$positionals"
                [[ -z $choices$from$cur ]] && ((!ended)) && want=options
            fi
        """
    }
}
