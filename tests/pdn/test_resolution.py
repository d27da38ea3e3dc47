"""The reader's fast move resolution agrees with the core's Position.parse_move."""

from __future__ import annotations

import io
import random

import pytest

from dame_desktop.core import PRESETS, DameError, Position
from dame_desktop.pdn import Game, read_game
from dame_desktop.pdn.gametype import gametype_text, rules_tag


def positions(rules_key: str, count: int, seed: int) -> list[Position]:
    rules = next(p for p in PRESETS if p.key == rules_key)
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start(rules)
        for _ in range(rng.randint(0, 80)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
            if rng.random() < 0.3:
                out.append(pos)
    return out[:count]


def read_move(pos: Position, text: str) -> tuple[object, str]:
    """(move identity or None, error message) as the PDN reader resolves ``text`` at ``pos``."""
    tag = rules_tag(pos.rules)
    rules = f'[Rules "{tag}"]\n' if tag else ""
    pdn = f'[GameType "{gametype_text(pos.rules)}"]\n{rules}[FEN "{pos.fen()}"]\n{text} *\n'
    game = read_game(io.StringIO(pdn), default_rules=pos.rules)
    assert isinstance(game, Game) and game.rules == pos.rules
    if game.variations:
        return game.variations[0].move.identity, ""
    return None, game.errors[0].message


@pytest.mark.parametrize("key", [p.key for p in PRESETS])
def test_every_text_form_resolves_like_the_core(key: str) -> None:
    for pos in positions(key, 25, 11):
        for move in pos.legal_moves():
            forms = {
                pos.move_text(move, "short"),
                pos.move_text(move, "full"),
                pos.move_text(move, "short", algebraic=True),
                move.full_text(),
                move.short_text(),
            }
            for text in forms:
                try:
                    expected: object = pos.parse_move(text).identity
                except DameError:
                    expected = None
                got, message = read_move(pos, text)
                assert got == expected, (pos.fen(), text, message)
                if expected is None:
                    assert "ambiguous" in message and pos.fen() in message


@pytest.mark.slow
def test_illegal_moves_are_rejected_like_the_core() -> None:
    for pos in positions("german", 20, 3):
        legal = {m.identity for m in pos.legal_moves()}
        for a in range(1, 33, 3):
            for b in (a - 5, a - 4, a - 3, a + 3, a + 4, a + 5, a + 9):
                if not 1 <= b <= 32:
                    continue
                text = f"{a}-{b}"
                got, message = read_move(pos, text)
                try:
                    expected: object = pos.parse_move(text).identity
                except DameError:
                    expected = None
                assert got == expected, (pos.fen(), text)
                if got is None:
                    assert (
                        message.startswith(f"illegal move {text} in position {pos.fen()}")
                        or "ambiguous" in message
                    )
                else:
                    assert got in legal
