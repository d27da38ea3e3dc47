"""Reading PDN: one test per real-file pitfall, on small fixtures in tests/data/pdn."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dame_desktop.core import Color, Position, find_rules
from dame_desktop.pdn import (
    BaseVisitor,
    Game,
    Nag,
    open_pdn,
    read_game,
    read_games,
    read_headers,
    skip_game,
)

from .helpers import read_one

DATA = Path(__file__).resolve().parent.parent / "data" / "pdn"


def games_of(name: str, **kwargs: object) -> list[Game]:
    return read_games(DATA / name, **kwargs)  # type: ignore[arg-type]


def mainline_texts(game: Game) -> list[str]:
    return [node.move.full_text() for node in game.mainline()]


# --- game boundaries ----------------------------------------------------------------------


def test_one_line_games_and_missing_terminators() -> None:
    games = games_of("one_line.pdn")
    assert [g.headers["Event"] for g in games] == [
        "One line A",
        "One line B",
        "No terminator",
        "After a blank line, no terminator either",
    ]
    assert all(g.errors == [] for g in games)
    assert mainline_texts(games[0]) == ["31-26", "17-21", "26x17", "12x21"]
    assert games[0].result_token == "2-0"
    assert games[1].headers["Result"] == "-" and games[1].result_token == "-"
    assert len(list(games[2].mainline())) == 4 and games[2].result_token is None
    assert len(list(games[3].mainline())) == 1


def test_blank_lines_inside_comments_do_not_end_a_game() -> None:
    game = games_of("annotated.pdn")[0]
    assert game.errors == []
    assert len(list(game.mainline())) == 14
    assert game.variations[0].variations[0].comment.endswith("\n\nA new paragraph.")


def test_literal_backslash_r_empty_tags_and_spaces_inside_moves() -> None:
    games = games_of("backslash_r.pdn")
    assert len(games) == 1  # the trailing [Empty] is not a game
    game = games[0]
    assert game.errors == []
    assert list(game.headers) == ["Event", "Site", "Result", "GameType"]
    assert game.headers["Site"] == ""
    assert mainline_texts(game) == ["32-28", "19-23", "28x19", "14x23"]
    # the Result tag wins over the '*' terminator
    assert game.result_token == "*" and game.result() == "2-0" and game.winner() is Color.WHITE


def test_crlf_bom_leading_zeros_and_a_quiet_move_written_with_x() -> None:
    game = games_of("crlf_bom.pdn")[0]
    assert game.errors == []
    assert game.headers["Event"] == "CRLF and BOM"
    moves = mainline_texts(game)
    assert moves[0] == "9-14" and moves[2] == "6-9"
    assert moves[8] == "10-14"  # written 10x14 in the file: the separator is only a hint
    assert game.rules == find_rules("english")  # guessed: Black moves first from 9-12


def test_cp1252_fallback() -> None:
    game = games_of("cp1252.pdn")[0]
    assert game.headers["Black"] == "Müller, Zoë"
    assert game.headers["White"] == "Señor"


def test_text_glued_to_a_move_and_moves_without_separator() -> None:
    glued, millett = games_of("glued_text.pdn")
    assert glued.errors == []
    assert glued.end().comment == "Whiteoversteppedthetimecontrolonthismove."
    assert mainline_texts(glued)[5] == "27x18"  # "27-18" is a capture: resolved anyway
    assert millett.errors == []
    assert mainline_texts(millett) == ["9-14", "23-19", "6-9"]


def test_game_split_by_a_tag_section_without_blank_line() -> None:
    text = '[Event "a"]\n1. 11-15 23-19\n[Event "b"]\n1. 9-13 *\n'
    handle = io.StringIO(text)
    first, second = read_game(handle), read_game(handle)
    assert isinstance(first, Game) and isinstance(second, Game)
    assert len(list(first.mainline())) == 2 and len(list(second.mainline())) == 1
    assert read_game(handle) is None


def test_empty_input_and_only_whitespace() -> None:
    assert read_game(io.StringIO("")) is None
    assert read_game(io.StringIO("\n\n  \n")) is None


# --- annotations ------------------------------------------------------------------------------


def test_comments_nags_variations_clock_and_line_comment() -> None:
    game = games_of("annotated.pdn")[0]
    assert game.comment == "Start of the game."
    first = game.variations[0]
    assert first.nags == [Nag(1, "$1")]
    second = first.variations[0]
    assert second.nags == [Nag(5, "!?")]
    assert second.comment.startswith("Black answers. Second line of the comment.")
    third = game.variations[0].variations[0].variations[0].variations[0]  # 2... 12x21
    node_33_28 = third.variations[0]
    assert node_33_28.move.full_text() == "33-28"
    assert len(node_33_28.parent.variations) == 2  # type: ignore[union-attr]
    side = node_33_28.parent.variations[1]  # type: ignore[union-attr]
    assert side.move.full_text() == "34-29" and side.comment == "side line"
    reply = side.variations[0]
    assert reply.move.full_text() == "21-27"
    assert [v.move.full_text() for v in side.variations] == ["21-27", "18-23"]
    assert side.variations[1].nags == [Nag(6, "$6")]
    assert side.variations[0].variations[0].move.full_text() == "32x21"
    # the line comment after the variation belongs to 33-28
    assert node_33_28.comment == "a line comment"
    move = node_33_28.variations[0]
    assert move.nags == [Nag(2, "(?)")]
    assert move.clock() == "w0:10:00 B0:09:30"
    assert move.comment == "[%clock w0:10:00 B0:09:30]"


def test_headers_keep_roster_order_unknown_tags_and_escapes() -> None:
    game = games_of("annotated.pdn")[0]
    assert list(game.headers)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    assert game.headers["Black"] == 'Schwarz, "Bert"'
    assert game.headers["MyOwnTag"] == "kept"


def test_starting_comment_of_a_variation() -> None:
    text = '[GameType "20"]\n1. 32-28 ({why not} 1. 33-28 {ok}) 1... 19-23 *'
    game = read_one(text)
    assert game.errors == []
    alt = game.variations[1]
    assert alt.starting_comment == "why not" and alt.comment == "ok"


def test_setup_inside_the_move_text() -> None:
    text = (
        '[GameType "21"]\n1. 11-15 /FEN "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"/ '
        "1... 18-14 *"
    )
    game = read_one(text)
    assert game.errors == []
    first = game.variations[0]
    assert first.setup == "W:WK10,K15,18,24,27,28:B12,16,K22,K25,K29,20".replace(
        "B12,16,K22,K25,K29,20", "B12,16,20,K22,K25,K29"
    )
    assert first.variations[0].move.full_text() == "18-14"


# --- results -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "winner", "outcome"),
    [
        ('[Result "1-0"]\n1. 11-15 1-0', Color.BLACK, "first"),  # English: 1-0 = Black won
        ('[Result "0-1"]\n1. 11-15 0-1', Color.WHITE, "second"),
        ('[GameType "20"]\n[Result "2-0"]\n1. 32-28 2-0', Color.WHITE, "first"),
        ('[GameType "20"]\n[Result "0-2"]\n1. 32-28 0-2', Color.BLACK, "second"),
        ('[GameType "20"]\n[Result "1-1"]\n1. 32-28 1-1', None, "draw"),
        ('[Result "1/2-1/2"]\n1. 11-15 1/2-1/2', None, "draw"),
        ("1. 11-15 *", None, None),
    ],
)
def test_results_and_who_won(text: str, winner: Color | None, outcome: str | None) -> None:
    game = read_one(text)
    assert game.errors == []
    assert game.winner() is winner
    assert game.outcome() == outcome


# --- rules ---------------------------------------------------------------------------------


def test_gametype_forms_rules_tag_and_unsupported_variants() -> None:
    german, full, playok, canadian = games_of("rules_tag.pdn")
    expected = find_rules("german").with_switches(["huffing=on", "quiet-plies=60"])
    assert german.rules == expected and german.errors == []
    assert full.rules == find_rules("international") and full.errors == []
    assert playok.rules == find_rules("international") and playok.errors == []
    assert [e.message for e in canadian.errors] == [
        "GameType 27 (Canadian draughts) is not a rule set Dame plays"
    ]
    assert (canadian.errors[0].line, canadian.errors[0].column) == (18, 1)


def test_russian_algebraic_with_and_without_gametype() -> None:
    tagged, guessed = games_of("russian.pdn")
    assert tagged.errors == [] and guessed.errors == []
    assert tagged.rules == find_rules("russian") and guessed.rules.algebraic
    assert len(list(tagged.mainline())) == 10
    end = tagged.end().position()
    assert end.fen() == "W:W21,24,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,23"


def test_caller_default_rules_and_the_guesses_without_one() -> None:
    game = read_one('[FEN "W:W10:B1"]\n*', default_rules=find_rules("czech"))
    assert game.rules == find_rules("czech")
    # without a default: numeric 8x8 is English (PDN 2.0, OCA, CheckerBoard write no GameType)
    assert read_one('[FEN "W:W10:B1"]\n*').rules == find_rules("english")
    assert read_one("1. 22-18 *").rules == find_rules("german")  # White opens from 21-32
    assert read_one('[Event "nothing else"]\n*').rules == find_rules("german")
    assert read_one("1. 32-28 19-23 *").rules == find_rules("international")
    assert read_one("1. c3-d4 f6-g5 *").rules == find_rules("russian")


# --- errors --------------------------------------------------------------------------------


def test_ambiguous_short_capture_is_an_error_unless_the_path_settles_it() -> None:
    ambiguous, settled, illegal, after = games_of("ambiguous.pdn")
    assert len(ambiguous.errors) == 1
    error = ambiguous.errors[0]
    assert (error.line, error.column) == (5, 4)
    assert "ambiguous capture 10x26" in error.message
    assert "B:W14,15,18,21,22,23,30:B6,7,8,10,12,13" in error.message
    assert "10x17x26" in error.message and "10x19x26" in error.message
    assert settled.errors == []
    move = settled.variations[0].move
    assert move.path == (10, 19, 26) and move.captured == (15, 23)


def test_ambiguous_short_capture_settled_by_the_moves_that_follow() -> None:
    follows, neither = games_of("lookahead.pdn")
    assert follows.errors == []
    move = follows.variations[0].move
    assert move.path == (10, 17, 26) and move.captured == (14, 22)
    assert mainline_texts(follows) == ["10x17x26", "18-14"]
    side = follows.variations[1]  # the side line keeps its own, written-out capture
    assert side.move.path == (10, 19, 26)
    # 22-17 is legal after neither route: the capture stays ambiguous and is reported
    assert len(neither.errors) == 1
    assert neither.errors[0].message.startswith("ambiguous capture 10x26")


def test_illegal_move_names_the_move_and_the_position_and_the_file_goes_on() -> None:
    _ambiguous, _settled, illegal, after = games_of("ambiguous.pdn")
    assert len(illegal.errors) == 1
    error = illegal.errors[0]
    assert error.message.startswith("illegal move 15-20 in position B:W19,21,22,24")
    assert (error.line, error.column) == (14, 19)
    assert mainline_texts(illegal) == ["11-15", "23-19"]  # the moves before are kept
    assert illegal.headers["Event"] == "Illegal move"
    assert after.errors == [] and after.outcome() == "draw"


def test_unclosed_comment_and_stray_closing_parenthesis_are_reported() -> None:
    game = read_one("1. 11-15 ) 23-19 {never closed\n")
    messages = [e.message for e in game.errors]
    assert "')' without a matching '('" in messages
    assert "comment '{' is never closed" in messages
    assert mainline_texts(game) == ["11-15", "23-19"]


def test_nested_comment_is_an_error() -> None:
    game = read_one('[GameType "20"]\n1. 32-28 {a {nested} comment} 19-23 *')
    assert [e.message for e in game.errors] == ["unexpected text 'comment'", "unexpected text '}'"]


def test_bad_fen_is_an_error_and_the_game_has_no_moves() -> None:
    game = read_one('[GameType "21"]\n[FEN "B:W99:B1"]\n1. 1-5 *')
    assert len(game.errors) == 1 and "99" in game.errors[0].message
    assert game.variations == []


# --- visitors, headers only, skipping ------------------------------------------------------


def test_read_headers_and_skip_game() -> None:
    with open_pdn(DATA / "ambiguous.pdn") as handle:
        headers = read_headers(handle)
        assert headers is not None and headers["Event"] == "Ambiguous short capture"
        assert skip_game(handle) is True
        headers = read_headers(handle)
        assert headers is not None and headers["Event"] == "Illegal move"
        assert skip_game(handle) is True
        assert skip_game(handle) is False
        assert read_headers(handle) is None


def test_a_custom_visitor_sees_every_move() -> None:
    class Count(BaseVisitor[int]):
        def __init__(self) -> None:
            self.moves = 0

        def visit_move(self, raw: object, state: object) -> None:
            self.moves += 1

        def result(self) -> int:
            return self.moves

    with open_pdn(DATA / "annotated.pdn") as handle:
        assert read_game(handle, Count) == 14 + 4  # main line plus the side lines


def test_positions_along_the_main_line_match_the_core() -> None:
    game = games_of("crlf_bom.pdn")[0]
    pos = Position.start(find_rules("english"))
    for node in game.mainline():
        pos = pos.play(pos.parse_move(node.move.full_text()))
        assert node.position() == pos


def test_binary_handles_are_decoded_line_by_line() -> None:
    with open(DATA / "cp1252.pdn", "rb") as handle:
        game = read_game(handle)
    assert isinstance(game, Game) and game.headers["Black"] == "Müller, Zoë"
    with open(DATA / "crlf_bom.pdn", "rb") as handle:
        game = read_game(handle)
    assert isinstance(game, Game) and game.headers["Event"] == "CRLF and BOM"
    assert game.errors == [] and len(list(game.mainline())) == 14


def test_comment_between_games_and_header_only_games() -> None:
    text = (
        '[Event "a"]\n1. 11-15 1-0 {after the result}\n\n[Event "b"]\n1. 9-13 *\n'
        '[Event "c"]\n[Event "d"]\n1. 11-16 *'
    )
    handle = io.StringIO(text)
    games = []
    while (game := read_game(handle)) is not None:
        assert isinstance(game, Game) and game.errors == []
        games.append(game)
    assert [g.headers["Event"] for g in games] == ["a", "b", "c", "d"]
    assert games[1].comment == "after the result"  # no game made of a lone comment
    assert games[2].variations == []  # a repeated tag starts a new game


def test_offsets_from_tell_allow_seeking_back_to_a_game() -> None:
    with open_pdn(DATA / "ambiguous.pdn") as handle:
        offsets = []
        while True:
            offset = handle.tell()
            headers = read_headers(handle)
            if headers is None:
                break
            offsets.append((offset, headers["Event"]))
        assert [event for _o, event in offsets][2] == "Illegal move"
        handle.seek(offsets[2][0])
        game = read_game(handle)
    assert isinstance(game, Game) and game.headers["Event"] == "Illegal move"
    assert game.errors[0].message.startswith("illegal move 15-20")


def test_percent_escapes_only_in_the_first_column_and_semicolon_comments_anywhere() -> None:
    game = read_one("%escape line\n1. 11-15 ; rest of line\n% another escape\n23-19 50% *")
    assert mainline_texts(game) == ["11-15", "23-19"]
    assert game.variations[0].comment == "rest of line"
    assert [e.message for e in game.errors] == ["unexpected text '50%'"]


def test_line_numbers_after_a_multi_line_comment_in_the_previous_game() -> None:
    import io

    from dame_desktop.pdn import iter_games

    text = (
        '[Event "one"]\n[GameType "21"]\n1. 11-15 {a comment\nthat goes on\n'
        'and on} 23-19 1-0\n[Event "two"]\n[GameType "21"]\n1. 11-15 23-19\n'
        "2. 8-11 22-17\n3. 1-5 *\n"
    )
    games = list(iter_games(io.StringIO(text)))
    assert [(e.line, e.column) for e in games[1].errors] == [(10, 4)]
