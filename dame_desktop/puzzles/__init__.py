"""Puzzles: positions with one winning line, their solutions, and the solvers' ratings. No Qt."""
