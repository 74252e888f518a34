// TripsPlanner — see DESIGN.md §2.
