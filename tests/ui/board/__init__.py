"""Board tests: the Qt-free move input, the painted widget, the keyboard, the set-up editor."""
