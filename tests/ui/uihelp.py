"""Helpers for the window tests: start a game, click and drag on the board with real events."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dame_desktop.core import Color, Position, RuleSet, find_rules
from dame_desktop.store.settings import Language, Preferences, save_preferences
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.dialogs.new_game import NewGameSettings


def settings(
    rules: RuleSet | None = None,
    computer: bool = False,
    colour: Color = Color.WHITE,
    level: str = "beginner",
) -> NewGameSettings:
    return NewGameSettings(
        against_computer=computer,
        level_key=level,
        colour=colour,
        rules=rules or find_rules("german"),
        light_name="",
        dark_name="",
    )


def start(win: MainWindow, fen: str | None = None, **kwargs: object) -> None:
    s = settings(**kwargs)  # type: ignore[arg-type]
    position = Position.from_fen(fen, s.rules) if fen else None
    win.play.start_game(s, start=position)


def point(board: BoardWidget, sq: int) -> QPoint:
    return board.square_center(sq).toPoint()


def click(board: BoardWidget, sq: int) -> None:
    QTest.mouseClick(
        board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point(board, sq)
    )


def drag(board: BoardWidget, a: int, b: int, steps: int = 6) -> None:
    """Press on square a, move in steps with the button held, release on square b."""
    pa, pb = board.square_center(a), board.square_center(b)
    QTest.mousePress(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pa.toPoint())
    for i in range(1, steps + 1):
        p = pa + (pb - pa) * (i / steps)
        QTest.mouseMove(board, p.toPoint())
    QTest.mouseRelease(
        board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pb.toPoint()
    )


def running_session(
    qtbot, config: Path, monkeypatch, language: Language
) -> Iterator[tuple[Session, MainWindow]]:
    """The program as it starts, in ``language``, with its files in ``config``; English
    again afterwards."""
    monkeypatch.setenv("DAME_CONFIG_DIR", str(config))
    save_preferences(Preferences(language=language, opponent="human", animate=False))
    s = Session()
    win = MainWindow(start_game=False)
    qtbot.addWidget(win)
    s.attach(win)
    win.show()
    s.begin()
    yield s, win
    s.languages.set_language("en")  # other tests expect the English source texts
    QApplication.processEvents()
    win.shutdown()
