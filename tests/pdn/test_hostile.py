"""Hostile input (PDN part): one bad game never stops the file, every number is ASCII,
any comment can be written, reading is linear in time and memory, any depth of variations is
read, written and visited, results never divide by zero, binary files are named as such,
routes are kept, and every problem has a kind with values."""

from __future__ import annotations

import functools
import gc
import io
import json
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from dame_desktop.cli.command import main
from dame_desktop.cli.pdn import check_file
from dame_desktop.core import Position, find_rules
from dame_desktop.pdn import (
    MAX_PROBLEMS,
    ErrorCounter,
    Game,
    GameBuilder,
    NotPdnError,
    PdnError,
    PdnExporter,
    PdnProblem,
    ProblemKind,
    open_pdn,
    problems,
    read_game,
    read_games,
    walk,
    write_game,
)
from dame_desktop.pdn.lexer import MAX_COMMENT, MAX_MOVE, MAX_TAG_VALUE

from .helpers import game_data, read_one

DATA = Path(__file__).resolve().parent.parent / "data" / "pdn"
K = ProblemKind


def read_all(text: str) -> list[Game]:
    handle = io.StringIO(text)
    games: list[Game] = []
    while (game := read_game(handle)) is not None:
        assert isinstance(game, Game)
        games.append(game)
    return games


def kinds(game: Game) -> list[ProblemKind]:
    return [e.kind for e in game.errors]


GOOD = '[Event "good {n}"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n'


# --- 1. one bad value stops only its own game; numbers are ASCII digits ---------------------


@pytest.mark.parametrize(
    "bad",
    [
        '[Event "bad"]\n[GameType "20"]\n[FEN "W:W3²:B1"]\n1. 3-9 *\n',  # superscript two
        '[Event "bad"]\n[GameType "20"]\n[FEN "W:W3٣:B1"]\n*\n',  # Arabic-Indic three
        '[Event "bad"]\n[GameType "20"]\n[FEN "W:W３:B1"]\n*\n',  # full-width three
        '[Event "bad"]\n[FEN "W:W3²:B1"]\n*\n',  # no GameType: the board size is guessed from it
        '[Event "bad"]\n[GameType "20"]\n1. 32-28 /FEN "B:W3²:B1"/ *\n',  # a setup
    ],
)
def test_a_bad_fen_is_that_games_problem_and_the_others_read(bad: str) -> None:
    text = GOOD.format(n=1) + bad + GOOD.format(n=2)
    games = read_all(text)
    assert [g.headers["Event"] for g in games] == ["good 1", "bad", "good 2"]
    assert games[0].errors == [] and games[2].errors == []
    (problem,) = games[1].errors
    assert problem.kind is K.BAD_FEN
    assert problem.line == (7 if "GameType" in bad else 6)
    assert problem.column >= 1
    assert dict(problem.values)["fen"]


