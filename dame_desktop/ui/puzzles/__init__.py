"""Puzzles mode in the window: its controller and panel."""
