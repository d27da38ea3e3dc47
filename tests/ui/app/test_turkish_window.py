"""Turkish draughts in the window: offered by the rules dialog, played by a drag on all 64
squares against the computer, moves named by their squares."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import find_rules
from dame_desktop.core.geometry import geometry_of
from dame_desktop.ui.dialogs.rules import RulesDialog
from tests.ui.uihelp import drag, start

TURKISH = find_rules("turkish")


def square(name: str) -> int:
    geo = geometry_of(TURKISH)
    return next(sq for sq in range(1, geo.squares + 1) if geo.sq_name(sq) == name)


def test_the_rules_dialog_offers_turkish_and_bashni(qtbot) -> None:
    dialog = RulesDialog(find_rules("german"))
    qtbot.addWidget(dialog)
    keys = [dialog.preset_box.itemData(i) for i in range(dialog.preset_box.count())]
    assert "turkish" in keys and "bashni" in keys
    dialog.show()
    dialog.preset_box.setFocus()
    for _ in range(keys.index("turkish") - keys.index("german")):
        QTest.keyClick(dialog.preset_box, Qt.Key.Key_Down)
    assert dialog.preset_box.currentData() == "turkish"
    assert dialog.rules().key == "turkish"


def test_a_turkish_game_against_the_computer_by_a_drag(window, qtbot) -> None:
    start(window, computer=True, rules=TURKISH)
    game = window.controller.game
    assert len(window.board.moves()) == 8  # White's men on the third row step forward
    with qtbot.waitSignal(
        window.controller.turn_started,
        timeout=60_000,
        check_params_cb=lambda info: info.human and len(game.moves) == 2,
    ):
        drag(window.board, square("a3"), square("a4"))
    first = game.moves[0]
    assert (first.from_sq, first.to_sq) == (square("a3"), square("a4"))
    # the reply is a legal Turkish move and the board offers only the legal moves now
    assert set(window.board.moves()) == set(game.position.legal_moves())
    assert game.position.move_text(first, algebraic=True) == "a3-a4"
