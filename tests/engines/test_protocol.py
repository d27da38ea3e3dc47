"""The Hub protocol's text forms: lines, positions, moves, our rules parameter."""

from __future__ import annotations

import pytest

from dame_desktop.core import Position, RulesError, find_rules
from dame_desktop.engines.protocol import (
    ProtocolError,
    format_line,
    move_text,
    parse_line,
    parse_move,
    parse_position,
    parse_rules_text,
    position_text,
    rules_text,
    variant_name,
    variant_rules,
)

INTERNATIONAL = find_rules("international")


def test_lines_with_quotes_flags_and_empty_values() -> None:
    command, args = parse_line('info depth=21 score=-0.01 pv="32-28 17-22" ponder\r\n')
    assert command == "info"
    assert args == {"depth": "21", "score": "-0.01", "pv": "32-28 17-22", "ponder": ""}
    assert parse_line('id name=Scan author="Fabien Letouzey" note=""')[1]["note"] == ""
    assert parse_line("   ") == ("", {})
    for bad in ('info pv="32-28', 'info a=b"c', "info \x00x", "info =3"):
        with pytest.raises(ProtocolError):
            parse_line(bad)


def test_format_quotes_what_needs_it() -> None:
    line = format_line("param", [("name", "x"), ("value", ""), ("values", "a b"), ("f", None)])
    assert line == 'param name=x value="" values="a b" f'
    assert parse_line(line)[1] == {"name": "x", "value": "", "values": "a b", "f": ""}


def test_positions_both_ways() -> None:
    start = Position.start(INTERNATIONAL)
    text = position_text(start)
    assert text == "W" + "b" * 20 + "e" * 10 + "w" * 20
    assert parse_position(text, INTERNATIONAL) == start
    german = find_rules("german")
    pos = Position.from_fen("B:WK1,30:B5,K28", german)
    assert parse_position(position_text(pos), german) == pos
    for bad in ("W" + "e" * 49, "X" + "e" * 50, "W" + "q" * 50):
        with pytest.raises(ProtocolError):
            parse_position(bad, INTERNATIONAL)


def test_moves_by_identity_with_every_captured_square() -> None:
    pos = Position.from_fen("W:W32:B28,18", find_rules("international"))
    capture = next(m for m in pos.legal_moves() if m.is_capture)
    text = move_text(capture)
    assert text == "32x12x28x18" and set(text.split("x")[2:]) == {str(s) for s in capture.captured}
    assert parse_move(text, pos) == capture
    assert parse_move(f"{capture.from_sq}x{capture.to_sq}", pos) == capture  # from-to only
    for bad in ("32-27", "32x", "abc", "32x12x28x99", "32-12"):
        with pytest.raises(ProtocolError):
            parse_move(bad, pos)


def test_variant_names_and_our_rules_text() -> None:
    assert variant_name(INTERNATIONAL) == "normal"
    losing = variant_rules("losing")
    assert losing is not None and losing.giveaway and variant_name(losing) == "losing"
    assert variant_name(find_rules("german")) is None
    assert variant_rules("german") == find_rules("german")
    assert variant_rules("frisian") is None
    house = find_rules("german").with_switches(["huffing=on", "quiet-plies=60"])
    text = rules_text(house)
    assert text == "german huffing=on quiet-plies=60"
    assert parse_rules_text(text) == house
    assert parse_rules_text("german; huffing=on;quiet-plies=60") == house
    with pytest.raises(RulesError):
        parse_rules_text("german flying=maybe")
