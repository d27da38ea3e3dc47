"""Numbers in text the program reads (FEN, moves, time controls, engine lines, options):
only the ASCII digits 0-9 count.

Python's ``str.isdigit``, ``int``, ``float`` and a ``str`` regex's ``\\d`` also take other
scripts' digits ("٣", "３") or superscripts ("²", which ``isdigit`` accepts and ``int``
then refuses with a bare ValueError).  These helpers accept what a user or a file means as a
number, and nothing else; ``int``'s "1_000" is refused too.
"""

from __future__ import annotations

import re

__all__ = ["ascii_float", "ascii_int", "is_ascii_digits"]

_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def is_ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more of the digits 0-9 (nothing else, no sign)."""
    return text.isascii() and text.isdigit()


def ascii_int(text: str) -> int:
    """``text`` (spaces around it allowed, an optional sign) as an int; ValueError when it
    holds anything but the digits 0-9."""
    value = text.strip()
    if _INT.fullmatch(value) is None:
        raise ValueError(f"not a number written with the digits 0-9: {text!r}")
    return int(value)


def ascii_float(text: str) -> float:
    """``text`` as a float written with the digits 0-9 (``12``, ``-0.5``, ``1e3``);
    ValueError otherwise (also for "inf" and "nan")."""
    value = text.strip()
    if _FLOAT.fullmatch(value) is None:
        raise ValueError(f"not a number written with the digits 0-9: {text!r}")
    return float(value)
