"""Move marks as the study shows and sets them: a NAG number and its glyph."""

from __future__ import annotations

MARKS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
"""Move marks: NAG number -> glyph."""
