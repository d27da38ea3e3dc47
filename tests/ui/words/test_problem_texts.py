"""PDN problems reach the user in the user's language: the PDN layer reports a kind and its
values, :func:`dame_desktop.ui.words.problems.pdn_problem_text` words them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTranslator
from PySide6.QtWidgets import QLabel

from dame_desktop.pdn.problems import PdnProblem, ProblemKind
from dame_desktop.ui.app.i18n import translations_dir
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.words.problems import pdn_problem_text
from tests.ui.uihelp import running_session

# values for every kind (the names the PDN layer's docstring gives)
VALUES: dict[str, str | int] = {
    "text": "hallo",
    "fen": "W:W21:B1",
    "reason": "it is a PNG image",
    "move": "21-17",
    "options": "21x14, 21x12",
    "square": 99,
    "squares": 32,
    "value": "99",
    "number": 7,
    "name": "Italian",
    "size": 12,
    "what": "comment",
    "length": 70000,
    "limit": 65536,
    "count": 5,
    "kind": "unexpected_text",
    "example": "unexpected text 'x'",
    "char": "U+001A",
}
NAMES: dict[ProblemKind, tuple[str, ...]] = {
    ProblemKind.UNEXPECTED_TEXT: ("text",),
    ProblemKind.BAD_SETUP: ("text",),
    ProblemKind.BAD_FEN: ("fen", "reason"),
    ProblemKind.ILLEGAL_MOVE: ("move", "fen"),
    ProblemKind.AMBIGUOUS_MOVE: ("move", "fen", "options"),
    ProblemKind.SQUARE_OFF_BOARD: ("square", "move", "squares"),
    ProblemKind.NOT_A_PLAYING_SQUARE: ("square", "move"),
    ProblemKind.UNREADABLE_MOVE: ("move",),
    ProblemKind.UNKNOWN_MOVE: ("text",),
    ProblemKind.BAD_GAMETYPE: ("value",),
    ProblemKind.UNSUPPORTED_VARIANT: ("number", "name"),
    ProblemKind.UNSUPPORTED_BOARD: ("size",),
    ProblemKind.BAD_RULES_TAG: ("value", "reason"),
    ProblemKind.TOKEN_TOO_LONG: ("what", "length", "limit"),
    ProblemKind.TOO_MANY_PROBLEMS: ("count", "kind", "example"),
    ProblemKind.INTERNAL_ERROR: ("reason",),
    ProblemKind.NOT_PDN: ("reason",),
    ProblemKind.CONTROL_CHARACTER: ("char", "what"),
}


def problem(kind: ProblemKind) -> PdnProblem:
    values = tuple((name, VALUES[name]) for name in NAMES.get(kind, ()))
    return PdnProblem("an English message", 3, 4, kind, values)


@pytest.fixture
def english_texts(qapp) -> dict[ProblemKind, str]:
    """Every kind's text with no translator installed (the source texts)."""
    return {kind: pdn_problem_text(problem(kind)) for kind in ProblemKind}


@pytest.fixture
def german(english_texts) -> Iterator[None]:
    translator = QTranslator()
    assert translator.load(QLocale("de"), "dame", "_", str(translations_dir()))
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


def test_every_kind_has_a_german_text(english_texts, german) -> None:
    for kind in ProblemKind:
        text = pdn_problem_text(problem(kind))
        assert text, kind
        if kind is ProblemKind.OTHER:  # no kind: the message as the older code made it
            assert text == "an English message"
            continue
        assert text != english_texts[kind], kind
        for name in NAMES.get(kind, ()):
            if name in ("kind", "example", "name", "reason", "what") or (
                name == "fen" and kind is not ProblemKind.BAD_FEN
            ):
                continue  # words, translated or left out
            assert str(VALUES[name]) in text, (kind, name, text)
    assert pdn_problem_text(problem(ProblemKind.UNEXPECTED_TEXT)) == "unerwarteter Text 'hallo'"
    assert pdn_problem_text(problem(ProblemKind.NOT_PDN)) == (
        "das ist keine PDN-Datei: es ist ein PNG-Bild"
    )
    assert "Kommentar" in pdn_problem_text(problem(ProblemKind.TOKEN_TOO_LONG))


def test_the_english_texts_name_the_values(qapp) -> None:
    assert pdn_problem_text(problem(ProblemKind.UNEXPECTED_TEXT)) == "unexpected text 'hallo'"
    assert pdn_problem_text(problem(ProblemKind.SQUARE_OFF_BOARD)) == (
        "square 99 in move 21-17 is not on the board (1-32)"
    )
    # a value holding a placeholder is not filled again
    tricky = PdnProblem("x", 1, 1, ProblemKind.ILLEGAL_MOVE, (("move", "%2"), ("fen", "W:W1:B2")))
    assert (
        pdn_problem_text(tricky)
        == "the move %2 is not possible in the position reached here (White to move)"
    )


