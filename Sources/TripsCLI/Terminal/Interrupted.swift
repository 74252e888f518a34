/// The run was interrupted (Ctrl-C, SIGTERM, end of input at a prompt); progress is kept. Exit 130.
package struct Interrupted: Error, Sendable, CustomStringConvertible {
    package var description: String = "interrupted"
}
