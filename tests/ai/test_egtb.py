"""Endgame tables: built tables against a plain retrograde count, known results, the CLI."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import pytest

from dame_desktop.ai import egtb
from dame_desktop.ai.egtb_build import Solver, flip_code, sig_code
from dame_desktop.ai.evaluate import evaluator
from dame_desktop.ai.search import (
    TABLE_EVAL_SPAN,
    TABLE_SCORE,
    TUNING,
    WIN_BOUND,
    Limit,
    SearchResult,
    search,
)
from dame_desktop.cli.command import main
from dame_desktop.core import Color, Position, RuleSet, find_rules
from dame_desktop.core.geometry import geometry
from dame_desktop.core.movegen import generator, popcount
from dame_desktop.core.rules import GERMAN
from tests.ai.egtb_reference import Solver as ReferenceSolver

# -- an independent solver: every position with both colours to move, a graph, a count ------


def all_positions(rules: RuleSet, pieces: int) -> list[tuple[int, int, int, bool]]:
    """Every position of 2..``pieces`` pieces (both sides present) and both sides to move."""
    geo = geometry(rules.board_size)
    squares = [geo.sq_to_bit[s] for s in range(1, geo.squares + 1)]
    out = []
    for n in range(2, pieces + 1):
        for chosen in combinations(squares, n):
            # each piece: white man, white king, black man, black king
            for kinds in range(4**n):
                w = b = k = 0
                ok = True
                for i, bit in enumerate(chosen):
                    kind = (kinds >> (2 * i)) & 3
                    mask = 1 << bit
                    if kind == 0 and mask & geo.white_promo or kind == 2 and mask & geo.black_promo:
                        ok = False
                        break
                    if kind < 2:
                        w |= mask
                    else:
                        b |= mask
                    if kind & 1:
                        k |= mask
                if ok and w and b:
                    out.append((w, b, k, True))
                    out.append((w, b, k, False))
    return out


@functools.cache
def plain_retrograde(rules: RuleSet, pieces: int) -> dict[tuple[int, int, int, bool], str]:
    """Win/loss/draw of every position by counting: a position is lost when all its moves lead
    to won positions, won when one leads to a lost one; positions that never settle are drawn.
    A side without pieces or without a move has lost (it has won in giveaway)."""
    gen = generator(rules)
    lost_at_end = "win" if rules.giveaway else "loss"
    value: dict[tuple[int, int, int, bool], str] = {}
    left: dict[tuple[int, int, int, bool], int] = {}
    parents: dict[tuple[int, int, int, bool], list[tuple[int, int, int, bool]]] = {}
    queue = []
    positions = all_positions(rules, pieces)
    for pos in positions:
        w, b, k, wtm = pos
        moves = gen.legal(w, b, k, wtm)
        if not moves:
            value[pos] = lost_at_end
            queue.append(pos)
            continue
        children = set()
        for m in moves:
            nw, nb, nk = gen.apply(w, b, k, wtm, m)
            children.add((nw, nb, nk, not wtm))
        left[pos] = len(children)
        for child in children:
            cw, cb, _ck, cwtm = child
            if not (cw if cwtm else cb):  # the side to move there has no piece left
                value.setdefault(child, lost_at_end)
                if child not in parents:
                    queue.append(child)
            parents.setdefault(child, []).append(pos)
    while queue:
        child = queue.pop()
        for parent in parents.get(child, ()):
            if parent in value:
                continue
            if value[child] == "loss":
                value[parent] = "win"
                queue.append(parent)
            else:
                left[parent] -= 1
                if left[parent] == 0:
                    value[parent] = "loss"
                    queue.append(parent)
    return {pos: value.get(pos, "draw") for pos in positions}


def compare_with_reference(rules: RuleSet, pieces: int) -> int:
    """Solve every material up to ``pieces`` with the fast solver and the reference one (each
    from its own smaller tables) and return how many tables were compared; any difference
    fails with the material's name."""
    fast = Solver(rules, generator(rules))
    slow = ReferenceSolver(rules, generator(rules))
    compared = 0
    for code in egtb.materials(pieces):
        if code in fast.tables:
            continue
        fast.solve(code)
        slow.solve(code)
        for c in {code, flip_code(code)}:
            assert fast.tables[c] == slow.tables[c], egtb.material_name(c)
            compared += 1
    return compared


