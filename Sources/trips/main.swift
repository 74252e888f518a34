import TripsCLI

await TripsCommandLine.main()
