"""The review's own marks carry NAG numbers written 0-9: a hand-written "[%review $٣]" is not
taken for the review's $3 (clearing the review keeps the user's $3)."""

from __future__ import annotations

import io

from dame_desktop import pdn
from dame_desktop.engines.review import clear_review


def _cleared(mark: str) -> list[int]:
    game = pdn.read_game(io.StringIO(f'[GameType "20"]\n\n1. 32-28 $3 {{[%review ${mark}]}} *\n'))
    assert game is not None
    clear_review(game)
    return [nag.value for nag in game.variations[0].nags]


def test_only_ascii_review_marks_remove_a_nag() -> None:
    assert _cleared("3") == []  # the review's own mark: its NAG goes
    assert _cleared("٣") == [3]  # not a review mark: the user's $3 stays
    assert _cleared("３") == [3]
