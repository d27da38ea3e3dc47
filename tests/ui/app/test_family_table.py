"""The family table's last pieces in the real window: the computer blowing a
piece away, clocks that stand still while the live game is not shown, the computer's draw
offers and answers from its evaluation history, squares named as the notation preference
says.  Real widgets, real mouse events, ``QAction.trigger()``; the engine thread runs."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from dame_desktop.core import Color, HuffChoice, Position, find_rules
from dame_desktop.ui.app.main_window import MainWindow
from tests.ui.uihelp import drag, settings

# Light misses 22x15 with 30-26; blowing the man on 22 away is Dark's best at any depth
BLOW_FEN = "W:W22,27,29,30:B18,12,1,2"


def _huffing():
    return dataclasses.replace(find_rules("german"), huffing=True)


def _pixel(window: MainWindow, square: int, dx: float, dy: float) -> QColor:
    board = window.board
    image = board.grab().toImage()
    ratio = image.devicePixelRatio()
    centre = board.square_center(square)
    cell = board.square_rect(square).width()
    at = QPoint(int((centre.x() + dx * cell) * ratio), int((centre.y() + dy * cell) * ratio))
    return image.pixelColor(at)


def test_the_computer_blowing_a_piece_is_said_on_the_board_and_marked(
    window: MainWindow, qtbot
) -> None:
    rules = _huffing()
    # Beginner plays a random reply after its blow; seeded, it plays the same one every run
    # (a reply onto 22 would cover the faint blown piece this test looks for)
    window.play.rng.seed(1)
    window.play.start_game(
        settings(rules=rules, computer=True, colour=Color.WHITE),
        start=Position.from_fen(BLOW_FEN, rules),
    )
    board, game = window.board, window.controller.game
    empty = _pixel(window, 23, 0.0, 0.3)  # an empty dark square, off the cross's lines
    with qtbot.waitSignal(window.controller.huff_decided, timeout=15000) as blocker:
        drag(board, 30, 26)  # ignores 22x15
    assert blocker.args == [HuffChoice.BLOW, 22]
    said = "Dame (Beginner) blew away the piece on 22: it should have captured."
    assert board.banner_text() == said
    # the computer moves at once after its blow: the mark and the message stay
    qtbot.waitUntil(lambda: len(game.moves) == 2, timeout=15000)
    assert game.position.piece_at(22) is None, f"the reply was {game.moves[1]}"
    assert board.banner_text() == said, "the message stays for a few seconds"
    assert board.blown_square() == 22, "the blown piece is marked where it stood"
    ghost = _pixel(window, 22, 0.0, 0.3)
    assert ghost != empty, "the blown piece is drawn faintly on its square"
    # a few seconds later the message goes; the human's next move takes the mark away
    qtbot.waitUntil(lambda: board.banner_text() == "", timeout=10000)
    move = sorted(window.live.playable(), key=lambda m: m.path)[0]
    drag(board, move.from_sq, move.to_sq)
    qtbot.waitUntil(lambda: len(game.moves) >= 3, timeout=5000)
    assert board.blown_square() is None


# -- the clocks stand still while the live game is not shown --------------------------------


def _clocked_hot_seat(window: MainWindow, seconds: int = 300) -> None:
    from dame_desktop.core import TimeControl

    window.clocks.set_time_controls(TimeControl(seconds=seconds))
    window.play.start_game(dataclasses.replace(settings(), light_name="Anna", dark_name="Paul"))


def _stands_still(window: MainWindow, qtbot, colour: Color) -> bool:
    panel = window.clocks.panel
    before = panel.remaining(colour)
    qtbot.wait(300)
    return panel.remaining(colour) == before


def test_the_clock_stands_still_while_an_earlier_position_is_shown(
    window: MainWindow, qtbot
) -> None:
    _clocked_hot_seat(window)
    drag(window.board, 22, 18)
    drag(window.board, 9, 13)
    panel, clock = window.clocks.panel, window.clocks.panel.clock
    assert clock is not None and clock.running is Color.WHITE
    assert not _stands_still(window, qtbot, Color.WHITE)
    window.action("prev").trigger()  # Anna looks back at the position before Paul's move
    assert not window.live.is_live()
    assert clock.paused and clock.running is None
    assert _stands_still(window, qtbot, Color.WHITE)
    assert "another position" in panel.state_label.text()
    window.action("last").trigger()  # back at the board's present: Anna's time runs again
    assert window.live.is_live()
    assert clock.running is Color.WHITE
    assert not _stands_still(window, qtbot, Color.WHITE)
    # the players' own pause and a look back are two reasons: both must be lifted
    panel.pause_action.trigger()
    window.action("first").trigger()
    window.action("last").trigger()
    assert clock.paused, "the players' pause is theirs to lift"
    panel.pause_action.trigger()
    assert clock.running is Color.WHITE


def test_the_clock_stands_still_while_a_files_game_is_studied(
    window: MainWindow, qtbot, tmp_path
) -> None:
    path = tmp_path / "partie.pdn"
    path.write_text(
        '[Event "Club"]\n[GameType "21"]\n[Result "*"]\n\n1. 32-28 19-23 *\n', encoding="utf-8"
    )
    _clocked_hot_seat(window, seconds=2)
    drag(window.board, 22, 18)
    clock = window.clocks.panel.clock
    assert clock is not None and clock.running is Color.BLACK
    assert window.document.open_path(path)
    assert window.studying()
    assert clock.paused
    # Paul's two seconds would be gone by now: the live game must not end on time
    qtbot.wait(2500)
    assert not window.controller.game.is_over
    assert window.clocks.panel.remaining(Color.BLACK) > 1.0


# -- draw offers: every case of the "Fair draw offers", through Game › Offer draw ----

# two kings each: no side can make progress, the engine's score stays near zero
KINGS_FEN = "W:WK24,K6:BK29,K7"


def _offer(window: MainWindow, qtbot) -> str:
    with qtbot.waitSignal(window.controller.draw_replied, timeout=15000):
        window.action("draw").trigger()
    return window.last_message


def _computer_game(window: MainWindow, fen: str, level: str = "beginner", seed: int = 0) -> None:
    import random

    window.play.rng = random.Random(seed)  # the beginner's noisy choices, reproducibly
    rules = find_rules("german")
    window.play.start_game(
        settings(rules=rules, computer=True, colour=Color.WHITE, level=level),
        start=Position.from_fen(fen, rules),
    )


def _play_quietly(window: MainWindow, qtbot, rounds: int) -> None:
    """Light (the human) plays ``rounds`` moves by mouse that give nothing away; after each
    the computer answers and judges the position (its steady score arrives)."""
    game = window.controller.game
    for _ in range(rounds):
        qtbot.waitUntil(lambda: bool(window.live.playable()), timeout=15000)
        safe = [m for m in window.live.playable() if not game.position.play(m).has_capture()]
        move = sorted(safe, key=lambda m: m.path)[0]
        kept = len(window.family.scores)
        drag(window.board, move.from_sq, move.to_sq)
        qtbot.waitUntil(lambda kept=kept: len(window.family.scores) > kept, timeout=15000)
        assert not game.is_over


def test_a_fresh_equal_ending_is_declined_as_undecided(window: MainWindow, qtbot) -> None:
    _computer_game(window, KINGS_FEN)
    assert _offer(window, qtbot) == "No thanks, nothing is decided yet."
    assert not window.controller.game.is_over


def test_a_long_stable_equal_evaluation_is_accepted(window: MainWindow, qtbot) -> None:
    _computer_game(window, KINGS_FEN)
    _play_quietly(window, qtbot, 4)  # the Beginner's four equal scores in a row
    assert window.family.scores.recent(window.controller.game), "the history is kept"
    text = _offer(window, qtbot)
    assert text.startswith("Agreed: we have been going round in circles for a while."), text
    result = window.controller.game.result
    assert result is not None and result.winner is None


def test_the_computer_offers_a_draw_after_a_long_equal_stretch(window: MainWindow, qtbot) -> None:
    from PySide6.QtWidgets import QMessageBox

    _computer_game(window, KINGS_FEN)
    _play_quietly(window, qtbot, 7)
    assert window.family.draw_box is None, "not before twice the Beginner's four scores"
    _play_quietly(window, qtbot, 1)
    qtbot.waitUntil(lambda: window.family.draw_box is not None, timeout=5000)
    box = window.family.draw_box
    assert box is not None and "Dame (Beginner) offers a draw" in box.text()
    box.button(QMessageBox.StandardButton.Yes).click()
    result = window.controller.game.result
    assert result is not None and result.winner is None


def test_the_computer_declines_when_it_stands_better(window: MainWindow, qtbot) -> None:
    _computer_game(window, "W:W21,22,23:B1,2,3,4")
    assert _offer(window, qtbot) == "No thanks, I think I stand better."
    assert not window.controller.game.is_over


def test_the_beginner_accepts_a_disadvantage_the_master_plays_on(window: MainWindow, qtbot) -> None:
    worse = "W:W6,7,10:B4,24,26"  # the computer is about half a man worse
    _computer_game(window, worse, level="master")
    assert _offer(window, qtbot) == "No thanks, nothing is decided yet."
    assert not window.controller.game.is_over
    _computer_game(window, worse, level="beginner")
    assert _offer(window, qtbot).startswith("Yes, I accept: I stand worse.")
    assert window.controller.game.is_over


def test_no_draw_to_offer_when_the_game_is_over(window: MainWindow) -> None:
    _computer_game(window, "W:W21,22,23:B1,2,3,4")
    window.controller.resign(Color.WHITE)
    assert not window.action("draw").isEnabled()


# -- every square a message names follows the notation preference ---------------------------


def _coordinates(window: MainWindow, notation: str = "coordinates") -> None:
    from dame_desktop.store.settings import Preferences

    window.apply_preferences(Preferences(notation=notation))  # type: ignore[arg-type]


def test_refusals_name_the_square_as_the_notation_says(window: MainWindow, qtbot) -> None:
    from dame_desktop.core import Move
    from dame_desktop.ui.app.i18n import LanguageManager
    from tests.ui.uihelp import click

    rules = dataclasses.replace(find_rules("german"), touch_move=True)
    languages = LanguageManager()
    try:
        for language, touched in (
            ("en", "Touch-move rule: you touched the piece on c3"),
            ("de", "Regel „Berührt – geführt“: Du hast den Stein auf c3 berührt"),
        ):
            languages.set_language(language)
            window.play.start_game(settings(rules=rules))
            _coordinates(window)
            click(window.board, 22)  # touched
            click(window.board, 23)  # another piece: refused, said over the board
            assert window.board.banner_text().startswith(touched), window.board.banner_text()
            # a move the game refuses (not through the board) is worded the same way
            errors: list[str] = []
            window.controller.error.connect(errors.append)
            other = next(
                m for m in window.controller.game.position.legal_moves() if m.from_sq == 23
            )
            assert isinstance(other, Move)
            window.controller.submit_move(other)
            assert errors and errors[0].startswith(touched), errors
            window.controller.error.disconnect(errors.append)
    finally:
        languages.set_language("en")


def test_the_hint_and_the_position_text_follow_the_notation(window: MainWindow, qtbot) -> None:
    window.play.start_game(settings())
    _coordinates(window)
    with qtbot.waitSignal(window.hints.hint_ready, timeout=15000):
        window.action("hint").trigger()
    hint = window.last_message
    assert hint.startswith("Hint: ") and hint[6] in "abcdefgh", hint
    described = window.board.accessibleDescription()
    assert "c3" in described and "Light" in described, described
    _coordinates(window, "numbers")
    window.action("last").trigger()
    drag(window.board, 22, 18)
    described = window.board.accessibleDescription()
    assert "18" in described and "d4" not in described, described


def test_the_continue_box_lists_the_moves_in_the_notation() -> None:
    from dame_desktop.core import Game
    from dame_desktop.ui.app.session import moves_listing
    from dame_desktop.ui.words.notation import Notation

    rules = _huffing()
    game = Game(rules, Position.from_fen(BLOW_FEN, rules))
    game.play(next(m for m in game.legal_moves() if (m.from_sq, m.to_sq) == (30, 26)))
    game.huff(HuffChoice.BLOW, 22)
    assert moves_listing(game) == "1. 30-26 (blown: 22)"
    assert moves_listing(game, Notation.COORDINATES) == "1. c1-d2 (blown: c3)"


# -- one naming of the sides: the rule set's ------------------------------------------------


def test_dialogs_name_the_sides_as_the_rules_do(window: MainWindow, qtbot) -> None:
    from PySide6.QtWidgets import QComboBox, QLabel

    from dame_desktop.store.settings import Preferences
    from dame_desktop.ui.dialogs.help import rules_sections
    from dame_desktop.ui.dialogs.new_game import NewGameDialog
    from dame_desktop.ui.dialogs.preferences import PreferencesDialog
    from dame_desktop.ui.dialogs.rules import RulesDialog

    english, german = find_rules("english"), find_rules("german")
    dialog = NewGameDialog(english, None, window)
    qtbot.addWidget(dialog)
    assert (dialog.light_radio.text(), dialog.dark_radio.text()) == ("White", "Black")
    row = dialog.colour_group.layout()
    assert row is not None
    assert row.indexOf(dialog.dark_radio) < row.indexOf(dialog.light_radio), (
        "Black moves first in English checkers, so it is named first"
    )
    label = dialog.form.labelForField(dialog.dark_name)
    assert isinstance(label, QLabel) and label.text() == "Black player:"
    dialog.set_rules(german)  # another rule set in the same dialog: named again
    assert (dialog.light_radio.text(), dialog.dark_radio.text()) == ("Light", "Dark")
    assert dialog.light_name.placeholderText() == "Light"

    prefs = PreferencesDialog(Preferences(rules="english"), window)
    qtbot.addWidget(prefs)
    assert [prefs.colour_box.itemText(i) for i in range(2)] == ["White", "Black"]

    rules_dialog = RulesDialog(english, window)
    qtbot.addWidget(rules_dialog)
    first = rules_dialog._editors["first"]
    assert isinstance(first, QComboBox)
    assert sorted(first.itemText(i) for i in range(first.count())) == ["Black", "White"]
    text = " ".join(s for _, lines in rules_sections(english) for s in lines)
    assert "Black moves first" in text and "as White sees the board" in text

    # the keyboard cursor names a piece by its side under the rules
    from dame_desktop.ui.board.keyboard import square_text

    position = Position.from_fen("B:W21:BK5", english)
    assert square_text(position, 5, "x").endswith("Black king")
    assert square_text(Position.from_fen("W:W21:B5", german), 21, "x").endswith("Light man")


# -- what the screenshots showed ------------------------------------------------------------


def test_the_players_pause_is_at_the_clocks_and_in_the_game_menu(window: MainWindow, qtbot) -> None:
    from PySide6.QtTest import QTest

    _clocked_hot_seat(window)
    panel, clock = window.clocks.panel, window.clocks.panel.clock
    assert clock is not None
    button = panel.pause_button
    assert button.isVisibleTo(window) and button.isEnabled()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert clock.paused and window.action("pauseClocks").isChecked()
    window.action("pauseClocks").trigger()
    assert not clock.paused and not panel.pause_action.isChecked()
    window.action("resign").trigger()
    assert not window.action("pauseClocks").isEnabled(), "nothing to pause after the end"


def test_the_clocks_grow_with_the_window(window: MainWindow, qtbot) -> None:
    _clocked_hot_seat(window)
    face = window.clocks.panel.face(Color.WHITE)
    window.resize(800, 600)
    qtbot.wait(100)
    small = face.time_label.font().pixelSize()
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: face.time_label.font().pixelSize() > small, timeout=3000)


def test_a_new_game_does_not_keep_the_last_games_end_in_the_status_bar(window: MainWindow) -> None:
    window.play.start_game(dataclasses.replace(settings(), light_name="Anna", dark_name="Paul"))
    window.action("resign").trigger()
    if window.play.over_box is not None:
        window.play.over_box.close()
    assert "resigned" in window.statusBar().currentMessage()
    window.play.start_game(settings())
    assert "resigned" not in window.statusBar().currentMessage()