@pytest.mark.parametrize("key", ["german", "english", "russian", "italian", "czech", "spanish"])
def test_the_fast_solver_makes_the_reference_solvers_three_piece_tables(key: str) -> None:
    assert compare_with_reference(find_rules(key), 3) == len(egtb.materials(3))


@pytest.mark.slow
@pytest.mark.parametrize("key", ["german", "english", "russian"])
def test_the_fast_solver_makes_the_reference_solvers_four_piece_tables(key: str) -> None:
    # 4 pieces on a 6x6 board (the same rules): every kind of move, small enough for a test
    rules = dataclasses.replace(find_rules(key), board_size=6)
    assert compare_with_reference(rules, 4) == len(egtb.materials(4))


def test_boards_of_all_squares_have_no_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = find_rules("turkish")
    with pytest.raises(ValueError, match="dark squares"):
        egtb.build(rules, 2, tmp_path)
    assert (
        main(["egtb", "build", "--rules", "turkish", "--pieces", "2", "--folder", str(tmp_path)])
        == 2
    )
    assert "dark squares" in capsys.readouterr().err
    assert egtb.ensure_tables(rules, 2, tmp_path) is None
    # files left by an older build (made on the wrong board) are never read
    (tmp_path / egtb.table_key(rules)).mkdir(parents=True, exist_ok=True)
    egtb.build(find_rules("german"), 2, tmp_path)
    for path in (tmp_path / egtb.table_key(find_rules("german"))).glob("*.wdl"):
        (tmp_path / egtb.table_key(rules) / path.name).write_bytes(path.read_bytes())
    egtb.forget()
    assert egtb.tables_for(rules, tmp_path) is None
    egtb.forget()


def test_tower_games_have_no_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Bashni shares every ending parameter with Russian but keeps captured pieces in towers:
    # the Russian tables would answer for it wrongly
    rules = find_rules("bashni")
    assert rules.towers
    with pytest.raises(ValueError, match="towers"):
        egtb.build(rules, 2, tmp_path)
    argv = ["egtb", "build", "--rules", "bashni", "--pieces", "2", "--folder", str(tmp_path)]
    assert main(argv) == 2
    assert "towers" in capsys.readouterr().err
    egtb.build(find_rules("russian"), 2, tmp_path)
    egtb.forget()
    assert egtb.tables_for(find_rules("russian"), tmp_path) is not None
    assert egtb.tables_for(rules, tmp_path) is None
    argv = ["egtb", "probe", "--rules", "bashni", "--folder", str(tmp_path), "--fen", "W:WK1:BK32"]
    assert main(argv) == 2
    assert "towers" in capsys.readouterr().err
    egtb.forget()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables")


@pytest.mark.parametrize("key", ["german", "english"])
def test_every_three_piece_position_agrees_with_a_plain_retrograde_count(
    key: str, folder: Path
) -> None:
    rules = find_rules(key)
    egtb.build(rules, 3, folder)
    tables = egtb.Tables(rules, folder)
    assert tables.max_pieces == 3
    expected = plain_retrograde(rules, 3)
    wrong = []
    for (w, b, k, wtm), result in expected.items():
        got = egtb.RESULT_NAMES.get(tables.probe(w, b, k, wtm))
        if got != result:
            turn = Color.WHITE if wtm else Color.BLACK
            wrong.append((Position(rules, w, b, k, turn).fen(), result, got))
    assert wrong[:5] == [] and len(wrong) == 0
    counts = {r: list(expected.values()).count(r) for r in ("win", "loss", "draw")}
    assert all(counts.values())  # the count itself finds every kind of result


