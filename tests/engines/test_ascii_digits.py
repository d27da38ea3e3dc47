"""Engine lines and rule switches read numbers with the digits 0-9 only ("٣", "３", "²" are
refused with the reader's own error, never taken as 3)."""

from __future__ import annotations

import io

import pytest

from dame_desktop.core import Position, RulesError, apply_switches, find_rules
from dame_desktop.engines.protocol import ProtocolError, parse_move
from dame_desktop.engines.score import parse_eval
from dame_desktop.engines.server import HubServer

FOREIGN = ("٣", "３", "²")


@pytest.mark.parametrize("digit", FOREIGN)
def test_rule_switch_numbers(digit: str) -> None:
    rules = find_rules("german")
    assert apply_switches(rules, ["repetition=3"]).draw_repetition == 3
    with pytest.raises(RulesError, match="expected a number"):
        apply_switches(rules, [f"repetition={digit}"])
    with pytest.raises(RulesError, match="expected a number"):
        apply_switches(rules, ["repetition=1_0"])


@pytest.mark.parametrize("digit", FOREIGN)
def test_protocol_moves(digit: str) -> None:
    start = Position.start(find_rules("international"))
    assert parse_move("32-28", start) in start.legal_moves()
    with pytest.raises(ProtocolError, match="cannot read the move"):
        parse_move(f"3{digit}-28", start)


@pytest.mark.parametrize("digit", FOREIGN)
def test_eval_commands(digit: str) -> None:
    assert parse_eval("#3") is not None and parse_eval("0.5") is not None
    assert parse_eval(f"#{digit}") is None
    assert parse_eval(f"{digit}.5") is None
    assert parse_eval(f"0.{digit}") is None


@pytest.mark.parametrize("digit", FOREIGN)
def test_hub_level(digit: str) -> None:
    out = io.StringIO()
    server = HubServer(out)
    server.run(["level depth=5"])
    assert server.limit.depth == 5 and "error" not in out.getvalue()
    server.run([f"level depth={digit}"])
    assert "cannot read the level" in out.getvalue()
    assert server.limit.depth == 5  # the level before stays
