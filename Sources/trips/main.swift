import TripsCLI
