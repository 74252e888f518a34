// TripsSync — see DESIGN.md §2.
