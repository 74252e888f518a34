// TripsStore — see DESIGN.md §2.
