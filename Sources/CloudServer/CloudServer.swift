// CloudServer — see DESIGN.md §2.
