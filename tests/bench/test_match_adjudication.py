"""The bench matches call a game drawn where the endgame tables built here say it is one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dame_desktop.ai import egtb
from dame_desktop.core import Color, Game, Move, Position, find_rules

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_a_table_draw_ends_the_game_and_a_table_win_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.setenv(egtb.FOLDER_ENV, str(tmp_path))
    sys.modules.pop("_match", None)
    import _match

    rules = find_rules("german")
    assert _match.table_draws(rules) is None  # nothing built in this folder yet
    egtb.build(rules, 3, tmp_path)
    judge = _match.table_draws(rules)
    assert judge is not None
    # two kings against one king, nothing to capture: a draw by the tables
    drawn = Game(rules, Position.from_fen("W:WK29,K31:BK5", rules))
    assert judge(drawn)
    # a king against a man about to be caught: the tables say win, which is not judged
    won = Game(rules, Position.from_fen("W:WK1,K6:B28", rules))
    assert egtb.tables_for(rules, tmp_path) is not None
    assert not judge(won)
    # too many pieces for the tables: never judged
    assert not judge(Game(rules, Position.start(rules)))

    # judged for the side that plays by the tables only where it defends a kings-alone ending
    # with fewer pieces (the other side could not lose it by a mistake)
    defended = _match.table_draws(rules, defender=Color.BLACK)
    attacked = _match.table_draws(rules, defender=Color.WHITE)
    assert defended is not None and attacked is not None
    assert defended(drawn) and not attacked(drawn)
    # a drawn ending with a man in it is played out, whoever defends it
    with_man = Game(rules, Position.from_fen("W:WK29:BK5,12", rules))
    assert _match.table_draws(rules)(with_man)  # type: ignore[misc]
    assert not attacked(with_man)

    def first_move(game: Game) -> Move:
        return game.position.legal_moves()[0]

    outcome = _match.play_game(drawn, first_move, first_move, 50, judge)
    assert outcome.reason == "table-draw" and outcome.winner is None and outcome.plies == 1
