"""The piece-pattern search against a plain replay of the fixture, game by game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dame_desktop.core import Color, Position, RuleSet
from dame_desktop.core.geometry import geometry
from dame_desktop.core.position import Kind, Piece
from dame_desktop.db.library import Library
from dame_desktop.db.replay import replay_file
from dame_desktop.db.similar import Pattern, cones
from dame_desktop.db.walk import line_code, line_states
from dame_desktop.pdn.reader import read_games
from dame_desktop.pdn.tree import Game, State

LIBRARY = Path(__file__).resolve().parent.parent / "data" / "db" / "library.pdn"


def main_line(game: Game) -> list[State]:
    return [game.state] + [node.state for node in game.mainline()]


def holds(pattern: Pattern, state: State) -> bool:
    geo = geometry(pattern.rules.board_size, pattern.rules.numbering)
    w, b, k = state[0], state[1], state[2]
    for sq, piece in pattern.pieces:
        bit = 1 << geo.sq_to_bit[sq]
        own = w if piece.color is Color.WHITE else b
        if not own & bit or bool(k & bit) != (piece.kind is Kind.KING):
            return False
    return True


def reference(games: list[Game], pattern: Pattern, run: int) -> list[tuple[int, int]]:
    """(game, first ply of the first run of ``run`` positions holding the pattern)."""
    out = []
    for number, game in enumerate(games, 1):
        if game.rules != pattern.rules:
            continue
        held = 0
        for ply, state in enumerate(main_line(game)):
            held = held + 1 if holds(pattern, state) else 0
            if held >= run:
                out.append((number, ply - run + 1))
                break
    return out


def pieces_of(rules: RuleSet, state: State) -> list[tuple[int, Piece]]:
    geo = geometry(rules.board_size, rules.numbering)
    out = []
    for sq in range(1, geo.squares + 1):
        bit = 1 << geo.sq_to_bit[sq]
        for mask, color in ((state[0], Color.WHITE), (state[1], Color.BLACK)):
            if mask & bit:
                out.append((sq, Piece(color, Kind.KING if state[2] & bit else Kind.MAN)))
    return out


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return read_games(LIBRARY)


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    return Library([LIBRARY], folder=tmp_path_factory.mktemp("cache")).open()


def patterns(games: list[Game]) -> list[Pattern]:
    """Piece sets taken from the fixture's positions: 1 to 8 pieces, kings among them, and
    mixtures of two positions (which mostly never stand together)."""
    chooser = random.Random(7)
    out = []
    before: dict[RuleSet, list[tuple[int, Piece]]] = {}
    for game in games:
        if game.rules is None:
            continue
        line = main_line(game)
        for ply in range(0, len(line), 3):
            pieces = pieces_of(game.rules, line[ply])
            for size in (1, 2, 4, 8):
                if len(pieces) >= size:
                    out.append(Pattern.of(game.rules, chooser.sample(pieces, size)))
            other = before.get(game.rules)
            if other and len(pieces) >= 3:
                out.append(
                    Pattern.of(
                        game.rules,
                        chooser.sample(other, min(3, len(other))) + chooser.sample(pieces, 3),
                    )
                )
            before[game.rules] = pieces
    return out


def test_the_patterns_reach_kings_and_every_rule_set(games: list[Game]) -> None:
    found = patterns(games)
    assert len(found) > 300
    assert any(p.pieces[0][1].kind is Kind.KING for p in found)
    assert {p.rules.key for p in found} >= {"english", "german", "international", "italian"}


@pytest.mark.parametrize("run", [1, 4])
def test_similar_is_the_plain_replay_for_every_pattern(
    library: Library, games: list[Game], run: int
) -> None:
    some_hits = some_misses = 0
    for pattern in patterns(games):
        expected = reference(games, pattern, run)
        found = library.similar(pattern, run=run)
        assert [(h.game, h.ply) for h in found.hits] == expected, pattern
        assert found.total == len(expected)
        some_hits += bool(expected)
        some_misses += not expected
    assert some_hits > 100 and some_misses > 10


def test_similar_with_reversed_colours(library: Library, games: list[Game]) -> None:
    both = 0
    for pattern in patterns(games)[::3]:
        turned = pattern.reversed()
        plain = dict(reference(games, pattern, 4))
        other = dict(reference(games, turned, 4))
        expected = sorted(
            {
                g: min(p for p in (plain.get(g), other.get(g)) if p is not None)
                for g in plain.keys() | other.keys()
            }.items()
        )
        found = library.similar(pattern, reverse=True)
        assert [(h.game, h.ply) for h in found.hits] == expected
        for hit in found.hits:
            assert hit.reversed == (hit.game not in plain or plain[hit.game] > hit.ply)
        both += bool(other)
    assert both > 0


def test_limit_cuts_the_list_not_the_total(library: Library, games: list[Game]) -> None:
    start = Position.start(next(g.rules for g in games if g.rules is not None))
    pattern = Pattern.of(
        start.rules, pieces_of(start.rules, (start.white, start.black, 0, True))[:3]
    )
    everything = library.similar(pattern)
    assert everything.total == len(everything.hits) >= 3
    cut = library.similar(pattern, limit=2)
    assert cut.total == everything.total and cut.hits == everything.hits[:2]


def test_cancel_stops_the_search(library: Library, games: list[Game]) -> None:
    pattern = patterns(games)[0]
    assert library.similar(pattern, cancel=lambda: True).hits == []


def test_the_line_bytes_give_back_every_state(games: list[Game]) -> None:
    for game in replay_file(LIBRARY):
        if game.rules is None:
            continue
        decoded = line_states(line_code(game.states, game.moves))
        assert [s for _, s in decoded] == game.states
        assert decoded[-1][0] == game.plies


def test_a_mans_cone_is_every_square_behind_it() -> None:
    rules = next(
        g.rules for g in read_games(LIBRARY) if g.rules is not None and g.rules.key == "german"
    )
    geo = geometry(rules.board_size, rules.numbering)
    [(white, cone)] = cones(rules, 1 << geo.sq_to_bit[14], 0)
    assert white
    # square 14 (of 32) is on the fourth row from the top: a white man comes from below
    squares = set(geo.squares_of(cone))
    assert 14 in squares and {1, 2, 3, 4, 5, 9, 10, 13} & squares == set()
    assert {18, 22, 25, 26, 29, 30, 31} <= squares
    assert (
        cones(
            Position.start(
                next(
                    g.rules
                    for g in read_games(LIBRARY)
                    if g.rules is not None and g.rules.men_capture_backward
                )
            ).rules,
            1,
            0,
        )
        == []
    )
