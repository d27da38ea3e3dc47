"""The puzzle miner and checker on real positions: what qualifies, what each filter removes."""

from __future__ import annotations

import json
from pathlib import Path

from dame_desktop.core import Position, find_rules
from dame_desktop.puzzles.mine import (
    MineCounts,
    MineSettings,
    examine,
    greedy_move,
    material,
    mine_positions,
)
from dame_desktop.puzzles.sets import check_puzzle, parse_puzzles, puzzles_json
from tests.engines.helpers import run_dame

ENGLISH = find_rules("english")
FAST = MineSettings(depth=6, verify_depth=8)
# OCA game 1 after 41 plies: White gives a man (30-26, 18x27) and takes three at once, crowning
SHOT = "W:W8,12,23,30,31,32:B3,6,9,14,18,20,22,28"


def test_a_real_shot_is_found_with_its_line_and_themes() -> None:
    position = Position.from_fen(SHOT, ENGLISH)
    counts = MineCounts()
    puzzle = examine(position, "OCA game 1 ply 41", FAST, counts)
    assert puzzle is not None, counts.summary()
    assert puzzle.solution[:3] == ("30-26", "18x27", "26x1")
    assert {"shot", "multi-capture", "breakthrough", "quiet-start"} <= set(puzzle.themes)
    assert len(puzzle.solution) % 2 == 1  # it ends with the solver's move
    # the line is legal and wins at least two men for the solver
    current = position
    for text in puzzle.solution:
        current = current.play(current.parse_move(text))
    assert material(current, position.turn) - material(position, position.turn) >= 200
    assert check_puzzle(puzzle, FAST) is None
    assert counts.found == 1


def test_positions_without_a_winning_line_or_a_choice_are_refused() -> None:
    counts = MineCounts()
    assert examine(Position.start(ENGLISH), "start", FAST, counts) is None
    assert counts.no_gain == 1
    # one legal move: no choice to make
    forced = Position.from_fen("B:W18:B14,1", ENGLISH)
    assert len(forced.legal_moves()) == 1
    assert examine(forced, "forced", FAST, counts) is None and counts.no_choice == 1


def test_the_greedy_capture_is_the_one_that_takes_most_at_once() -> None:
    # White's man on 30 may take two men or, turning at 23, three: the greedy move takes three
    position = Position.from_fen("W:W30,27:B26,19,22,18,11", ENGLISH)
    texts = {position.move_text(m, "full"): m for m in position.legal_moves()}
    assert set(texts) == {"30x23x14", "30x23x16x7"}
    assert greedy_move(position) == texts["30x23x16x7"]
    # two captures that take as much: no single greedy move
    level = Position.from_fen("W:W30,32:B26,27", ENGLISH)
    assert len(level.legal_moves()) == 2 and greedy_move(level) is None
    assert greedy_move(Position.start(ENGLISH)) is None  # no capture at all


def test_a_wrong_solution_fails_the_check_and_names_the_move() -> None:
    position = Position.from_fen(SHOT, ENGLISH)
    puzzle = examine(position, "OCA", FAST)
    assert puzzle is not None
    other = next(
        position.move_text(m)
        for m in position.legal_moves()
        if position.move_text(m) != puzzle.solution[0]
    )
    wrong = type(puzzle)(puzzle.id, puzzle.rules, puzzle.fen, (other,), (), (), 1500, "x")
    problem = check_puzzle(wrong, FAST)
    assert problem is not None and "not the best move" in problem and other in problem
    illegal = type(puzzle)(puzzle.id, puzzle.rules, puzzle.fen, ("1-5",), (), (), 1500, "x")
    problem = check_puzzle(illegal, FAST)
    assert problem is not None and "not legal" in problem


def test_mining_a_game_skips_the_positions_along_a_found_line() -> None:
    position = Position.from_fen(SHOT, ENGLISH)
    first = examine(position, "a", FAST)
    assert first is not None
    after_two = position.play(position.parse_move(first.solution[0]))
    after_two = after_two.play(after_two.parse_move(first.solution[1]))
    counts = MineCounts()
    found = list(mine_positions([(position, "a"), (after_two, "b")], FAST, counts))
    assert [p.source for p in found] == ["a"] and counts.positions == 1


def test_dame_puzzles_check_prints_failures_and_a_count(tmp_path: Path) -> None:
    position = Position.from_fen(SHOT, ENGLISH)
    good = examine(position, "OCA", FAST)
    assert good is not None
    bad = type(good)("bad-1", "english", SHOT, ("31-27",), (), (), 1500, "hand")
    path = tmp_path / "set.json"
    path.write_text(puzzles_json("english", [good, bad]), encoding="utf-8")
    done = run_dame("puzzles", "check", str(path), "--depth", "8")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("bad-1: ") and lines[-1] == "puzzles: 2, failed: 1"
    # a file that is not JSON, and one with a puzzle lacking its solution: one line, exit 2
    path.write_text("{not json", encoding="utf-8")
    done = run_dame("puzzles", "check", str(path))
    assert done.returncode == 2 and "is not JSON" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    path.write_text(json.dumps({"rules": "english", "puzzles": [{"id": "x", "fen": SHOT}]}))
    done = run_dame("puzzles", "check", str(path))
    assert done.returncode == 2 and "puzzle 1 has no 'solution'" in done.stderr


def test_puzzle_files_round_trip() -> None:
    position = Position.from_fen(SHOT, ENGLISH)
    puzzle = examine(position, "OCA", FAST)
    assert puzzle is not None
    rules, back = parse_puzzles(puzzles_json("english", [puzzle]).encode(), "set.json")
    assert rules == "english" and back == [puzzle]


def test_dame_puzzles_list_and_bad_input() -> None:
    done = run_dame("puzzles", "list", "--rules", "nope")
    assert done.returncode == 2 and "unknown rule set" in done.stderr
    done = run_dame("puzzles", "list", "--rules", "english", "--theme", "nope")
    assert done.returncode == 2 and "unknown theme" in done.stderr
    done = run_dame("puzzles", "list", "--rules", "english", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["rules"] == "english" and isinstance(data["puzzles"], list)
    for item in data["puzzles"]:
        assert set(item) == {"id", "fen", "solution", "alternatives", "themes", "rating", "source"}


def test_a_floor_spares_the_second_search_only_where_nothing_is_won() -> None:
    from dame_desktop.puzzles.mine import best_two, is_unique

    start = Position.start(ENGLISH)
    full = best_two(start, 4)
    cut = best_two(start, 4, floor=200)
    assert full is not None and cut is not None
    assert (cut.move, cut.score) == (full.move, full.score)
    assert cut.second == cut.score and not is_unique(cut, 150)  # never a puzzle
    shot = Position.from_fen(SHOT, ENGLISH)
    start_material = material(shot, shot.turn)
    # the shot wins above the floor: the step is the full one, second search and all
    assert best_two(shot, 6, floor=start_material + 200) == best_two(shot, 6)


def test_a_win_that_is_only_the_biggest_capture_is_refused_as_greedy() -> None:
    # White takes three men at once (30x23x16x7) instead of two: it wins, but it is the
    # capture that takes the most, played at once, and nothing follows
    position = Position.from_fen("W:W30,27:B26,19,22,18,11", ENGLISH)
    counts = MineCounts()
    assert examine(position, "greedy", FAST, counts) is None
    assert counts.greedy == 1 and counts.found == 0 and counts.positions == 1