def plain_distances(rules: RuleSet, pieces: int) -> dict[tuple[int, int, int, bool], int]:
    """The plies until the material changes, round by round, for every won or lost position
    of exactly ``pieces`` pieces, from the plain count's values: 1 where it changes at once
    (a capture to make, a crowning that wins, no move within the material); a win is one
    more than its quickest lost follower, a loss one more than its slowest won one."""
    gen = generator(rules)
    value = plain_retrograde(rules, pieces)
    inside: dict[tuple[int, int, int, bool], list[tuple[int, int, int, bool]]] = {}
    dist: dict[tuple[int, int, int, bool], int] = {}
    for pos, result in value.items():
        w, b, k, wtm = pos
        if result == "draw" or popcount(w | b) != pieces:
            continue
        moves = gen.legal(w, b, k, wtm)
        if not moves or moves[0][2]:  # no move, or a capture to make
            dist[pos] = 1
            continue
        quiet = []
        crowned_win = False
        for m in moves:
            child = (*gen.apply(w, b, k, wtm, m), not wtm)
            if m[3]:
                crowned_win = crowned_win or value[child] == "loss"
            else:
                quiet.append(child)
        if crowned_win or (result == "loss" and not quiet):
            dist[pos] = 1
        else:
            inside[pos] = quiet
    plies = 1
    while inside:
        plies += 1
        found = {}
        for pos, quiet in inside.items():
            if value[pos] == "win":
                if any(value[c] == "loss" and dist.get(c) == plies - 1 for c in quiet):
                    found[pos] = plies
            elif all(c in dist for c in quiet) and max(dist[c] for c in quiet) == plies - 1:
                found[pos] = plies
        if not found:
            break
        dist.update(found)
        for pos in found:
            del inside[pos]
    assert not inside, "positions left without a distance"
    return dist


@pytest.mark.parametrize("key", ["german", "english"])
def test_every_three_piece_distance_agrees_with_a_plain_count(key: str, folder: Path) -> None:
    rules = find_rules(key)
    egtb.build(rules, 3, folder)
    tables = egtb.Tables(rules, folder)
    assert tables.distance_pieces == 3 and tables.complete(3)
    expected = plain_distances(rules, 3)
    wrong = []
    for (w, b, k, wtm), plies in expected.items():
        got = tables.distance(w, b, k, wtm)
        if got != plies:
            turn = Color.WHITE if wtm else Color.BLACK
            wrong.append((Position(rules, w, b, k, turn).fen(), plies, got))
    assert wrong[:5] == [] and len(wrong) == 0
    assert max(expected.values()) > 5  # some wins take a long way round
    w, b, k = Position.from_fen("W:WK1:BK32", rules).white, 0, 0
    assert tables.distance(w, b, k, True) == -1  # no pieces on one side: not a table position


