"""PDN and rule sets with towers (Bashni): recognised, and refused with a clear problem.

A node of the PDN game tree holds three bitboards and the side to move, which cannot hold a
tower's column, so games with towers are not read or written yet.  A file that names Bashni
(GameType 97, or the Variant tag) gets an unsupported-variant problem instead of a replay
that would lose the towers.
"""

from __future__ import annotations

import io

import pytest

from dame_desktop.core import RulesError, find_rules
from dame_desktop.pdn import Game, ProblemKind, read_game, write_game
from dame_desktop.pdn.gametype import BASHNI_GAMETYPE, choose_rules


@pytest.mark.parametrize("headers", [
    {"GameType": str(BASHNI_GAMETYPE)},
    {"GameType": f"{BASHNI_GAMETYPE},W,8,8,A0,0", "Variant": "Bashni"},
    {"Variant": "bashni"},
    {"Rules": "bashni"},
])
def test_a_bashni_game_is_named_as_not_read_yet(headers: dict[str, str]) -> None:
    choice = choose_rules(headers, ["c3-d4"], None)
    assert choice.rules is None
    (_, problem), *_ = [p for p in choice.problems if p[1].kind is ProblemKind.UNSUPPORTED_VARIANT]
    assert "towers" in problem.message


def test_reading_a_bashni_file_reports_the_problem() -> None:
    text = '[GameType "97,W,8,8,A0,0"]\n[Variant "Bashni"]\n1. c3-d4 f6-e5 2. d4:f6 *\n'
    game = read_game(io.StringIO(text))
    assert game is not None
    assert any(e.kind is ProblemKind.UNSUPPORTED_VARIANT for e in game.errors)


def test_no_moves_enter_a_pdn_game_with_towers_and_its_tags_name_bashni() -> None:
    game = Game(find_rules("bashni"))
    with pytest.raises(RulesError, match="towers"):
        game.add_variation("c3-d4")
    text = write_game(game)
    assert '[GameType "97,W,8,8,A0,0"]' in text and '[Variant "Bashni"]' in text
