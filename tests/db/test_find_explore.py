"""``find`` and ``explore`` against a plain replay of the fixture, game by game."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from dame_desktop.core import Color, Position, RuleSet
from dame_desktop.db.index import GameFilter, GameIndex
from dame_desktop.db.keys import reversed_state
from dame_desktop.db.library import Library
from dame_desktop.pdn.reader import read_games
from dame_desktop.pdn.tree import Game, State

LIBRARY = Path(__file__).resolve().parent.parent / "data" / "db" / "library.pdn"


def main_line(game: Game) -> list[State]:
    return [game.state] + [node.state for node in game.mainline()]


def outcome(game: Game) -> str:
    return {"first": "first", "second": "second", "draw": "draws"}.get(
        game.outcome() or "", "unknown"
    )


def reference_find(games: list[Game], rules: RuleSet, states: set[State]) -> list[tuple[int, int]]:
    """(game number, first ply at any of ``states``) by a plain replay."""
    out = []
    for number, game in enumerate(games, 1):
        if game.rules != rules:
            continue
        for ply, state in enumerate(main_line(game)):
            if state in states:
                out.append((number, ply))
                break
    return out


def reference_explore(
    games: list[Game], rules: RuleSet, state: State
) -> tuple[int, Counter[tuple[str | None, str]]]:
    total = 0
    counts: Counter[tuple[str | None, str]] = Counter()
    for game in games:
        if game.rules != rules:
            continue
        line = main_line(game)
        if state not in line:
            continue
        total += 1
        at = line.index(state)
        nodes = list(game.mainline())
        if at < len(nodes):
            parent = nodes[at].parent
            assert parent is not None
            move = parent.position().move_text(nodes[at].move, "short", rules.algebraic)
            counts[(move, outcome(game))] += 1
        else:
            counts[(None, outcome(game))] += 1
    return total, counts


def position(rules: RuleSet, state: State) -> Position:
    return Position(rules, state[0], state[1], state[2], Color.WHITE if state[3] else Color.BLACK)


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    folder = tmp_path_factory.mktemp("cache")
    return Library([LIBRARY], folder=folder).open()


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return read_games(LIBRARY)


def every_position(games: list[Game]) -> list[tuple[RuleSet, State]]:
    seen: dict[tuple[RuleSet, State], None] = {}
    for game in games:
        if game.rules is None:
            continue
        for state in main_line(game):
            seen.setdefault((game.rules, state), None)
    return list(seen)


def test_the_fixture_has_what_the_tests_need(games: list[Game]) -> None:
    keys = {g.rules.key for g in games if g.rules is not None}
    assert {"english", "german", "russian", "international", "italian"} <= keys
    assert any(not g.is_standard_start() for g in games)  # a FEN setup
    assert any(g.result() == "*" for g in games)
    assert any(g.errors for g in games)  # a main line that stops at an illegal move


def test_find_is_the_plain_replay_for_every_position(library: Library, games: list[Game]) -> None:
    positions = every_position(games)
    assert len(positions) > 500
    for rules, state in positions:
        expected = reference_find(games, rules, {state})
        found = library.find([position(rules, state)])
        assert [(h.game, h.ply) for h in found.hits] == expected
        assert found.total == len(expected)


def test_find_with_reversed_colours(library: Library, games: list[Game]) -> None:
    hits_both = 0
    for rules, state in every_position(games):
        turned = reversed_state(state[:4], rules)
        expected = reference_find(games, rules, {state, turned})
        found = library.find([position(rules, state)], reverse=True)
        assert [(h.game, h.ply) for h in found.hits] == expected
        for hit in found.hits:
            line = main_line(games[hit.game - 1])
            assert line[hit.ply] == (turned if hit.reversed else state)
        hits_both += any(h.reversed for h in found.hits) and any(not h.reversed for h in found.hits)
    start = Position.start(games[0].rules)  # the start position reversed is itself
    assert reversed_state((start.white, start.black, start.kings, False), start.rules) == (
        start.white,
        start.black,
        start.kings,
        True,
    )


def test_explore_is_the_plain_replay_for_every_position(
    library: Library, games: list[Game]
) -> None:
    for rules, state in every_position(games):
        total, counts = reference_explore(games, rules, state)
        result = library.explore([position(rules, state)])
        assert result.games == total
        got: Counter[tuple[str | None, str]] = Counter()
        for m in result.moves:
            for name in ("first", "draws", "second", "unknown"):
                if getattr(m, name):
                    got[(m.move, name)] += getattr(m, name)
            assert m.games == m.first + m.draws + m.second + m.unknown
        ended = Counter({k: v for k, v in counts.items() if k[0] is None})
        assert result.ended == sum(ended.values())
        assert got == Counter({k: v for k, v in counts.items() if k[0] is not None})


def test_a_game_ending_at_the_position_counts_under_no_move(
    library: Library, games: list[Game]
) -> None:
    short = next(g for g in games if g.headers.get("Event") == "short")
    end = main_line(short)[-1]
    result = library.explore([position(short.rules, end)])
    assert result.ended >= 1 and result.games > result.ended  # a longer game goes on


def test_limit_cuts_the_list_not_the_total(library: Library) -> None:
    start = library.positions(None, None)[0]
    everything = library.find([start])
    assert everything.total == len(everything.hits) > 3
    cut = library.find([start], limit=2)
    assert cut.total == everything.total
    assert cut.hits == everything.hits[:2]
    assert library.find([start], limit=0).hits == []


def test_two_files_are_sorted_by_file_then_game(tmp_path: Path) -> None:
    second = tmp_path / "second.pdn"
    second.write_bytes(LIBRARY.read_bytes())
    with Library([second, LIBRARY], folder=tmp_path / "cache").open() as both:
        start = both.positions(None, None)[0]
        found = both.find([start])
        one = Library([LIBRARY], folder=tmp_path / "cache").open().find([start])
        assert found.total == 2 * one.total
        assert [h.file for h in found.hits] == [str(second)] * one.total + [
            str(LIBRARY)
        ] * one.total
        assert [h.game for h in found.hits[: one.total]] == [h.game for h in one.hits]


def test_the_game_list_and_its_filters(library: Library, games: list[Game]) -> None:
    index = library.indexes[0]
    rows = index.games()
    assert [r.game for r in rows] == list(range(1, len(games) + 1))
    assert [r.white for r in rows] == [g.headers.get("White", "") for g in games]
    assert [r.result for r in rows] == [g.result() for g in games]
    german = index.games(GameFilter(rules="german"))
    assert [r.game for r in german] == [
        i for i, g in enumerate(games, 1) if g.rules is not None and g.rules.key == "german"
    ]
    assert [r.game for r in index.games(GameFilter(player="white 10"))] == [
        i for i, g in enumerate(games, 1) if "white 10" in g.headers.get("White", "").lower()
    ]
    setup = index.games(GameFilter(event="setup"))
    assert len(setup) == 1 and setup[0].fen is not None
    text = index.game_text(setup[0].game)
    assert text.startswith('[Event "setup"]')


def test_find_and_explore_use_each_games_rule_set(library: Library) -> None:
    """Without a rule set, a FEN is asked in every rule set of the games that can read it."""
    asked = library.positions(
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", None
    )
    assert {p.rules.key for p in asked} >= {"german", "russian", "italian", "english"}
    found = library.find(asked)
    by_rules = {g.game: g.rules for g in library.indexes[0].games()}
    assert {by_rules[h.game] for h in found.hits} == {"german", "russian", "italian"}
    with pytest.raises(ValueError):
        library.positions("W:W99:B1", None)


def test_an_index_is_reused_and_a_changed_file_is_indexed_again(tmp_path: Path) -> None:
    path = tmp_path / "games.pdn"
    path.write_bytes(LIBRARY.read_bytes())
    index = GameIndex(path, folder=tmp_path / "cache").open()
    assert index.stats.rebuilt_because == "no index yet"
    index.close()
    again = GameIndex(path, folder=tmp_path / "cache").open()
    assert again.stats.rebuilt_because == ""  # current: opened as it is
    assert again.count_games() == 32
    again.close()
    with open(path, "ab") as handle:
        handle.write(b'\n[Event "new"]\n1. 22-18 9-14 *\n')
    changed = GameIndex(path, folder=tmp_path / "cache").open()
    assert changed.stats.rebuilt_because == "the file changed"
    assert changed.count_games() == 33
    changed.close()


def test_the_counted_moves_answer_as_the_positions_do(tmp_path: Path, games: list[Game]) -> None:
    """With every position's moves counted at build time (the tally), find and explore
    answer exactly as from the positions themselves."""
    counted = Library([LIBRARY], folder=tmp_path / "counted")
    counted.indexes[0].tally_from = 1
    counted.open()
    tallied = counted.indexes[0]._conn().execute("SELECT COUNT(*) FROM tally").fetchone()[0]
    assert tallied > 500
    for rules, state in every_position(games):
        pos = position(rules, state)
        total, counts = reference_explore(games, rules, state)
        result = counted.explore([pos])
        assert result.games == total
        assert result.ended == sum(v for k, v in counts.items() if k[0] is None)
        got: Counter[tuple[str | None, str]] = Counter()
        for m in result.moves:
            for name in ("first", "draws", "second", "unknown"):
                if getattr(m, name):
                    got[(m.move, name)] += getattr(m, name)
        assert got == Counter({k: v for k, v in counts.items() if k[0] is not None})
        turned = reversed_state(state[:4], rules)
        expected = reference_find(games, rules, {state, turned})
        found = counted.find([pos], reverse=True)
        assert [(h.game, h.ply) for h in found.hits] == expected
        assert found.total == len(expected)
        page = counted.find([pos], reverse=True, limit=1)
        assert page.total == len(expected) and page.hits == found.hits[:1]
    counted.close()
