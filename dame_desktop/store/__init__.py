"""What the program keeps between runs: preferences and recent files (settings), the game in
progress (autosave), and the one atomic write and damaged-file handling they all use (files).
No Qt."""
