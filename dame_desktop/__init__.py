"""Dame: German draughts and its relatives for the desktop."""

__version__ = "0.1.0"