def test_the_probe_command_agrees_with_the_count_on_a_sample(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = find_rules("german")
    egtb.build(rules, 3, folder)
    expected = plain_retrograde(rules, 3)
    items = sorted(expected.items())[:: len(expected) // 40]
    for (w, b, k, wtm), result in items:
        turn = Color.WHITE if wtm else Color.BLACK
        fen = Position(rules, w, b, k, turn).fen()
        assert (
            main(
                [
                    "egtb",
                    "probe",
                    "--rules",
                    "german",
                    "--folder",
                    str(folder),
                    "--fen",
                    fen,
                    "--json",
                ]
            )
            == 0
        )
        data = json.loads(capsys.readouterr().out)
        assert data == {"result": result, "pieces": (w | b).bit_count()}, fen


def test_tables_are_built_on_first_use_with_progress(tmp_path: Path) -> None:
    rules = find_rules("english")
    seen: list[tuple[int, int, str]] = []
    tables = egtb.ensure_tables(rules, 3, tmp_path, lambda *step: seen.append(step))
    assert tables is not None and tables.max_pieces == 3
    assert seen and seen[-1][0] == seen[-1][1]  # the last step is the whole
    assert [done for done, _total, _name in seen] == sorted(done for done, _t, _n in seen)
    assert {name for _d, _t, name in seen} >= {"1k-1k", "2k-1k", "1k-2k", "1m-2m"}
    seen.clear()
    assert egtb.ensure_tables(rules, 3, tmp_path, lambda *step: seen.append(step)) is tables
    assert seen == []  # nothing left to build
    assert egtb.ensure_tables(find_rules("international"), 5, tmp_path) is None
    egtb.forget()


# -- known results ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "fen", "result"),
    [
        ("english", "W:WK1,K2:BK32", "win"),  # two short kings beat one
        ("english", "B:WK1,K2:BK23", "loss"),  # ... whoever is to move
        ("english", "W:WK1:BK32", "draw"),  # king against king
        ("german", "W:WK1:BK32", "draw"),
        ("german", "W:WK1,K2:BK32", "draw"),  # two flying kings cannot catch one
        ("german", "W:WK29:B10", "win"),  # a flying king catches a lone man
        ("german", "W:WK29:B18", "win"),
        ("german", "B:WK29:B6", "loss"),  # the man is caught long before it crowns
        ("german", "W:WK4:B27", "draw"),  # the man crowns next move: too late to stop it
    ],
)
def test_known_results(
    key: str, fen: str, result: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    egtb.build(find_rules(key), 3, folder)
    assert main(["egtb", "probe", "--rules", key, "--folder", str(folder), "--fen", fen]) == 0
    assert capsys.readouterr().out.strip() == result


def test_the_three_kings_rule_is_part_of_the_tables(tmp_path: Path) -> None:
    # three kings against one on the long diagonal: the old German rule draws it at once, where
    # without the rule the three kings may win.  On a 6x6 board (the same rules) the tables are
    # small enough to build in a test.
    with_rule = dataclasses.replace(GERMAN, board_size=6)
    without = with_rule.with_switches({"three-kings-diagonal": "off"})
    assert egtb.table_key(with_rule) != egtb.table_key(without)
    egtb.build(with_rule, 4, tmp_path, only=["3k-1k"])
    egtb.build(without, 4, tmp_path, only=["3k-1k"])
    tables = egtb.Tables(with_rule, tmp_path)
    plain = egtb.Tables(without, tmp_path)
    assert tables.max_pieces == plain.max_pieces == 3  # of 4 pieces only one material
    tables.max_pieces = plain.max_pieces = 4
    geo = geometry(6)
    assert geo.long_diagonal >> geo.sq_to_bit[16] & 1  # 16 is on it, 15 is not
    assert not geo.long_diagonal >> geo.sq_to_bit[15] & 1
    fen = "W:WK1,K2,K3:BK16"
    assert tables.result(Position.from_fen(fen, with_rule)) == "draw"
    assert plain.result(Position.from_fen(fen, without)) == "win"
    assert tables.result(Position.from_fen("B" + fen[1:], with_rule)) == "draw"
    # the three kings to move and able to take the lone king: no draw
    assert tables.result(Position.from_fen("W:WK1,K2,K17:BK13", with_rule)) == "win"
    # off the diagonal the rule does not apply
    assert tables.result(Position.from_fen("W:WK1,K2,K3:BK15", with_rule)) == plain.result(
        Position.from_fen("W:WK1,K2,K3:BK15", without)
    )


def test_table_keys_follow_the_parameters_not_the_names() -> None:
    keys = {
        r.key: egtb.table_key(r)
        for r in map(
            find_rules,
            (
                "german",
                "german-ass",
                "english",
                "russian",
                "brazilian",
                "pool",
                "italian",
                "spanish",
                "czech",
                "international",
            ),
        )
    }
    assert len(set(keys.values())) == len(keys)  # the presets all differ in an ending rule
    # a switch that does not decide an ending keeps the key; one that does changes it
    german = find_rules("german")
    assert egtb.table_key(german.with_switches({"quiet-plies": "20"})) == keys["german"]
    assert egtb.table_key(german.with_switches({"first": "black"})) == keys["german"]
    assert egtb.table_key(german.with_switches({"men-capture-backward": "on"})) != keys["german"]
    # crowning as a man that passes through equals stopping when men capture forward only
    assert egtb.table_key(german.with_switches({"promotion": "pass"})) == keys["german"]


def test_materials_come_after_everything_their_moves_reach() -> None:
    order = egtb.materials(5)
    seen: set[int] = set()
    for code in order:
        wm = code & 15
        wk = (code >> 4) & 15
        bm = (code >> 8) & 15
        bk = (code >> 12) & 15
        if wm:  # White crowns: Black is to move in the flipped material with one man less
            assert sig_code(bm, bk, wm - 1, wk + 1) in seen or flip_code(code) == sig_code(
                bm, bk, wm - 1, wk + 1
            )
        seen.add(code)
    assert len(order) == len(set(order))


# -- the search -----------------------------------------------------------------------------


def searched_tables(rules: RuleSet, folder: Path, monkeypatch: pytest.MonkeyPatch) -> egtb.Tables:
    """The 3-piece tables of ``rules`` built in ``folder``, where the search looks for them."""
    egtb.build(rules, 3, folder)
    monkeypatch.setenv(egtb.FOLDER_ENV, str(folder))
    egtb.forget()
    tables = egtb.tables_for(rules)
    assert tables is not None
    return tables


def test_the_search_scores_positions_in_the_tables_as_they_are(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = find_rules("english")
    tables = searched_tables(rules, folder, monkeypatch)
    # taking a king leaves two kings against one: the search cannot see the end in four
    # plies, the tables can (the root itself has more pieces than the tables)
    pos = Position.from_fen("W:WK1,K2:BK6,K23", rules)
    result = search(pos, rules, Limit(depth=4))
    assert result.endgame == ""
    assert WIN_BOUND > result.score > TABLE_SCORE - 2 * TABLE_EVAL_SPAN
    # a root inside the tables: their verdict, and a move that keeps it
    won = Position.from_fen("W:WK1,K2:BK23", rules)
    inside = search(won, rules, Limit(depth=4))
    assert inside.endgame == "win" and inside.move is not None
    assert tables.result(won.play(inside.move)) == "loss"
    # a drawn root scores as the tables say, at every depth, though its evaluation (and a
    # search of four plies) gives Black, two men against a king, about two men
    drawn = Position.from_fen("W:WK2:B10,18", rules)
    assert tables.result(drawn) == "draw"
    assert evaluator(rules, True)(drawn.white, drawn.black, drawn.kings, True) < -100
    depths: list[SearchResult] = []
    final = search(drawn, rules, Limit(depth=4), on_iteration=depths.append)
    assert final.endgame == "draw" and final.score == 0 and final.move is not None
    assert tables.result(drawn.play(final.move)) == "draw"
    assert [r.score for r in depths] == [0, 0, 0, 0]
    assert search(Position.from_fen("W:WK1:BK23", rules), rules, Limit(depth=4)).endgame == "draw"
    monkeypatch.setattr(TUNING, "endgame_tables", False)
    plain = search(pos, rules, Limit(depth=4))
    assert plain.score < TABLE_SCORE - 2 * TABLE_EVAL_SPAN
    assert search(won, rules, Limit(depth=4)).endgame == ""
    egtb.forget()


def test_a_won_root_keeps_only_winning_moves(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = find_rules("german")
    tables = searched_tables(rules, folder, monkeypatch)
    # a king against a man far from crowning: most king moves win, some let the man through
    pos = Position.from_fen("W:WK29:B10", rules)
    verdicts = {m: tables.result(pos.play(m)) for m in pos.legal_moves()}
    assert "loss" in verdicts.values() and set(verdicts.values()) != {"loss"}
    result = search(pos, rules, Limit(depth=1))
    assert result.move is not None
    assert result.endgame == "win" and verdicts[result.move] == "loss"
    egtb.forget()


def test_a_won_root_takes_the_shortest_way_on(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Of the winning moves the search plays one that leaves the material soonest by the
    tables' distances: the win goes on even where the search cannot see its end."""
    rules = find_rules("german")
    tables = searched_tables(rules, folder, monkeypatch)
    pos = Position.from_fen("W:WK29:B10", rules)
    ways = {}
    for m in pos.legal_moves():
        after = pos.play(m)
        if tables.result(after) == "loss":
            ways[m] = tables.distance(after.white, after.black, after.kings, False)
    assert len(set(ways.values())) > 1  # some winning moves are slower than others
    for depth in (1, 4):
        result = search(pos, rules, Limit(depth=depth))
        assert result.move in ways and ways[result.move] == min(ways.values())
        # the line shown is the way on, to the capture that ends the material
        assert len(result.pv) == tables.distance(pos.white, pos.black, pos.kings, True)
        assert result.pv[-1].is_capture and not any(m.is_capture for m in result.pv[:-1])
    egtb.forget()


def test_a_lost_root_holds_out_longest(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The losing side plays a move after which the winner needs the most plies to the next
    capture or crowning: a count, or a mistake, may still save the game."""
    rules = find_rules("german")
    tables = searched_tables(rules, folder, monkeypatch)
    for fen in ("B:WK31,17:B15", "B:WK27,K30:B2", "B:W9,K14:B24"):
        pos = Position.from_fen(fen, rules)
        assert tables.result(pos) == "loss"
        ways = {}
        for m in pos.legal_moves():
            after = pos.play(m)
            ways[m] = tables.distance(after.white, after.black, after.kings, True)
        assert len(set(ways.values())) > 1  # some moves give in sooner than others
        for depth in (1, 4):
            result = search(pos, rules, Limit(depth=depth))
            assert result.endgame == "loss" and result.move in ways
            assert ways[result.move] == max(ways.values()), (fen, depth, str(result.move))
    egtb.forget()


def test_tables_without_distances_are_built_again_with_them(tmp_path: Path) -> None:
    """Tables of an older build (values only) are used as they are, and count as incomplete:
    the next build adds the distances."""
    rules = find_rules("german")
    egtb.build(rules, 3, tmp_path)
    key_folder = tmp_path / egtb.table_key(rules)
    for path in key_folder.glob("*.dtc"):
        path.unlink()
    older = egtb.Tables(rules, tmp_path)
    assert older.max_pieces == 3 and older.distance_pieces == 0 and not older.complete(3)
    fen = Position.from_fen("W:WK29:B10", rules)
    assert older.result(fen) == "win"
    assert older.distance(fen.white, fen.black, fen.kings, True) == -1
    egtb.forget()
    tables = egtb.ensure_tables(rules, 3, tmp_path)
    assert tables is not None and tables.complete(3) and tables.distance_pieces == 3
    assert tables.distance(fen.white, fen.black, fen.kings, True) > 0
    egtb.forget()


def test_a_damaged_distances_file_leaves_the_values_in_use(tmp_path: Path) -> None:
    rules = find_rules("german")
    egtb.build(rules, 3, tmp_path)
    pos = Position.from_fen("W:WK29:B10", rules)
    code = sig_code(0, 1, 1, 0)  # a white king against a black man
    dtc = egtb._file(tmp_path, egtb.table_key(rules), code, True)
    dtc.write_bytes(dtc.read_bytes()[:40])  # cut short
    tables = egtb.Tables(rules, tmp_path)
    assert tables.distance(pos.white, pos.black, pos.kings, True) == -1
    assert tables.damaged_distances[code].startswith(f"{dtc}: damaged")
    assert tables.result(pos) == "win" and not tables.damaged
    egtb.forget()


# -- the command's errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["egtb", "probe", "--rules", "english", "--fen", "W:WK1,2,3,4,5:BK32"], "6 pieces"),
        (["egtb", "probe", "--rules", "pool", "--fen", "W:WK1:BK32"], "no endgame tables"),
        (["egtb", "probe", "--rules", "english", "--fen", "W:WK99:BK32"], "99"),
        (["egtb", "probe", "--rules", "nope", "--fen", "W:WK1:BK32"], "unknown rule set"),
        (["egtb", "probe", "--rules", "english"], "required"),
        (["egtb", "build", "--rules", "english", "--pieces", "1"], "out of range"),
        (["egtb", "build", "--rules", "international", "--pieces", "5"], "out of range"),
        (["egtb", "build", "--rules", "german", "--pieces", "7"], "out of range 2-6"),
        (["egtb", "build", "--rules", "english", "--pieces", "2", "--jobs", "0"], "--jobs 0"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], needle: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    egtb.build(find_rules("english"), 3, folder)
    assert main([*argv, "--folder", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and needle in err


def test_a_damaged_table_is_reported_and_rebuilt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = find_rules("english")
    egtb.build(rules, 2, tmp_path)
    path = tmp_path / egtb.table_key(rules) / "0101.wdl"
    good = path.read_bytes()
    path.write_bytes(good[:-5])
    egtb.forget()
    assert (
        main(
            [
                "egtb",
                "probe",
                "--rules",
                "english",
                "--folder",
                str(tmp_path),
                "--fen",
                "W:WK1:BK32",
            ]
        )
        == 2
    )
    assert "0101.wdl: damaged" in capsys.readouterr().err
    # the search does without the damaged material instead of failing
    tables = egtb.tables_for(rules, tmp_path)
    assert tables is not None
    pos = Position.from_fen("W:WK1:BK32", rules)
    assert tables.probe(pos.white, pos.black, pos.kings, True) == -1
    assert "0101.wdl" in tables.damaged[sig_code(0, 1, 0, 1)]
    egtb.build(rules, 2, tmp_path)
    assert path.read_bytes() == good
    egtb.forget()


def test_a_parallel_build_writes_the_same_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--jobs 2`` solves in two worker processes (real ones): the same files as one process,
    a damaged file solved again, and the workers' time counted in the total."""
    rules = find_rules("german")
    alone, parallel = tmp_path / "alone", tmp_path / "parallel"
    egtb.build(rules, 3, alone)
    argv = ["egtb", "build", "--rules", "german", "--pieces", "3", "--quiet"]
    assert main([*argv, "--jobs", "2", "--folder", str(parallel)]) == 0
    out = capsys.readouterr().out
    assert "3 pieces: 12 materials, 212,400 positions" in out and "2 jobs" in out
    key = egtb.table_key(rules)

    def values(folder: Path) -> dict[str, bytes]:
        found = {}
        for path in sorted((folder / key).glob("*.wdl")):
            code = sig_code(*(int(ch) for ch in path.stem))
            size = Solver(rules, generator(rules)).signature(code).size
            found[path.name] = egtb.decode(path.read_bytes(), key, code, size, path)
        return found

    expected = values(alone)
    assert len(expected) == 16 and values(parallel) == expected
    damaged = parallel / key / "1010.wdl"  # a man each side, needed by every 3-piece one
    damaged.write_bytes(damaged.read_bytes()[:-3])
    assert main([*argv, "--jobs", "2", "--folder", str(parallel)]) == 0
    assert values(parallel) == expected
    egtb.forget()


class OtherProgram:
    """Another program (a real process) holding a folder's build lock until it is ended."""

    def __init__(self, lock: Path) -> None:
        code = (
            "import sys\n"
            "from dame_desktop.store.locking import hold\n"
            "fd = hold(sys.argv[1])\n"
            "print('held' if fd is not None else 'refused', flush=True)\n"
            "sys.stdin.read()\n"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(lock)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "held"

    def end(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(60)


@pytest.fixture
def other_program(tmp_path: Path) -> Iterator[Callable[[Path], OtherProgram]]:
    started: list[OtherProgram] = []

    def start(lock: Path) -> OtherProgram:
        started.append(OtherProgram(lock))
        return started[-1]

    yield start
    for program in started:
        program.end()


def test_two_programs_never_build_the_same_tables_at_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    other_program: Callable[[Path], OtherProgram],
) -> None:
    rules = find_rules("german")
    key = egtb.table_key(rules)
    other = other_program(tmp_path / key / egtb.BUILD_LOCK)
    assert egtb.build_lock_busy(rules, tmp_path)
    with pytest.raises(egtb.TablesBusy) as caught:
        egtb.build(rules, 2, tmp_path)
    assert caught.value.path == tmp_path / key
    assert not list((tmp_path / key).glob("*.wdl"))  # nothing written beside the other
    argv = ["egtb", "build", "--rules", "german", "--pieces", "2", "--folder", str(tmp_path)]
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("dame: another program is building the tables")
    assert key in err and str(tmp_path) in err and "\n" not in err

    other.end()  # the other program ended: its lock is gone with it, the file stays
    assert (tmp_path / key / egtb.BUILD_LOCK).exists()
    assert not egtb.build_lock_busy(rules, tmp_path)
    assert main([*argv, "--quiet"]) == 0
    assert len(list((tmp_path / key).glob("*.wdl"))) == len(egtb.materials(2))
    egtb.forget()


def test_a_folder_the_tables_cannot_be_written_to_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    for jobs in ("1", "2"):  # the error comes from this process, then from a worker
        argv = ["egtb", "build", "--rules", "english", "--pieces", "3", "--jobs", jobs]
        assert main([*argv, "--folder", str(blocker / "tables")]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("dame: cannot write the tables: could not write")
        assert str(blocker) in err and "\n" not in err and "Traceback" not in err


def test_six_pieces_on_8x8_are_built_on_request_the_window_builds_five(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    german, international = find_rules("german"), find_rules("international")
    assert egtb.max_pieces(german) == 6 and egtb.usual_pieces(german) == 5
    assert egtb.max_pieces(international) == egtb.usual_pieces(international) == 4
    assert egtb.max_pieces(find_rules("turkish")) == egtb.usual_pieces(find_rules("turkish")) == 0
    # the largest pair of 6 pieces (2m2k-1m1k and its colour flip) and what solving it holds
    assert egtb.largest_pair(german, 6) == 2 * 167_989_248
    assert egtb.largest_pair(german, 5) == 24_887_296
    need = egtb.SOLVING_BYTES * egtb.largest_pair(german, 6)  # about 4 GB
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    for memory, jobs in ((6 << 30, 1), (16 << 30, 2), (64 << 30, 4), (None, 1)):
        monkeypatch.setattr(egtb, "physical_memory", lambda memory=memory: memory)
        assert egtb.default_jobs(german, 6) == jobs, memory
        assert egtb.default_jobs(german, 5) == 4  # a few hundred megabytes each
    assert 3 << 30 < need < 5 << 30
    assert egtb.default_jobs() == 4


def test_the_computers_memory_is_known_here() -> None:
    memory = egtb.physical_memory()
    assert memory is not None and memory > 1 << 28
