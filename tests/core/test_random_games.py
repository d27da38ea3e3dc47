"""Seeded random games for every preset and a few switch combinations.

At every ply: the FEN written and read back is the same position (with the same hash); every
move's text (short and full, numeric and, on 8x8, algebraic) parses back to the same move;
playing a move in the Game and taking it back restores the position, its hash and the whole
game state exactly.  With huffing on, the opponent's answer (accept / blow / correct) is
chosen at random too, and undone as well.
"""

from __future__ import annotations

import random

import pytest

from dame_desktop.core import (
    PRESETS,
    Game,
    HuffChoice,
    Move,
    Position,
    RuleSet,
    find_rules,
)

CONFIGS: list[tuple[str, tuple[str, ...]]] = [(p.key, ()) for p in PRESETS] + [
    ("german", ("huffing=on",)),
    ("german", ("huffing=on", "largest-capture=on")),
    ("german", ("giveaway=on",)),
    ("german", ("landing=behind-last",)),
    ("german", ("must-land-to-continue=off", "men-capture-backward=on")),
    ("international", ("giveaway=on",)),
    ("russian", ("promotion=pass", "capture-rule=italian")),
    ("english", ("flying-kings=on", "first=white")),
]

MAX_PLIES = 200


def check_position(pos: Position, rules: RuleSet) -> None:
    again = Position.from_fen(pos.fen(), rules)
    assert again == pos and hash(again) == hash(pos) and again.key == pos.key
    if rules.board_size == 8:
        alg = Position.from_fen(pos.fen(algebraic=True), rules)
        assert alg == pos


def check_move_texts(pos: Position, moves: list[Move], rules: RuleSet) -> None:
    styles = [("short", False), ("full", False)]
    if rules.board_size == 8:
        styles += [("short", True), ("full", True)]
    for move in moves:
        for style, algebraic in styles:
            text = pos.move_text(move, style=style, algebraic=algebraic)
            back = pos.parse_move(text, moves)
            assert back == move, f"{text!r} read back as {back} in {pos.fen()}"
            assert back.identity == move.identity
        assert pos.parse_move(move.full_text(), moves) == move


def check_play_undo(game: Game, move: Move) -> None:
    before_state = game.state
    before = game.position
    game.play(move)
    assert game.position == before.play(move)
    game.undo()
    assert game.state == before_state
    assert game.position == before and hash(game.position) == hash(before)
    assert game.position.fen() == before.fen()
    assert not game.position.rules.huffing or game.pending_huff == before_state.pending_huff


def play_random_game(key: str, switches: tuple[str, ...], seed: int, fen: str = "") -> int:
    rules = find_rules(key).with_switches(list(switches))
    rng = random.Random(f"{key}/{'+'.join(switches)}/{seed}/{fen}")  # str seeds are stable
    game = Game(rules, start=Position.from_fen(fen, rules) if fen else None)
    plies = 0
    while not game.is_over and plies < MAX_PLIES:
        pending = game.pending_huff
        if pending is not None:
            choice = rng.choice(list(HuffChoice))
            if choice is HuffChoice.BLOW:
                state = game.state
                game.huff(choice, rng.choice(pending.candidates))
                assert game.position.turn is state.position.turn  # a blow is not a move
                game.undo()
                assert game.state == state
                game.redo()
            else:
                game.huff(choice)
            continue
        pos = game.position
        check_position(pos, rules)
        moves = game.legal_moves()
        assert moves, "a game that is not over has moves"
        assert len(set(moves)) == len(moves), "one move per identity"
        check_move_texts(pos, moves, rules)
        move = rng.choice(moves)
        check_play_undo(game, move)
        game.play(move)
        plies += 1
    return plies


@pytest.mark.parametrize(("key", "switches"), CONFIGS, ids=["+".join((k, *s)) for k, s in CONFIGS])
def test_random_games(key: str, switches: tuple[str, ...]) -> None:
    total = sum(play_random_game(key, switches, seed) for seed in range(4))
    assert total > 100  # the games really ran


# King-rich starts, so that flying-king captures, ghosts and endgame counters get exercised.
KING_STARTS = [
    ("german", "W:WK21,K22,K23,26,27:BK9,K10,K11,5,6"),
    ("russian", "W:WK21,K22,K23,26,27:BK9,K10,K11,5,6"),
    ("italian", "W:WK21,K22,K23,26,27:BK9,K10,K11,5,6"),
    ("spanish", "W:WK21,K22,K23,6,7:BK9,K10,K11,26,27"),
    ("international", "W:WK31-35,41-45:BK16-20,6-10"),
    ("brazilian", "W:WK21,K22,K23,26,27:BK9,K10,K11,5,6"),
]


@pytest.mark.parametrize(("key", "fen"), KING_STARTS, ids=[k for k, _f in KING_STARTS])
def test_random_games_with_kings(key: str, fen: str) -> None:
    total = sum(play_random_game(key, ("repetition=0",), seed, fen) for seed in range(5))
    assert total > 20
