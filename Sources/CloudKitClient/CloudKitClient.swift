// CloudKitClient — see DESIGN.md §2.