def test_pdn_check_reports_the_bad_game_and_keeps_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.pdn"
    path.write_text(
        GOOD.format(n=1) + '[Event "bad"]\n[FEN "W:W3²:B1"]\n*\n' + GOOD.format(n=2),
        encoding="utf-8",
    )
    code = main(["pdn", "check", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and err == ""
    data = json.loads(out)
    assert (data["games"], data["clean"]) == (3, 2)
    (error,) = data["files"][0]["errors"]
    assert (error["game"], error["line"], error["column"]) == (2, 6, 1)


@pytest.mark.parametrize(
    ("movetext", "kind"),
    [
        ("1. ٣٢-٢٨ *", K.UNEXPECTED_TEXT),  # squares in Arabic-Indic digits are not a move
        ("1. ３２-２８ *", K.UNEXPECTED_TEXT),  # nor in full-width digits
        ("1. 32-28 $٣ *", K.UNEXPECTED_TEXT),  # a NAG number
        ("١. 32-28 *", K.UNEXPECTED_TEXT),  # a move number
    ],
)
def test_moves_numbers_and_nags_take_only_ascii_digits(movetext: str, kind: ProblemKind) -> None:
    game = read_one(f'[GameType "20"]\n{movetext}\n')
    assert kind in kinds(game)


@pytest.mark.parametrize(
    ("tags", "kind"),
    [
        ('[GameType "２０"]', K.BAD_GAMETYPE),
        ('[GameType "20,W,１0,10,N2,0"]', K.BAD_GAMETYPE),
        ('[Rules "german; huffing=٣"]', K.BAD_RULES_TAG),
        ('[Rules "germ²an"]', K.BAD_RULES_TAG),
    ],
)
def test_tag_values_read_as_numbers_take_only_ascii_digits(tags: str, kind: ProblemKind) -> None:
    game = read_one(f"{tags}\n1. 32-28 *\n")
    assert kind in kinds(game)


def test_a_bug_inside_one_game_becomes_its_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fault injection: whatever breaks inside one game is reported there, with a place."""
    from dame_desktop.pdn import reader

    real = reader._Resolver.resolve

    def broken(self: reader._Resolver, state: tuple[int, int, int, bool], text: str) -> object:
        if text == "19-23":
            raise RuntimeError("boom")
        return real(self, state, text)

    monkeypatch.setattr(reader._Resolver, "resolve", broken)
    reader._RESOLVERS.clear()
    games = read_all('[GameType "20"]\n1. 32-28 *\n' + GOOD.format(n=2))
    assert len(games) == 2
    assert games[0].errors == []
    (problem,) = games[1].errors
    assert problem.kind is K.INTERNAL_ERROR
    assert (problem.line, problem.column) == (5, 10)
    assert "RuntimeError: boom" in problem.message
    assert len(games[1].mainline_moves()) == 1  # what was read before it is kept
    reader._RESOLVERS.clear()


def test_add_variation_refuses_foreign_digits() -> None:
    from dame_desktop.core import DameError

    game = Game(find_rules("international"))
    for text in ("32-2٨", "3²-28", "３２-２８"):
        with pytest.raises(DameError):
            game.add_variation(text)


# --- 2. the writer writes any comment ---------------------------------------------------------


@pytest.mark.parametrize(
    "comment",
    [
        "\x00",
        "\x00\x00 a",
        "a\x00\n\nb",
        "}",
        "{}}{",
        "a } b",
        "\x1b[31mred\x1b[0m",
        "\x7f\x85\x9f",
        "\ud800",
        "a\udfffb",
        "\ufffe",
        "tab\there",
        "x" * 200_000,
        "word " * 30_000,
        "\u2028line\u2029sep",
        "%start",
        "; not a line comment",
        "\n\n\n",
        "  ",
        "\r\n\r\n",
    ],
)
def test_any_comment_is_written_and_read_back(comment: str) -> None:
    game = Game(find_rules("international"))
    node = game.add_variation("32-28")
    node.comment = comment
    game.comment = comment
    side = game.add_variation("33-28")
    side.starting_comment = comment
    text = write_game(game)
    text.encode("utf-8")  # no lone surrogate left
    assert not any(c < " " and c not in "\n" for c in text)
    back = read_one(text)
    assert back.errors == []
    assert len(back.mainline_moves()) == 1 and len(back.variations) == 2
    again = write_game(back)
    assert again == text  # stable once written


def test_a_comment_longer_than_the_limit_is_cut_not_lost() -> None:
    game = Game(find_rules("international"))
    game.add_variation("32-28").comment = "y" * (MAX_COMMENT + 50)
    back = read_one(write_game(game))
    assert back.errors == []
    assert back.variations[0].comment == "y" * MAX_COMMENT


@pytest.mark.parametrize(
    "value",
    [
        'say "hi"',
        "back\\slash",
        "“curly” quotes",
        "nul\x00",
        "esc\x1b",
        "\ud800",
        "]",
        "[x]",
        "a" * (MAX_TAG_VALUE + 9),
    ],
)
def test_any_tag_value_is_written_and_read_back(value: str) -> None:
    game = Game(find_rules("international"))
    game.headers["Event"] = value
    text = write_game(game)
    text.encode("utf-8")
    back = read_one(text)
    assert back.errors == []
    expected = problems_free(value)[:MAX_TAG_VALUE]
    assert back.headers["Event"] == expected


def problems_free(value: str) -> str:
    from dame_desktop.pdn.writer import writable

    return writable(value)


def test_odd_nags_never_break_the_writer() -> None:
    from dame_desktop.pdn import Nag

    game = Game(find_rules("international"))
    node = game.add_variation("32-28")
    node.nags = [Nag(-3, "?!?!?!x"), Nag(123_456, "$123456"), Nag(3, "!!"), Nag(1, "weird")]
    back = read_one(write_game(game))
    assert back.errors == []
    assert [n.value for n in back.variations[0].nags] == [3, 1]


# --- 3. linear time -------------------------------------------------------------------------


def _best_time(action: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        action()
        best = min(best, time.process_time() - started)
    return best


def assert_linear(
    make: Callable[[int], str], base: int, action: Callable[[str], object] = read_all
) -> None:
    """Reading 16 times the text takes less than 40 times as long as reading it once, or
    less than 12 times as long as reading it 4 times (the best of 3 runs each; quadratic
    reading would take 256 and 16 times).  The base size grows until one reading takes
    10 ms, so timer noise does not decide, and a failed comparison is measured again (a
    burst of load on a shared machine)."""
    while True:
        small_text = make(base)
        if _best_time(functools.partial(action, small_text)) >= 0.01 or len(small_text) > 400_000:
            break
        base *= 2
    texts = {factor: make(base * factor) for factor in (1, 4, 16)}
    for _attempt in range(3):
        gc.collect()
        times = {f: _best_time(functools.partial(action, text)) for f, text in texts.items()}
        small = max(times[1], 0.005)  # below that the timer and the machine's load decide
        if times[16] < 40 * small or times[16] < 12 * times[4]:
            return
    shown = {f: round(t, 4) for f, t in times.items()}
    raise AssertionError(f"not linear: seconds by size factor {shown}")


KINGS = '[GameType "20"]\n[FEN "W:WK46:BK4"]\n1. '  # kings that can shuffle for ever
SHUFFLE = "46-41 4-9 41-46 9-4 "
TOKEN_SOUP = {
    "unclosed braces on many lines": (lambda n: "{\n" * n, 2000),
    "unclosed braces on one line": (lambda n: "{ " * n + "\n", 2000),
    "one line of [a": (lambda n: "[a" * n + "\n", 2000),
    "one line of [a quote": (lambda n: '[a "' * n + "\n", 1000),
    "one line of [a quote backslash": (lambda n: '[a "\\' * n + "\n", 1000),
    "lines of [a quote": (lambda n: '[a "\n' * n, 1000),
    "brackets": (lambda n: "[" * n + "\n", 4000),
    "bracket lines": (lambda n: "[\n" * n, 2000),
    "tags of one game": (lambda n: "".join(f'[T{i} "v{i}"]\n' for i in range(n)) + "*\n", 500),
    "tags without quotes": (lambda n: "".join(f"[T{i} v{i}]\n" for i in range(n)) + "*\n", 500),
    "unclosed tag strings": (lambda n: '[Event "' + "x" * n + "\n1. 32-28 *\n", 20000),
    "games": (lambda n: '[Event "g"]\n1. 32-28 *\n' * n, 100),
    "comments on one move": (lambda n: "1. 32-28 " + "{a} " * n + "*\n", 2000),
    "comments over lines": (lambda n: "1. 32-28 " + "{a\nb\nc}\n" * n + "*\n", 1000),
    "an unclosed brace before many games": (lambda n: "{ open\n" + "1. 32-28 *\n" * n, 500),
    "line comments": (lambda n: "1. 32-28 " + "; note\n" * n + "*\n", 2000),
    "escape lines": (lambda n: "1. 32-28\n" + "% escape\n" * n + "*\n", 2000),
    "moves": (lambda n: KINGS + SHUFFLE * n + "*\n", 100),
    "nags": (lambda n: "1. 32-28 " + "$1 !? " * n + "*\n", 1000),
    "variations": (lambda n: "1. 32-28 " + "(32-27) " * n + "*\n", 500),
    "nested variations": (lambda n: "1. 32-28 " + "(32-27 " * n + ")" * n + " *\n", 300),
    "unclosed variations": (lambda n: "1. 32-28 " + "(32-27 " * n + "\n", 300),
    "close parens": (lambda n: "1. 32-28 " + ")" * n + "\n", 4000),
    "close parens with spaces": (lambda n: "1. 32-28 " + ") " * n + "\n", 2000),
    "open parens": (lambda n: "1. 32-28 " + "(" * n + "\n", 4000),
    "setups": (lambda n: KINGS + '46-41 /FEN "W:WK46:BK4"/ ' * n + "*\n", 100),
    "unclosed setups": (lambda n: "1. 32-28 /" + "FEN x\n" * n + "*\n", 1000),
    "slashes": (lambda n: "1. 32-28 " + "/ " * n + "\n", 2000),
    "empty-board FEN with many colons": (lambda n: '[FEN "W' + ":   " * n + 'x"]\n*\n', 1000),
    "setup with many spaces": (lambda n: '1. 32-28 /FEN "' + " " * n + 'x""/ *\n', 1000),
    "unexpected text": (lambda n: "1. 32-28 " + "hallo " * n + "*\n", 1000),
    "glued text": (lambda n: "1. 32-28" + "glued" * n + " *\n", 2000),
    "long move token": (lambda n: "1. " + "11-" * n + "15 *\n", 2000),
    "long number": (lambda n: "1" * n + ". 32-28 *\n", 4000),
    "escaped quotes in a tag": (lambda n: '[Event "' + '\\"' * n + '"]\n*\n', 2000),
    "illegal moves in variations": (lambda n: "1. 32-28 " + "(11-15) " * n + "*\n", 300),
    "comment commands": (lambda n: "1. 32-28 {" + "[%a " * n + "} *\n", 2000),
    "results": (lambda n: "1-0 " * n, 200),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TOKEN_SOUP))
def test_reading_is_linear(name: str) -> None:
    make, base = TOKEN_SOUP[name]
    if name == "games":  # without GameType: the rules are guessed (and tried again)
        assert_linear(make, base)
    else:
        assert_linear(lambda n: '[GameType "20"]\n' + make(n), base)


def test_comment_commands_are_linear() -> None:
    def commands(text: str) -> object:
        game = Game(find_rules("international"))
        node = game.add_variation("32-28")
        node.comment = text
        return node.commands()

    assert_linear(lambda n: "[%a " * n, 2000, commands)


def test_writing_deep_variations_is_linear() -> None:
    games = {}

    def make(n: int) -> str:
        text = nested_text(n)
        games[len(text)] = read_one(text)
        return text

    assert_linear(make, 200, lambda text: write_game(games[len(text)]))


# --- 4. memory and the error cap ---------------------------------------------------------------


def peak_per_char(text: str) -> float:
    text = '[GameType "20"]\n' + text  # (no second reading with other rules)
    tracemalloc.start()
    try:
        read_all(text)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / len(text)


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "1. 32-28 " + ")" * n,  # one run of unmatched ")": one token
        lambda n: "1. 32-28 " + ") " * (n // 2),
        lambda n: "1. " + "11-" * (n // 3) + "15",  # one huge move token
        lambda n: "1. 32-28 {" + "x" * n + "}",  # a huge comment
        lambda n: '[Event "' + "x" * n + '"]\n*',  # a huge tag value
        lambda n: "1. 32-28 " + "(" * n,
        lambda n: "[a" * (n // 2),
        lambda n: "{\n" * (n // 2),
        lambda n: "1. 32-28 " + "hallo " * (n // 6),
    ],
    ids=["parens", "spaced-parens", "move", "comment", "tag", "open", "brackets", "braces", "text"],
)
@pytest.mark.slow
def test_memory_is_bounded_by_a_ratio_to_the_input(make: Callable[[int], str]) -> None:
    small = peak_per_char(make(4_000))
    large = peak_per_char(make(64_000))
    assert large < 200, large  # bytes of peak memory per input character
    assert large < 3 * small + 20, (small, large)  # does not grow with the size


def test_errors_are_capped_per_game_with_a_count_of_the_rest() -> None:
    game = read_one('[GameType "20"]\n1. 32-28 ' + ")" * 100_000 + " hallo" * 10 + "\n")
    assert len(game.errors) == MAX_PROBLEMS + 2
    assert kinds(game)[:MAX_PROBLEMS] == [K.UNMATCHED_CLOSE] * MAX_PROBLEMS
    closes, texts = game.errors[MAX_PROBLEMS:]
    assert closes.kind is K.TOO_MANY_PROBLEMS
    assert closes.value_map() == {
        "count": 100_000 - MAX_PROBLEMS,
        "kind": "unmatched_close",
        "example": "')' without a matching '('",
    }
    assert (closes.line, closes.column) == (2, 10 + MAX_PROBLEMS)
    assert closes.message.startswith(f"…and {100_000 - MAX_PROBLEMS} more problems")
    assert texts.value_map()["count"] == 10
    # the problems kept point at each character of the run
    assert [e.column for e in game.errors[:3]] == [10, 11, 12]


def test_pdn_check_json_of_a_million_parens_is_small(tmp_path: Path) -> None:
    path = tmp_path / "parens.pdn"
    path.write_text('[GameType "20"]\n1. 32-28 ' + ")" * 1_000_000 + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "dame_desktop.cli", "pdn", "check", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    errors = data["files"][0]["errors"]
    assert len(errors) == MAX_PROBLEMS + 1
    assert errors[-1]["message"].startswith(f"…and {1_000_000 - MAX_PROBLEMS} more")


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("1. " + "11-" * 100 + "15 16-20 *", "move"),
        ("1. 32-28 {" + "c" * (MAX_COMMENT + 1) + "} *", "comment"),
        ("1. 32-28 ;" + "c" * (MAX_COMMENT + 1) + "\n*", "comment"),
        ('[Event "' + "t" * (MAX_TAG_VALUE + 1) + '"]\n1. 32-28 *', "tag"),
        ("1. 32-28" + "g" * (MAX_COMMENT + 1) + " *", "comment"),
    ],
)
def test_tokens_beyond_their_limit_are_one_problem(text: str, what: str) -> None:
    game = read_one('[GameType "20"]\n' + text + "\n")
    (problem,) = game.errors
    assert problem.kind is K.TOKEN_TOO_LONG
    assert problem.value_map()["what"] == what
    if what == "move":
        assert problem.value_map()["limit"] == MAX_MOVE
        assert game.variations == []  # the move and the rest of its line are skipped
    elif what == "tag":
        assert len(game.headers["Event"]) == MAX_TAG_VALUE
    else:
        assert len(game.variations[0].comment) == MAX_COMMENT


# --- 5. deep variations -------------------------------------------------------------------------


def nested_text(depth: int) -> str:
    """Kings shuffling for ever, each move of the line inside a variation of the one before:
    ``1. m1 (a1 m2 (a2 m3 (a3 ...)))``, so side lines nest ``depth`` deep in the tree."""
    rules = find_rules("international")
    position = Position.from_fen("W:WK46:BK4", rules)
    cycle = ["46-41", "4-9", "41-46", "9-4"]
    parts = ['[GameType "20"]\n[FEN "W:WK46:BK4"]\n']
    alternatives: dict[str, str] = {}
    for ply in range(depth + 1):
        shuffle = cycle[ply % 4]
        if shuffle not in alternatives:
            other = next(m for m in position.legal_moves() if position.move_text(m) != shuffle)
            alternatives[shuffle] = position.move_text(other)
        parts.append(
            f"{alternatives[shuffle]} ({shuffle} " if ply < depth else alternatives[shuffle]
        )
        position = position.play(position.parse_move(shuffle))
    parts.append(")" * depth + " *\n")
    return "".join(parts)


@pytest.mark.slow
def test_ten_thousand_nested_variations_read_write_and_visit() -> None:
    depth = 10_000
    game = read_one(nested_text(depth))
    assert game.errors == []
    nodes = list(walk(game))
    assert len(nodes) == 2 * depth + 1
    deepest = max(nodes, key=lambda n: n.ply())
    assert deepest.ply() == depth + 1 and not deepest.is_mainline()
    assert game.end().ply() == 1
    text = write_game(game)
    back = read_one(text)
    assert back.errors == []
    assert game_data(back) == game_data(game)
    copy = game.accept(GameBuilder())
    assert game_data(copy) == game_data(game)
    assert write_game(copy) == text
    assert game.accept(ErrorCounter()) == []
    assert str(game) == text
    assert read_game(io.StringIO(nested_text(depth)), PdnExporter) == text


# --- 6. results -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "outcome"),
    [
        ("1-0", "first"),
        ("0-1", "second"),
        ("1/2-1/2", "draw"),
        ("½-½", "draw"),
        ("0.5-0.5", "draw"),
        ("2-0", "first"),
        ("0-2", "second"),
        ("1-1", "draw"),
        ("0-0", None),
        ("*", None),
        ("?", None),
        ("", None),
        ("1/0-1", None),
        ("1-1/0", None),
        ("0/0-0", None),
        ("0/0-0/0", None),
        ("1e999-0", None),
        ("nan-0", None),
        ("inf-inf", None),
        ("٣-٠", None),
        ("1²-0", None),
        ("-", None),
        ("--", None),
        ("1-", None),
        ("-1", None),
        ("1-0-1", None),
        (" 1 - 0 ", "first"),
        ("2-1", "first"),
        ("1/2-0", "first"),
        ("999999999-0", None),
        ("1/999999-0", None),
        ("+-", None),
        ("1:0", None),
        ("w", None),
    ],
)
def test_every_result_spelling_has_an_outcome_or_none(result: str, outcome: str | None) -> None:
    game = read_one(f'[GameType "20"]\n[Result "{result}"]\n1. 32-28 *\n')
    assert game.outcome() == outcome
    game.winner()
    write_game(game)


# --- 7. files that are not text ---------------------------------------------------------------

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10" + bytes(range(256)) * 4


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (PNG, "it is a PNG image"),
        (b"PK\x03\x04" + b"\x00" * 100, "it is a ZIP archive (or an office document)"),
        (b"%PDF-1.4\n" + b"x" * 100, "it is a PDF document"),
        (b"\x7fELF\x02\x01", "it is a program (ELF)"),
        (b'[Event "x"]\n\x00\x00\x001. 32-28 *\n', "it holds NUL bytes (binary data)"),
        (bytes(range(1, 32)) * 20, "it holds too many control characters (binary data)"),
    ],
)
def test_a_file_that_is_not_text_is_named_so(tmp_path: Path, data: bytes, reason: str) -> None:
    path = tmp_path / "picture.pdn"
    path.write_bytes(data)
    with pytest.raises(NotPdnError) as info:
        open_pdn(path)
    assert info.value.reason == reason
    assert isinstance(info.value, PdnError)
    assert str(info.value.message) == f"this is not a PDN file: {reason}"
    assert info.value.problem.kind is K.NOT_PDN
    with pytest.raises(NotPdnError):
        read_games(path)
    assert problems.not_pdn_reason(data) == reason


def test_a_binary_handle_reads_as_one_game_saying_so() -> None:
    handle = io.BytesIO(PNG)
    game = read_game(handle)
    assert isinstance(game, Game)
    assert kinds(game) == [K.NOT_PDN]
    assert read_game(handle) is None
    text_handle = io.StringIO("\x00\x00[Event]\n1. 32-28 *\n")
    assert read_game(text_handle, ErrorCounter)[0].kind is K.NOT_PDN  # type: ignore[index]
    assert read_game(text_handle) is None


def test_pdn_check_prints_one_line_for_a_file_that_is_not_pdn(tmp_path: Path) -> None:
    picture = tmp_path / "photo.pdn"
    picture.write_bytes(PNG)
    for json_flag in ([], ["--json"]):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "dame_desktop.cli",
                "pdn",
                "check",
                str(DATA / "annotated.pdn"),
                str(picture),
                *json_flag,
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2
        assert result.stderr == (
            f"dame: cannot read {picture}: this is not a PDN file: it is a PNG image\n"
        )
        if json_flag:
            data = json.loads(result.stdout)
            assert [f["path"] for f in data["files"]] == [str(DATA / "annotated.pdn")]
        else:
            assert "total: games: 1, clean: 1, with errors: 0" in result.stdout


def test_text_files_are_not_taken_for_binary(tmp_path: Path) -> None:
    path = tmp_path / "utf16.pdn"
    path.write_bytes('[Event "Zürich"]\n[GameType "20"]\n1. 32-28 *\n'.encode("utf-16"))
    (game,) = read_games(path)
    assert game.headers["Event"] == "Zürich" and game.errors == []
    for name in sorted(DATA.glob("*.pdn")):
        assert problems.not_pdn_reason(name.read_bytes()) is None, name
    assert problems.not_pdn_reason(b"MZ Dame club\n1. 32-28 *") is None
    assert problems.not_pdn_reason(b"1. 32-28 {\x0c\x1a} *\r\n") is None
    assert check_file(str(DATA / "annotated.pdn")).games == 1


# --- 8. the route a file gives is kept ---------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "given"),
    [
        ('[GameType "29,W,8,8,N2,0"]', "29x11x4"),  # Czech, numeric squares
        ('[GameType "29,W,8,8,N2,0"]', "29x15x4"),
        ('[GameType "29"]', "a1xe5xh8"),  # Czech, algebraic squares (29x15x4)
        ('[GameType "29"]', "a1xf6xh8"),  # (29x11x4)
        ('[Rules "german"]', "29x11x4"),
        ('[Rules "german"]', "29x15x4"),
    ],
)
def test_a_flying_king_capture_keeps_the_path_the_file_gives(tag: str, given: str) -> None:
    text = f'{tag}\n[FEN "W:WK29:B18,8,12"]\n1. {given} *\n'
    game = read_one(text)
    assert game.errors == []
    written = write_game(game)
    assert f"1. {given} *" in written, written
    back = read_one(written)
    assert back.variations[0].raw == game.variations[0].raw
    assert write_game(back) == written


def test_the_route_decides_between_routes_of_an_ambiguous_capture() -> None:
    # two captures from 29 end on 32 with other pieces; each has two routes
    for given in ("29x22x11x2x9x32", "29x18x11x2x9x32"):
        text = f'[Rules "german"]\n[FEN "W:WK29:B6,15,25,7,27,13"]\n1. {given} *\n'
        written = write_game(read_one(text))
        assert f"1. {given} *" in written


def test_a_short_capture_is_still_written_short() -> None:
    text = '[Rules "german"]\n[FEN "W:WK29:B18,8,12"]\n1. 29x4 *\n'
    game = read_one(text)
    assert game.variations[0].route is None
    assert "1. 29x4 *" in write_game(game)


def test_add_variation_keeps_the_route_given() -> None:
    rules = find_rules("german")
    for given in ("29x11x4", "29x15x4"):
        game = Game(rules, Position.from_fen("W:WK29:B18,8,12", rules))
        node = game.add_variation(given)
        assert node.route == tuple(int(s) for s in given.split("x"))
        assert node.move.path == node.route
        assert f"1. {given} *" in write_game(game)


def test_a_route_that_is_not_one_of_the_move_is_not_written() -> None:
    rules = find_rules("german")
    game = Game(rules, Position.from_fen("W:WK29:B18,8,12", rules))
    node = game.add_variation("29x4")
    node.route = (29, 22, 4)  # not a route of this capture: the writer does not trust it
    assert "1. 29x4 *" in write_game(game)


# --- 9. typed problems ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "values"),
    [
        ("1. 32-28 hallo *", K.UNEXPECTED_TEXT, {"text": "hallo"}),
        ("1. 32-28 { open\n*", K.UNCLOSED_COMMENT, {}),
        ("1. 32-28 (32-27 *", K.UNCLOSED_VARIATION, {}),
        ("1. 32-28 ) *", K.UNMATCHED_CLOSE, {}),
        ("(1. 32-28) *", K.VARIATION_BEFORE_MOVE, {}),
        ('1. 32-28 (/FEN "W:W1:B2"/ 1-7) *', K.SETUP_AT_VARIATION_START, {}),
        ("1. 32-28 /abc/ *", K.BAD_SETUP, {"text": "abc"}),
        ('1. 32-28 /FEN "W:W99:B1"/ *', K.BAD_FEN, None),
        (
            "1. 32-29 *",
            K.ILLEGAL_MOVE,
            {"move": "32-29", "fen": Position.start(find_rules("international")).fen()},
        ),
        (
            "1. 32-28 19-23 2. 28x19 14x23 3. 99-88 *",
            K.SQUARE_OFF_BOARD,
            {"square": "99", "move": "99-88", "squares": 50},
        ),
        ("1. - *", K.UNKNOWN_MOVE, {"text": "-"}),
    ],
)
def test_problems_have_a_kind_and_values(
    text: str, kind: ProblemKind, values: dict[str, object] | None
) -> None:
    game = read_one('[GameType "20"]\n' + text + "\n")
    problem = game.errors[0]
    assert problem.kind is kind, game.errors
    if values is not None:
        assert problem.value_map() == values
    message, line, column = problem[:3]  # the old tuple shape
    assert (message, line, column) == (problem.message, problem.line, problem.column)
    assert line == 2 and column >= 1


def test_ambiguous_and_variant_problems_carry_their_values() -> None:
    game = read_one((DATA / "ambiguous.pdn").read_text(encoding="utf-8"))
    (problem,) = game.errors
    assert problem.kind is K.AMBIGUOUS_MOVE
    assert problem.value_map()["move"] == "10x26"
    assert problem.value_map()["options"].count("x") >= 4  # type: ignore[union-attr]
    chess = read_one('[GameType "0"]\n1. e4 *\n')
    assert chess.errors[0].kind is K.UNSUPPORTED_VARIANT
    assert chess.errors[0].value_map() == {"number": 0, "name": "chess"}
    board = read_one("1. 60-55 *\n")
    assert board.errors[0].kind is K.UNSUPPORTED_BOARD


def test_every_kind_is_documented() -> None:
    doc = problems.__doc__ or ""
    for kind in ProblemKind:
        assert f"\n{kind.name} " in doc, kind


def test_problems_are_tuples_that_move_down_a_file() -> None:
    problem = PdnProblem("unexpected text 'x'", 3, 4, K.UNEXPECTED_TEXT, (("text", "x"),))
    assert problem.shifted(10) == (
        "unexpected text 'x'",
        13,
        4,
        K.UNEXPECTED_TEXT,
        (("text", "x"),),
    )
    assert PdnProblem("old style", 1, 2) == ("old style", 1, 2, K.OTHER, ())
    assert str(problem) == "3:4: unexpected text 'x'"


def test_the_exporter_as_the_readers_visitor() -> None:
    text = '[Event "e"]\n[GameType "20"]\n1. 32-28 {a} (33-28 {b}) 19-23 *\n'
    assert read_game(io.StringIO(text), PdnExporter) == write_game(read_one(text))
    chess = read_game(io.StringIO('[Event "c"]\n[GameType "0"]\n1. e4 *\n'), PdnExporter)
    assert chess == '[Event "c"]\n[GameType "0"]\n*\n\n'
