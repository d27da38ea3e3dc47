"""Dialogs of the desktop window."""
