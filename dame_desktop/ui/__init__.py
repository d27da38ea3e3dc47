"""The PySide6 desktop window.  Only the program's entry point imports this package."""
