// DataImporter — see DESIGN.md §2.