def test_a_move_problem_is_a_sentence_without_the_raw_fen(qapp) -> None:
    fen = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    illegal = PdnProblem("x", 1, 1, ProblemKind.ILLEGAL_MOVE, (("move", "17-99"), ("fen", fen)))
    text = pdn_problem_text(illegal)
    assert text == "the move 17-99 is not possible in the position reached here (Black to move)"
    assert "W21" not in text and ":" not in text.split("(")[0]
    ambiguous = PdnProblem(
        "x",
        1,
        1,
        ProblemKind.AMBIGUOUS_MOVE,
        (("move", "15x24"), ("fen", fen), ("options", "15x22x31, 15x24x31")),
    )
    assert "W21" not in pdn_problem_text(ambiguous)


@pytest.fixture
def german_window(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    yield from running_session(qtbot, tmp_path / "config", monkeypatch, "de")


GOOD = '[Event "gut"]\n[Result "*"]\n\n1. 11-15 22-18 *\n'


def test_the_german_window_shows_pdn_problems_in_german(german_window, tmp_path) -> None:
    _s, win = german_window
    assert win.action("new").text() == "&Neue Partie…"
    path = tmp_path / "kaputt.pdn"
    path.write_text(
        GOOD + '\n[Event "hallo"]\n\n1. 11-15 hallo 22-18 *\n\n'
        '[Event "offen"]\n\n1. 11-15 {nie zu *\n',
        "utf-8",
    )
    files = win.document
    assert files.open_path(path)
    dialog = files.problems_dialog
    assert dialog is not None and dialog.isVisible()
    rows = [dialog.table.item(r, 2).text() for r in range(dialog.table.rowCount())]
    assert "unerwarteter Text 'hallo'" in rows
    assert "Kommentar '{' wird nie geschlossen" in rows
    assert all("unexpected" not in row and "never" not in row for row in rows)
    assert files.list_dialog is not None
    files.list_dialog.select_row(1)
    files.list_dialog.accept()  # the status line names the first problem of game 2
    assert win.statusBar().currentMessage() == ("Partie 2 hat Fehler: unerwarteter Text 'hallo'")


def test_the_german_window_says_a_picture_is_not_pdn(german_window, tmp_path) -> None:
    _s, win = german_window
    path = tmp_path / "bild.pdn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    files = win.document
    assert not files.open_path(path)
    box = files.open_error
    assert box is not None
    assert "keine PDN-Datei" in box.text() and "not" not in box.text()


def test_a_file_with_a_binary_part_says_so_in_german(german_window, tmp_path) -> None:
    _s, win = german_window
    path: Path = tmp_path / "teils.pdn"
    # a picture pasted between text games (few control bytes: the file as a whole is text)
    path.write_bytes(
        GOOD.encode()
        + b"\n\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\n\n"
        + (GOOD + "\n").encode() * 30
    )
    files = win.document
    assert files.open_path(path)
    dialog = files.problems_dialog
    assert dialog is not None
    rows = [dialog.table.item(r, 2).text() for r in range(dialog.table.rowCount())]
    assert rows == ["das ist keine PDN-Datei: es ist ein PNG-Bild"]


def mixed_file(path: Path) -> Path:
    """Text games, one game with tags and only problems, one picture slice: 33 games listed,
    31 of them readable (the file where the game list said 33 and the problems 31)."""
    games = (GOOD + "\n") * 15
    path.write_bytes(
        games.encode()
        + b'[Event "nur Fehler"]\n\nhallo welt *\n\n'
        + b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\n\n"
        + games.encode()
        + b'[Event "leer"]\n\n*\n'
    )
    return path


def count_texts(files) -> tuple[str, str]:
    assert files.list_dialog is not None and files.problems_dialog is not None
    intro = files.problems_dialog.findChildren(QLabel)[0].text()
    return files.list_dialog.count_label.text(), intro


def test_game_list_and_problem_dialog_count_the_same_games(window, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path / "config"))
    files = window.document
    assert files.open_path(mixed_file(tmp_path / "mixed.pdn"))
    listed, intro = count_texts(files)
    assert files.list_dialog.model.rowCount() == 33
    assert listed == "33 of 33 games (31 of them can be read)"
    assert "31 of 33 games can be read" in intro
    model = files.list_dialog.model
    tips = [
        model.data(model.index(row, 1), Qt.ItemDataRole.ToolTipRole)
        for row in range(model.rowCount())
    ]
    assert [row for row, tip in enumerate(tips) if tip] == [15, 16]  # games 16 and 17
    assert tips[15] == "This game cannot be read: see Problems in this file"
    files.list_dialog.select_row(0)
    files.list_dialog.accept()
    assert files.readable_games() == 31


def test_the_counts_agree_after_checking_a_big_file(window, qtbot, tmp_path, monkeypatch) -> None:
    """A big file is not read whole on opening; File > Check every game finds the unreadable
    games, and the list shown afterwards counts them as the problem dialog does."""
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr("dame_desktop.ui.app.document.FULL_CHECK_LIMIT", 5)
    files = window.document
    assert files.open_path(mixed_file(tmp_path / "big.pdn"))
    assert files.problems_dialog is None  # nothing known yet
    files.list_dialog.select_row(0)
    files.list_dialog.accept()
    window.action("check").trigger()
    qtbot.waitUntil(
        lambda: files.problems_dialog is not None and files.problems_dialog.isVisible(),
        timeout=10000,
    )
    window.action("gameList").trigger()
    listed, intro = count_texts(files)
    assert listed == "33 of 33 games (31 of them can be read)"
    assert "31 of 33 games can be read" in intro
