import TripsSyncCLI

await SyncCommandLine.main()
