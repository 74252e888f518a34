// trips-cloud: the CloudKit Web Services–compatible development server and its admin tools.
// Thin: each command parses its arguments and calls CloudServer; errors become one line on
// stderr and an exit status (1 failure, 2 usage).
await CloudCommandLine.main()
