// TripsCLI — see DESIGN.md §2.
