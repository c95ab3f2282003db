"""The scenes of the program: startup show, menu, options, help, dialogs and the tables."""
