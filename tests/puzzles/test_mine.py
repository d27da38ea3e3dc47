"""The puzzle miner and checker on real positions: what qualifies, what each filter removes."""

from __future__ import annotations

import json
from pathlib import Path

from dame_desktop.core import Color, Position, find_rules
from dame_desktop.puzzles.mine import (
    MineCounts,
    MineSettings,
    examine,
    greedy_move,
    king_worth,
    material,
    mine_positions,
    stops_short,
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
    # the shallow search sees nothing to win at the start: no deep search at all
    assert examine(Position.start(ENGLISH), "start", FAST, counts) is None
    assert counts.screened == 1 and counts.no_gain == 0
    # without the screen the deep search finds nothing either
    unscreened = MineSettings(depth=6, verify_depth=8, screen_depth=0)
    assert examine(Position.start(ENGLISH), "start", unscreened, counts) is None
    assert counts.no_gain == 1 and counts.screened == 1
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


BASHNI = find_rules("bashni")


def test_with_towers_a_side_counts_its_own_pieces_under_its_own_tops() -> None:
    # Black's tower on d4 is b, b, w from the top: Black counts its two men, White's man at
    # the bottom is a prisoner (out of White's play); f6 is a single Black man
    position = Position.from_fen("W:Wc3:Bd4/bw,f6", BASHNI)
    assert material(position, Color.WHITE) == 100 - 300
    moves = {position.move_text(m, "full"): m for m in position.legal_moves()}
    # taking d4's top and f6: two of Black's men out of play, White's man still a prisoner
    # (under the Black man left on d4)
    two = position.play(moves["22x15x8"])
    assert material(two, Color.WHITE) - material(position, Color.WHITE) == 200
    # taking d4 twice frees White's man at its bottom: two men taken and one won back
    freed = position.play(moves["22x15x22"])
    assert material(freed, Color.WHITE) - material(position, Color.WHITE) == 300
    # the greedy capture is the one that wins the most at once
    assert greedy_move(position) == moves["22x15x22"]
    # the prisoners under White's top do not count for White
    assert material(Position.from_fen("W:Wc3/bb:Bf6", BASHNI), Color.WHITE) == 0


def test_a_turkish_king_counts_as_the_engine_values_it() -> None:
    turkish = find_rules("turkish")
    assert king_worth(turkish) == 500 and king_worth(find_rules("russian")) == 250
    assert king_worth(turkish, 300) == 300  # a setting given wins
    position = Position.from_fen("W:WKa1,b2:Bh7,g7", turkish)
    assert material(position, Color.WHITE) == 500 + 100 - 200


def test_a_capture_cut_short_by_a_piece_it_jumped_is_a_turkish_strike() -> None:
    international = find_rules("international")
    # White gives 35-30, Black takes 25x34, White's king takes 34 and 10 (45x23x5): at 5 it
    # would take 32 on the line back, but 10, jumped already, still stands on it
    position = Position.from_fen("W:W35,K45:BK10,25,32,K47", international)
    texts = ("35-30", "25x34", "45x5")
    shorts = []
    for text in texts:
        move = position.parse_move(text)
        shorts.append(stops_short(position, move))
        position = position.play(move)
    assert shorts == [False, False, True]
    assert position.fen() == "B:WK5:B32,K47"
    # Turkish draughts lift a jumped piece at once: a capture there never stops short
    turkish = find_rules("turkish")
    take = Position.from_fen("W:Wd4:Bd5,e7", turkish)
    assert all(not stops_short(take, m) for m in take.legal_moves())


def test_tower_themes_name_a_tower_taken_and_own_pieces_freed() -> None:
    from dame_desktop.puzzles.mine import _Step, _themes

    def tower_themes(position: Position, text: str, solver: bool = True) -> set[str]:
        move = next(m for m in position.legal_moves() if position.move_text(m, "full") == text)
        step = _Step(move, 300, 0) if solver else None
        themes = _themes(position, [(position, move, step)], FAST, False)
        return set(themes) & {"tower-capture", "liberation"}

    position = Position.from_fen("W:Wc3:Bd4/bw,f6", BASHNI)
    assert tower_themes(position, "22x15x22") == {"tower-capture", "liberation"}
    assert tower_themes(position, "22x15x8") == {"tower-capture"}
    assert tower_themes(position, "22x15x22", solver=False) == set()  # the defender's move
    singles = Position.from_fen("W:Wc3:Bd4,f6,h8", BASHNI)
    assert tower_themes(singles, "22x15x8") == set()


def test_a_set_up_game_is_mined_from_its_first_position(tmp_path: Path) -> None:
    from dame_desktop.cli.puzzles import _archive_positions

    # a problem: the shot's position set up from a FEN, with its first two moves; and a game
    # from the start, whose opening plies are skipped
    path = tmp_path / "problems.pdn"
    path.write_text(
        f'[GameType "21"]\n[SetUp "1"]\n[FEN "{SHOT}"]\n\n1. 30-26 18x27 *\n\n'
        '[GameType "21"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *\n',
        encoding="utf-8",
    )
    found = list(_archive_positions(str(path), ENGLISH))
    sources = [source for _position, source in found]
    assert sources == ["problems.pdn game 1 ply 0", "problems.pdn game 1 ply 1"] + [
        f"problems.pdn game 2 ply {ply}" for ply in (6, 7)
    ]
    assert found[0][0] == Position.from_fen(SHOT, ENGLISH)


def test_the_shallow_screen_lets_the_shipped_puzzles_through() -> None:
    from dame_desktop.ai.search import Limit, search
    from dame_desktop.puzzles.sets import shipped_puzzles

    settings = MineSettings()
    for key in ("english", "german", "international", "russian", "turkish", "bashni"):
        rules = find_rules(key)
        puzzles = shipped_puzzles(key)
        for puzzle in puzzles[:: max(1, len(puzzles) // 3)][:3]:
            position = Position.from_fen(puzzle.fen, rules)
            shallow = search(position, limit=Limit(depth=settings.screen_depth))
            assert shallow.score - material(position, position.turn) >= settings.screen, puzzle.id


def test_a_solution_s_themes_are_worked_out_again_from_its_moves() -> None:
    from dame_desktop.puzzles.mine import solution_themes

    international = find_rules("international")
    position = Position.from_fen("W:W35,K45:BK10,25,32,K47", international)
    themes = solution_themes(position, ("35-30", "25x34", "45x5"), False, FAST)
    assert set(themes) == {"shot", "ending", "quiet-start", "turkish-strike"}
    # the miner's own themes for a puzzle it found come back the same
    shot = Position.from_fen(SHOT, ENGLISH)
    puzzle = examine(shot, "OCA", FAST)
    assert puzzle is not None
    forced = "forced-win" in puzzle.themes
    assert solution_themes(shot, puzzle.solution, forced, FAST) == puzzle.themes


def test_positions_with_more_kings_than_allowed_are_not_examined() -> None:
    # the shot with one of White's men a king: examined by default, passed over with no king
    # allowed (counted apart from the filters that judge a position)
    crowned = Position.from_fen("W:WK8,12,23,30,31,32:B3,6,9,14,18,20,22,28", ENGLISH)
    counts = MineCounts()
    kept = list(mine_positions([(crowned, "k")], FAST, counts))
    assert counts.many_kings == 0 and counts.positions == 1
    none_allowed = MineSettings(depth=6, verify_depth=8, max_kings=0)
    skipped = MineCounts()
    assert list(mine_positions([(crowned, "k")], none_allowed, skipped)) == []
    assert skipped.many_kings == 1 and skipped.positions == 0
    assert "many kings 1" in skipped.summary() and "many kings" not in counts.summary()
    one_allowed = MineSettings(depth=6, verify_depth=8, max_kings=1)
    assert list(mine_positions([(crowned, "k")], one_allowed, MineCounts())) == kept


def test_dame_puzzles_mine_refuses_a_negative_king_limit(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    done = run_dame(
        "puzzles",
        "mine",
        "--rules",
        "bashni",
        "--self-play",
        "1",
        "--max-kings",
        "-1",
        "--out",
        str(out),
    )
    assert done.returncode == 2 and "--max-kings must be 0 or more" in done.stderr
    assert not out.exists()


def test_dame_puzzles_list_json_writes_the_moves_as_the_move_list_does() -> None:
    """Coordinates (c3-d4, e3:c1) where the rules name squares so, square numbers where they
    number them; the same moves, routes kept, and ``check`` reads them back."""
    from dame_desktop.puzzles.sets import shipped_puzzles

    for key, named in (("russian", True), ("bashni", True), ("german", False)):
        done = run_dame("puzzles", "list", "--rules", key, "--json")
        assert done.returncode == 0, done.stderr
        listed = json.loads(done.stdout)["puzzles"]
        stored = {p.id: p for p in shipped_puzzles(key)}
        rules = find_rules(key)
        for item in listed:
            puzzle = stored[item["id"]]
            lines = [(item["solution"], puzzle.solution)]
            lines += list(zip(item["alternatives"], puzzle.alternatives, strict=True))
            for written, kept in lines:
                assert all(text[0].isalpha() == named for text in written), written
                if not named:
                    assert tuple(written) == kept
                a = b = Position.from_fen(item["fen"], rules)
                for mine, theirs in zip(written, kept, strict=True):
                    assert a.parse_squares(mine) == b.parse_squares(theirs), (mine, theirs)
                    a, b = a.play(a.parse_move(mine)), b.play(b.parse_move(theirs))
