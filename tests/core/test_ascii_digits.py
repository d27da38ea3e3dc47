"""Numbers in text are read with the digits 0-9 only: "٣" (Arabic-Indic), "３" (full width)
and "²" (superscript) are refused with the reader's own clear error, never a bare ValueError
from int() and never silently taken as 3 or 2."""

from __future__ import annotations

import pytest

from dame_desktop.core import MoveParseError, Position, find_rules
from dame_desktop.core.clock import ClockError, TimeControl, parse_clk
from dame_desktop.core.digits import ascii_float, ascii_int, is_ascii_digits
from dame_desktop.core.errors import FenError

FOREIGN = ("٣", "３", "²")
RULES = find_rules("german")


def test_the_helpers() -> None:
    assert is_ascii_digits("0123456789") and not is_ascii_digits("")
    for digit in FOREIGN:
        assert not is_ascii_digits(f"1{digit}")
        with pytest.raises(ValueError, match="digits 0-9"):
            ascii_int(f"1{digit}")
        with pytest.raises(ValueError, match="digits 0-9"):
            ascii_float(f"1{digit}.5")
    assert ascii_int(" -12 ") == -12 and ascii_float("0.25") == 0.25 and ascii_float("1e3") == 1000
    for bad in ("1_000", "inf", "nan", "", "+"):
        with pytest.raises(ValueError):
            ascii_float(bad)
    with pytest.raises(ValueError):
        ascii_int("1_000")


@pytest.mark.parametrize("digit", FOREIGN)
def test_fen_squares_are_ascii(digit: str) -> None:
    with pytest.raises(FenError, match="W3"):
        Position.from_fen(f"W:W3{digit}:B1", RULES)
    with pytest.raises(FenError):
        Position.from_fen(f"W:W{digit}:B1", RULES)
    with pytest.raises(FenError):
        Position.from_fen(f"W:Wc{digit}:B1", RULES)  # an algebraic square name
    with pytest.raises(FenError):
        Position.from_fen(f"W:W21:B1:H{digit}", RULES)  # a lidraughts counter


def test_the_superscript_fen_names_the_problem() -> None:
    with pytest.raises(FenError) as caught:
        Position.from_fen("W:W3²:B1", RULES)
    assert "'3²'" in str(caught.value)


@pytest.mark.parametrize("digit", FOREIGN)
def test_move_squares_are_ascii(digit: str) -> None:
    start = Position.start(RULES)
    assert start.parse_squares("11-15") == [11, 15]
    for text in (f"1{digit}-15", f"11-1{digit}", f"1{digit}15", f"c{digit}-d4", f"c3d{digit}"):
        with pytest.raises(MoveParseError):
            start.parse_squares(text)


@pytest.mark.parametrize("digit", FOREIGN)
def test_square_names_are_ascii(digit: str) -> None:
    geo = RULES.geometry if hasattr(RULES, "geometry") else Position.start(RULES).geometry
    with pytest.raises(ValueError, match="not a square name"):
        geo.sq_from_name(f"c{digit}")


@pytest.mark.parametrize("digit", FOREIGN)
def test_time_controls_are_ascii(digit: str) -> None:
    assert TimeControl.parse("300").seconds == 300
    for text in (f"{digit}00", f"300+{digit}", "３00"):
        with pytest.raises(ClockError):
            TimeControl.parse(text)
    assert parse_clk("[%clk 0:05:00]") == 300
    assert parse_clk(f"[%clk 0:0{digit}:00]") is None
    assert parse_clk(f"[%clk 0:05:0{digit}]") is None
