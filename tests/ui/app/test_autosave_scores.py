"""The computer's steady scores (what its draw answers rest on) survive a restart: a game
against the computer is played by clicks, the program is closed, and the next start
continues the game with the same scores for the same positions."""

from __future__ import annotations

from dame_desktop.store.autosave import load_autosave
from dame_desktop.store.settings import LevelKey, Preferences, save_preferences
from tests.ui.app.test_session import answer_box, start_program  # noqa: F401
from tests.ui.uihelp import click


def _play_human_move(window) -> None:
    game = window.controller.game
    move = next((m for m in game.legal_moves() if not m.is_capture), game.legal_moves()[0])
    click(window.board, move.from_sq)
    for square in move.path[1:]:
        click(window.board, square)


def test_the_computers_scores_come_back_with_the_game(start_program, tmp_path, qtbot):  # noqa: F811
    save_preferences(
        Preferences(
            language="en",
            opponent="computer",
            level=LevelKey("beginner"),
            human_color="light",
            animate=False,
        ),
        tmp_path,
    )
    _session, window = start_program()
    (human,) = window.controller.humans()
    for _ in range(3):
        qtbot.waitUntil(
            lambda: (
                window.controller.game.position.turn is human
                and not window.controller.is_thinking()
            ),
            timeout=30_000,
        )
        _play_human_move(window)
    qtbot.waitUntil(
        lambda: (
            len(window.controller.game.moves) >= 6
            and len(window.family.scores.line(window.controller.game)) >= 3
        ),
        timeout=30_000,
    )
    game = window.controller.game
    line = window.family.scores.line(game)
    positions = [game.states[index].position for index, _ in line]
    moves = list(game.moves)
    window.close()  # saves the game in progress
    saved = load_autosave()
    assert saved.meta is not None and not saved.meta.problems
    assert saved.meta.player["scored"] == [index for index, _ in line]

    seen: list[str] = []
    answer_box("continueGameBox", "continueButton", seen)
    _session, again = start_program()
    assert seen and list(again.controller.game.moves) == moves
    restored = again.family.scores.line(again.controller.game)
    assert restored == line
    assert [again.controller.game.states[i].position for i, _ in restored] == positions
